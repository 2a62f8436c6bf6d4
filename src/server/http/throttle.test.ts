import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { createPostgresDatabase, openTestPglite, testDatabaseUrl } from '@tests/helpers/server';
import { openPostgres } from '@/server/db/client';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/server/db/query-rows';
import { takeAllowance, takeAllowancesInTurn } from './throttle';

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

  it('allowances in turn: a later one is taken only when every earlier one was allowed', async () => {
    const stamp = Date.now();
    const first = { bucket: `test:turn:first:${stamp}`, amount: 1, max: 2, windowSeconds: 3600 };
    const second = { bucket: `test:turn:second:${stamp}`, amount: 1, max: 3, windowSeconds: 3600 };
    // 5 checkouts at once (grouped): the first bucket allows 2, so only those 2 take from the second.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => takeAllowancesInTurn(database.db, [first, second])),
    );
    expect(answers.map(([a, b]) => [a?.allowed, b?.allowed])).toEqual([
      [true, true],
      [true, true],
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect(answers[2]?.[0]?.retryAfterSeconds).toBeGreaterThan(3500);
    expect(answers[2]?.[1]?.retryAfterSeconds).toBe(0);
    // The refused three took nothing from the second bucket: one of its 3 is left, then none.
    expect((await takeAllowance(database.db, second.bucket, 1, 3, 3600)).allowed).toBe(true);
    expect((await takeAllowance(database.db, second.bucket, 1, 3, 3600)).allowed).toBe(false);
    // A refusal by the second still took from the first (as two calls in turn did).
    const third = { bucket: `test:turn:third:${stamp}`, amount: 1, max: 1, windowSeconds: 3600 };
    const [taken, refused] = await takeAllowancesInTurn(database.db, [third, second]);
    expect([taken?.allowed, refused?.allowed]).toEqual([true, false]);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(3500);
    expect((await takeAllowance(database.db, third.bucket, 1, 1, 3600)).allowed).toBe(false);
    // More than a whole allowance later in the turn: refused untouched once the earlier passed.
    const fourth = { bucket: `test:turn:fourth:${stamp}`, amount: 1, max: 5, windowSeconds: 3600 };
    const [passed, tooMuch] = await takeAllowancesInTurn(database.db, [
      fourth,
      { bucket: `test:turn:big:${stamp}`, amount: 9, max: 4, windowSeconds: 60 },
    ]);
    expect([passed?.allowed, tooMuch]).toEqual([true, { allowed: false, retryAfterSeconds: 60 }]);
  });

  it('a group that fits in buckets already there takes it all at once; one that does not is taken in turn', async () => {
    const bucket = `test:fits:${Date.now()}`;
    const group = (size: number) =>
      Promise.all(Array.from({ length: size }, () => takeAllowance(database.db, bucket, 1, 10, 3600)));
    // The bucket is made (7 of 10), then a group of 3 fits exactly, then a group of 2 does not.
    expect((await takeAllowance(database.db, bucket, 7, 10, 3600)).allowed).toBe(true);
    expect((await group(3)).map((a) => a.allowed)).toEqual([true, true, true]);
    const refused = await group(2);
    expect(refused.map((a) => a.allowed)).toEqual([false, false]);
    expect(refused[0]?.retryAfterSeconds).toBeGreaterThan(3500);
    // A window that has ended starts again from zero: 4 of a new 10, then 6 more, then none.
    await database.db.execute(
      sql`UPDATE throttle_counters SET expires_at = now() - interval '1 second' WHERE bucket = ${bucket}`,
    );
    expect((await group(4)).map((a) => a.allowed)).toEqual([true, true, true, true]);
    expect((await takeAllowance(database.db, bucket, 6, 10, 3600)).allowed).toBe(true);
    expect((await takeAllowance(database.db, bucket, 1, 10, 3600)).allowed).toBe(false);
    const [row] = await queryRows<{ used: string; left: string }>(
      database.db,
      sql`SELECT used::text, round(extract(epoch FROM expires_at - now()))::text AS left
          FROM throttle_counters WHERE bucket = ${bucket}`,
    );
    expect(row?.used).toBe('10');
    expect(Number(row?.left)).toBeGreaterThan(3500);
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
