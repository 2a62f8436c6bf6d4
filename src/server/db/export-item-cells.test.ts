import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, openTestPglite, testDatabaseUrl } from '@tests/helpers/server';
import { sizeCodes } from '@/shared/sizes';
import { openPostgres, type Database } from './client';
import { exportItemCellsBody, exportItemCellsFunctionSql, itemsSummarySvBody } from './export-item-cells';
import { migrate } from './migrate';

/** The text of order_export_item_cells as the migrations left it in the database. */
async function liveBody(database: Database, name = 'order_export_item_cells'): Promise<string> {
  const rows = await database.withConnection((exec) =>
    exec(`SELECT prosrc FROM pg_proc WHERE proname = '${name}'`),
  );
  return String(rows[0]?.prosrc);
}

const summaryHint =
  'the messages and order_items_summary_sv differ: write functions/0700_order_items_summary_sv.sql again from itemsSummarySvBody()';
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
    expect(await liveBody(database, 'order_items_summary_sv'), summaryHint).toBe(itemsSummarySvBody());
  });
});
