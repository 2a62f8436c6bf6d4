import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { createPostgresDatabase, openTestPglite, testDatabaseUrl } from '@tests/helpers/server';
import { openPostgres } from '@/server/db/client';
import { takeAllowance } from './throttle';

/** 30 callers at once on a bucket of 10 (grouped into a few statements) and on a bucket of their own. */
async function burst(database: Database) {
  const bucket = `test:burst:${Date.now()}`;
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      Promise.all([
        takeAllowance(database.db, bucket, 1, 10, 3600),
        takeAllowance(database.db, `${bucket}:own:${i}`, 2, 2, 3600),
      ]),
    ),
  );
  return answers;
}

function expectExactAllowance(answers: Awaited<ReturnType<typeof burst>>) {
  const shared = answers.map(([shared]) => shared);
  // The first ten in arrival order get theirs, never more, whatever the grouping.
  expect(shared.map((a) => a.allowed)).toEqual(Array.from({ length: 30 }, (_, i) => i < 10));
  for (const refused of shared.slice(10)) {
    expect(refused.retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
  }
  expect(answers.every(([, own]) => own.allowed && own.retryAfterSeconds === 0)).toBe(true);
}

describe('throttle allowances taken in groups', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestPglite();
  });
  afterAll(() => database.close());

  it('30 at once on an allowance of 10: exactly the first 10 pass, each other bucket is its own', async () => {
    expectExactAllowance(await burst(database));
    // More than the whole allowance is refused without touching the bucket.
    expect(await takeAllowance(database.db, 'test:too-much', 5, 4, 60)).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
    });
  });
});

describe.runIf(testDatabaseUrl)('throttle allowances taken in groups on PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let databases: Database[];
  beforeAll(async () => {
    fresh = await createPostgresDatabase();
    const { migrate } = await import('@/server/db/migrate');
    // Two instances on one database: their groups lock the same rows.
    databases = [await openPostgres(fresh.url), await openPostgres(fresh.url)];
    await migrate(databases[0] as Database);
  });
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.close()));
    await fresh.drop();
  });

  it('two instances taking the same buckets at once never exceed the allowance nor deadlock', async () => {
    expectExactAllowance(await burst(databases[0] as Database));
    const bucket = `test:two:${Date.now()}`;
    const buckets = [`${bucket}:a`, `${bucket}:b`, `${bucket}:c`];
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const db = (databases[i % 2] as Database).db;
        // Opposite orders on the two instances: each group locks its rows in bucket order first.
        const order = i % 2 === 0 ? buckets : [...buckets].reverse();
        return Promise.all(order.map((b) => takeAllowance(db, b, 1, 25, 3600).then((a) => [b, a] as const)));
      }),
    );
    for (const b of buckets) {
      const allowed = answers.flat().filter(([name, a]) => name === b && a.allowed);
      expect(allowed).toHaveLength(25);
    }
  });
});
