import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '@/server/db/client';
import { migrate } from '@/server/db/migrate';
import { queryRows } from '@/server/db/query-rows';
import { createPostgresDatabase, testDatabaseUrl } from '@tests/helpers/server';
import { seedOrders } from '@tests/helpers/seed-orders';
import { csvBatches } from './order-export';

/**
 * An export's batches are planned once per connection, not once per batch: its statements are
 * prepared, and PostgreSQL keeps their generic plan after its five custom ones. Planning was a
 * tenth of the database's time per batch (docs/performance.md, round 4). On 1 000 000 orders, with
 * the cursor's values as plain parameters, PostgreSQL never kept the generic plan; at this test's
 * size either form keeps it, so this holds the statements prepared and their plan kept, and the
 * bench's figures hold the rest. One connection, so every batch runs on the one read here.
 */
describe.skipIf(!testDatabaseUrl)('the orders export on PostgreSQL', () => {
  it('keeps the generic plan of its batches', async () => {
    const fresh = await createPostgresDatabase();
    const database = await openPostgres(fresh.url, 1);
    try {
      await migrate(database);
      await database.withConnection((exec) => seedOrders(exec, 300, { batch: 300 }));
      let lines = 0;
      // In texts of 6 orders' lines, as PostgreSQL's exports answer theirs (exportBatching).
      const batching = { batchSize: 20, parallel: 2, linesPerText: 6 };
      for await (const text of csvBatches(database, {}, 'standard', batching, 'sv'))
        lines += text.split('\r\n').length - 1;
      expect(lines).toBe(300);
      const statements = await queryRows<{ statement: string; generic: string; custom: string }>(
        database.db,
        sql`SELECT statement, generic_plans::text AS generic, custom_plans::text AS custom
          FROM pg_prepared_statements WHERE name LIKE 'export-%'`,
      );
      // The lines and the next batch's start, each after a cursor: 14 and 15 runs of each.
      const afterCursor = statements.filter((s) => s.statement.includes('(orders.order_date, orders.id) <'));
      expect(afterCursor).toHaveLength(2);
      for (const s of afterCursor) {
        expect(Number(s.custom)).toBeLessThanOrEqual(5);
        expect(Number(s.generic)).toBeGreaterThanOrEqual(9);
      }
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});
