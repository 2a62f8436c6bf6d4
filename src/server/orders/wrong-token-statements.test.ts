import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { insertTestOrder } from '@tests/helpers/orders';
import { openTestPglite, request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';
import { findOrderForToken } from './service';

/**
 * A wrong token must not tell whether an order number exists (the numbers are sequential, so an
 * existing one dates an order). Before the fix a wrong token for an existing order cost one more
 * database statement, about 1,7 ms at the median. What makes the two alike is the work, so that
 * is what these tests compare: the same statements, in the same order, with the same answer. The
 * time itself is measured by `node --import tsx bench/wrong-token-timing.ts`, where a figure belongs.
 */

/** Every statement PGlite runs while `work` does, by its text (parameters are not part of it). */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const prototype = PGlite.prototype as unknown as Record<
    'query' | 'exec',
    (text: unknown, ...rest: unknown[]) => unknown
  >;
  const originals = { query: prototype.query, exec: prototype.exec };
  for (const name of ['query', 'exec'] as const)
    prototype[name] = function (this: unknown, text: unknown, ...rest: unknown[]) {
      seen.push(String(text).replace(/\s+/g, ' ').trim());
      return originals[name].call(this, text, ...rest);
    };
  try {
    await work();
  } finally {
    Object.assign(prototype, originals);
  }
  return seen;
}

describe('a wrong token costs the same work for an existing and a missing order', () => {
  let database: Database;
  let existing: string;
  let missing: string;
  beforeAll(async () => {
    database = await openTestPglite();
    existing = (await insertTestOrder(database)).orderNumber;
    missing = `INV-${Number(existing.slice(4)) + 7}`;
  });
  afterAll(() => database.close());

  it('runs the same statements, in the same order, and opens neither', async () => {
    const wrongToken = 'x'.repeat(43);
    const answers: unknown[] = [];
    const forExisting = await statementsOf(async () => {
      answers.push(await findOrderForToken(database, existing, wrongToken));
    });
    const forMissing = await statementsOf(async () => {
      answers.push(await findOrderForToken(database, missing, wrongToken));
    });
    expect(answers).toEqual([undefined, undefined]);
    // The order's row (or the stand-in) and the emailed links' lookup: two statements either way.
    expect(forExisting).toHaveLength(2);
    expect(forMissing).toEqual(forExisting);
  });
});

describe('over HTTP, a wrong token for an existing and a missing order', () => {
  const server = useServer();
  it('gets the same status and the same body', async () => {
    const { orderNumber } = await insertTestOrder(server.database);
    const missingNumber = `INV-${Number(orderNumber.slice(4)) + 7}`;
    const headers = { 'x-order-token': 'x'.repeat(43) };
    const [a, b] = await Promise.all([
      request(server, `/api/orders/${orderNumber}/activity`, { headers }),
      request(server, `/api/orders/${missingNumber}/activity`, { headers }),
    ]);
    expect(a.status).toBe(404);
    expect(b.status).toBe(404);
    expect(a.body).toEqual(b.body);
  });
});
