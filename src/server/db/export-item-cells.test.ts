import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, openTestPglite, testDatabaseUrl } from '@tests/helpers/server';
import { sizeCodes } from '@/shared/sizes';
import { openPglite, openPostgres, type Database } from './client';
import {
  exportItemCellsBody,
  exportItemCellsFunctionSql,
  itemsSummariesFunctionsFile,
  itemsSummaryBody,
  storedSummaryLocales,
} from './export-item-cells';
import { readFileSync, rmSync } from 'node:fs';
import { releaseBefore } from '@tests/helpers/release-before';
import { join } from 'node:path';
import { seedOrders } from '@tests/helpers/seed-orders';
import { functionsDir, migrate } from './migrate';

/** The text of order_export_item_cells as the migrations left it in the database. */
async function liveBody(database: Database, name = 'order_export_item_cells'): Promise<string> {
  const rows = await database.withConnection((exec) =>
    exec(`SELECT prosrc FROM pg_proc WHERE proname = '${name}'`),
  );
  return String(rows[0]?.prosrc);
}

const summaryHint =
  'the messages or sizes and functions/0700_order_items_summaries.sql differ: run `npm run db:functions`';
const hint = `sizes.ts and order_export_item_cells differ: add a migration with\n${exportItemCellsFunctionSql()}`;

describe('order_export_item_cells is written from sizes.ts', () => {
  const close: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const done of close) await done();
  });

  it('the migrated function (PGlite) has every size of sizes.ts, in its order, and no other', async () => {
    const database = await openTestPglite();
    close.push(() => database.close());
    expect(await liveBody(database), hint).toBe(exportItemCellsBody());
    // The comparison would see a size missing from the database's copy.
    expect(exportItemCellsBody(sizeCodes.filter((code) => code !== '3XL'))).not.toBe(
      await liveBody(database),
    );
  });

  it.skipIf(!testDatabaseUrl)('and the same on PostgreSQL', async () => {
    const created = await createPostgresDatabase();
    const database = await openPostgres(created.url, 1);
    close.push(async () => {
      await database.close();
      await created.drop();
    });
    await migrate(database);
    expect(await liveBody(database), hint).toBe(exportItemCellsBody());
    for (const locale of storedSummaryLocales)
      expect(await liveBody(database, `order_items_summary_${locale}`), summaryHint).toBe(
        itemsSummaryBody(locale),
      );
    const file = readFileSync(join(functionsDir, '0700_order_items_summaries.sql'), 'utf8');
    expect(file, summaryHint).toBe(itemsSummariesFunctionsFile());
  });
});

describe('migration 6800 gives the orders already stored their items summaries', () => {
  it('each one as the trigger writes it for a new order, on PGlite', async () => {
    const database = await openPglite();
    const before = releaseBefore('6800', [
      '0700_order_items_summaries.sql',
      '0800_order_export_lines.sql',
      '0900_document_net_days.sql',
    ]);
    try {
      await migrate(database, before.migrations, before.functions);
      await database.withConnection((exec) => seedOrders(exec, 400));
      // This migration and the ones after it.
      expect((await migrate(database))[0]).toBe('6800_export_items_summaries.sql');
      const [row] = await database.withConnection((exec) =>
        exec(`SELECT count(*)::integer AS orders,
            count(*) FILTER (WHERE export_items_summary_sv IS DISTINCT FROM order_items_summary_sv(items)
              OR export_items_summary_en IS DISTINCT FROM order_items_summary_en(items))::integer AS differing,
            count(*) FILTER (WHERE export_items_summary_sv = '' OR export_items_summary_en = '')::integer AS empty,
            min(export_items_summary_sv) FILTER (WHERE export_items_summary_sv LIKE '%Kuponghäfte%') AS booklets
          FROM orders`),
      );
      expect(row).toMatchObject({ orders: 400, differing: 0, empty: 0 });
      // The Swedish names, not the English ones the lines were stored with.
      expect(String(row?.booklets)).toMatch(/^\d+ × /);
    } finally {
      await database.close();
      rmSync(before.dir, { recursive: true, force: true });
    }
  }, 120_000);
});
