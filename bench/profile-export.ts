// node --import tsx bench/profile-export.ts [orders=100000] [--pglite]
// Where an exported order's time goes, on orders as checkout and the ledger leave them (the seed of
// tests/helpers/seed-orders.ts: invoice with its snapshot, payments, credit notes, emails): the
// export's batch query with each of round 4's changes put back to the former text, one after
// another, on the same seeded table in the same run (docs/performance.md, round 4).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { exportBatching } from '@/server/admin/order-export';
import { openPglite, openPostgres, type Database } from '@/server/db/client';
import { migrate } from '@/server/db/migrate';
import { queryRows } from '@/server/db/query-rows';
import type { Locale } from '@/shared/i18n/locale';
import { exportBatchText, type ExportQueryParts } from '@tests/helpers/former-order-export';
import { seedOrders } from '@tests/helpers/seed-orders';
import { benchDatabaseUrl, createDatabase } from './lib/postgres';
import { round } from './lib/stats';

const args = process.argv.slice(2);
const orders = Number(args.find((a) => /^\d+$/.test(a)) ?? 100_000);
const usePglite = args.includes('--pglite');
const log = (message: string) => process.stderr.write(`[profile-export] ${message}\n`);

const coveringIndexes = [
  'CREATE INDEX documents_order_money_idx ON documents (order_id, kind) INCLUDE (total, id, issued_on, due_on, ocr)',
  'CREATE INDEX payments_document_amount_idx ON payments (document_id) INCLUDE (amount)',
];

interface Variant {
  name: string;
  parts: ExportQueryParts;
  locale: Locale;
  covering: boolean;
  /** The money columns left out (NULL): what the ledger's join still costs. */
  noMoney?: boolean;
}

const former = { moneyOnce: false, itemsOnce: false };
const today = { moneyOnce: true, itemsOnce: true };
const variants: Variant[] = [
  { name: 'former query (Swedish reader)', parts: former, locale: 'sv', covering: false },
  {
    name: '+ money sums once per order',
    parts: { moneyOnce: true, itemsOnce: false },
    locale: 'sv',
    covering: false,
  },
  { name: '+ items summary once per order', parts: today, locale: 'sv', covering: false },
  { name: '+ covering indexes (today)', parts: today, locale: 'sv', covering: true },
  { name: 'today, English reader (stored summary)', parts: today, locale: 'en', covering: true },
  { name: 'today without the money columns', parts: today, locale: 'sv', covering: true, noMoney: true },
];

const noMoneyLateral = `LEFT JOIN LATERAL (SELECT NULL::date AS invoice_date, NULL::date AS due_date, NULL::text AS ocr,
    NULL::numeric AS paid, NULL::numeric AS balance, NULL::text AS payment_state) AS money ON TRUE`;

/** Every batch of the whole export, one after another on one connection: rows per second. */
async function exportRate(database: Database, variant: Variant, batchSize: number): Promise<number> {
  const boundaries = await queryRows<{ date: string; id: string }>(
    database.db,
    sql.raw(`SELECT to_char(order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS date, id::text AS id
      FROM (SELECT order_date, id, row_number() OVER (ORDER BY order_date DESC, id DESC) AS n FROM orders) AS o
      WHERE n % ${batchSize} = 0 ORDER BY n`),
  );
  let rows = 0;
  const started = performance.now();
  for (const cursor of [undefined, ...boundaries]) {
    let text = exportBatchText(variant.parts, 'standard', variant.locale, batchSize, cursor);
    if (variant.noMoney) {
      const start = text.indexOf('LEFT JOIN LATERAL (\n    SELECT inv.issued_on');
      const end = text.indexOf(') AS money ON TRUE') + ') AS money ON TRUE'.length;
      text = text.slice(0, start) + noMoneyLateral + text.slice(end);
    }
    const [batch] = await queryRows<{ lines: string }>(database.db, sql.raw(text));
    rows += (batch?.lines.match(/\r\n/g) ?? []).length;
  }
  const seconds = (performance.now() - started) / 1000;
  if (rows !== orders) throw new Error(`${variant.name}: ${rows} rows, expected ${orders}`);
  return Math.round(rows / seconds);
}

async function profile(database: Database, kind: 'postgres' | 'pglite'): Promise<void> {
  await migrate(database);
  log(`seeding ${orders.toLocaleString('en')} orders with their documents, payments and emails`);
  const seeded = performance.now();
  await database.withConnection((exec) => seedOrders(exec, orders, { batch: 100_000 }));
  log(`seeded in ${round((performance.now() - seeded) / 1000, 0)} s`);
  const batchSize = exportBatching[kind].batchSize;
  const table: [string, number][] = [];
  let covering = true;
  for (const variant of variants) {
    if (variant.covering !== covering) {
      await database.withConnection(async (exec) => {
        if (variant.covering) for (const index of coveringIndexes) await exec(index);
        else {
          await exec('DROP INDEX documents_order_money_idx');
          await exec('DROP INDEX payments_document_amount_idx');
        }
        await exec('VACUUM ANALYZE documents, payments');
      });
      covering = variant.covering;
    }
    // The better of two: the first warms the cache.
    const rate = Math.max(
      await exportRate(database, variant, batchSize),
      await exportRate(database, variant, batchSize),
    );
    log(`${variant.name}: ${rate.toLocaleString('en')} rows/s`);
    table.push([variant.name, rate]);
  }
  const width = Math.max(...table.map(([name]) => name.length));
  process.stdout.write(
    `\nExport of ${orders.toLocaleString('en')} orders on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, batches of ${batchSize}, one at a time (rows/s, better of two):\n`,
  );
  for (const [name, rate] of table)
    process.stdout.write(`  ${name.padEnd(width)}  ${rate.toLocaleString('en').padStart(9)}\n`);
}

if (usePglite) {
  const dir = mkdtempSync(join(tmpdir(), 'shop-profile-export-'));
  const database = await openPglite(join(dir, 'db'));
  try {
    await profile(database, 'pglite');
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  if (!benchDatabaseUrl) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const fresh = await createDatabase(benchDatabaseUrl, 'export');
  try {
    const database = await openPostgres(fresh.url, 2);
    try {
      await profile(database, 'postgres');
    } finally {
      await database.close();
    }
  } finally {
    await fresh.drop();
  }
}
