import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '@/server/db/client';
import { migrate } from '@/server/db/migrate';
import { createPostgresDatabase, testDatabaseUrl } from '@tests/helpers/server';
import { seedOrders } from '@tests/helpers/seed-orders';
import { csvBatchQuery } from './order-export';

/**
 * The shop's PostgreSQL connections never JIT-compile (src/server/db/client.ts). Right after a
 * burst of checkouts the tables' statistics lag (or autovacuum is off), the planner's estimate of
 * an orders-CSV batch passes jit_above_cost, and PostgreSQL spent about a second compiling each
 * batch that then ran in 30 ms (docs/performance.md, round 4). Here every threshold is 0, so a
 * connection that could compile would.
 */
describe.skipIf(!testDatabaseUrl)('the orders export on PostgreSQL', () => {
  it('is never JIT-compiled, whatever the estimate', async () => {
    const fresh = await createPostgresDatabase();
    const database = await openPostgres(fresh.url, 1);
    try {
      await migrate(database);
      await database.withConnection((exec) => seedOrders(exec, 50));
      const query = new PgDialect().sqlToQuery(csvBatchQuery({}, undefined, 1000, 'standard', 'sv'));
      const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
        const value = query.params[Number(n) - 1];
        return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
      });
      const plan = await database.withConnection(async (exec) => {
        await exec('SET jit_above_cost = 0; SET jit_inline_above_cost = 0; SET jit_optimize_above_cost = 0');
        const [row] = await exec(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`);
        await exec('RESET jit_above_cost; RESET jit_inline_above_cost; RESET jit_optimize_above_cost');
        return JSON.stringify(row);
      });
      expect(plan).toContain('"Plan"');
      expect(plan).not.toContain('"JIT"');
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});
