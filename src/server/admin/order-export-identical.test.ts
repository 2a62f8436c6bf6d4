import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '@/server/db/client';
import { migrate } from '@/server/db/migrate';
import { queryRows } from '@/server/db/query-rows';
import type { Locale } from '@/shared/i18n/locale';
import { createPostgresDatabase, openTestPglite, testDatabaseUrl } from '@tests/helpers/server';
import { seedOrders } from '@tests/helpers/seed-orders';
import type { CsvFormat } from './csv';
import { csvBatches, csvBatchQuery } from './order-export';

/**
 * The export's text after round 4 of the performance work (docs/performance.md) is byte for byte
 * the text of the query it replaced, on orders as checkout and the ledger leave them: invoices,
 * credit notes, payments, refunds, supplementary invoices, overpayments, and lines with their
 * names in both languages. The former query is kept here as it was: its money join (four sums as
 * scalar subqueries) and its items summary as a subquery in the line.
 */
const formerMoneyLateral = `LEFT JOIN LATERAL (
    SELECT inv.issued_on AS invoice_date, inv.due_on AS due_date, inv.ocr AS ocr,
      sums.received - sums.refunded AS paid,
      sums.invoiced - sums.credited - (sums.received - sums.refunded) AS balance,
      CASE WHEN sums.invoiced > 0 AND sums.invoiced - sums.credited <= 0 THEN
          CASE WHEN sums.refunded > 0 AND sums.received - sums.refunded <= 0 THEN 'refunded' ELSE 'credited' END
        WHEN sums.received - sums.refunded <= 0 THEN 'unpaid'
        WHEN sums.received - sums.refunded < sums.invoiced - sums.credited THEN 'partly_paid'
        WHEN sums.received - sums.refunded = sums.invoiced - sums.credited THEN 'paid'
        ELSE 'overpaid' END AS payment_state
    FROM (SELECT
        coalesce((SELECT sum(d.total) FROM documents d WHERE d.order_id = orders.id AND d.kind <> 'credit_note'), 0) AS invoiced,
        coalesce((SELECT -sum(d.total) FROM documents d WHERE d.order_id = orders.id AND d.kind = 'credit_note'), 0) AS credited,
        coalesce((SELECT sum(p.amount) FROM payments p JOIN documents d ON d.id = p.document_id
          WHERE d.order_id = orders.id AND p.amount > 0), 0) AS received,
        coalesce((SELECT -sum(p.amount) FROM payments p JOIN documents d ON d.id = p.document_id
          WHERE d.order_id = orders.id AND p.amount < 0), 0) AS refunded) AS sums
    LEFT JOIN documents inv ON inv.order_id = orders.id AND inv.kind = 'invoice'
  ) AS money ON TRUE`;

const dialect = new PgDialect();

/** The whole export in one batch by the former query, made from today's by putting the old parts back. */
async function formerExport(database: Database, format: CsvFormat, locale: Locale): Promise<string> {
  const query = dialect.sqlToQuery(csvBatchQuery({}, undefined, 1_000_000, format, locale));
  const moneyStart = query.sql.indexOf('LEFT JOIN LATERAL (\n    SELECT inv.issued_on');
  const moneyEnd = query.sql.indexOf(') AS money ON TRUE') + ') AS money ON TRUE'.length;
  expect(moneyStart).toBeGreaterThan(0);
  let text = query.sql.slice(0, moneyStart) + formerMoneyLateral + query.sql.slice(moneyEnd);
  const join = /LEFT JOIN LATERAL (\(SELECT coalesce\(string_agg[\s\S]*?WITH ORDINALITY AS e \(line, n\)\)) AS item_names \(summary\) ON TRUE/.exec(
    text,
  );
  if (locale === 'en') expect(join).toBeNull();
  else {
    expect(join?.[1]).toBeDefined();
    text = text.replace(join?.[0] ?? '', '').replaceAll('item_names.summary', join?.[1] ?? '');
  }
  const [row] = await queryRows<{ lines: string }>(database.db, sql.raw(text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = query.params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  })));
  return row?.lines ?? '';
}

async function currentExport(database: Database, format: CsvFormat, locale: Locale): Promise<string> {
  let text = '';
  for await (const lines of csvBatches(database.db, {}, format, { batchSize: 97, parallel: 2 }, locale))
    text += lines;
  return text;
}

const databases: ['PGlite' | 'PostgreSQL', () => Promise<{ database: Database; drop(): Promise<void> }>][] = [
  [
    'PGlite',
    async () => {
      const database = await openTestPglite();
      return { database, drop: () => database.close() };
    },
  ],
];
if (testDatabaseUrl)
  databases.push([
    'PostgreSQL',
    async () => {
      const fresh = await createPostgresDatabase();
      const database = await openPostgres(fresh.url);
      await migrate(database);
      return {
        database,
        async drop() {
          await database.close();
          await fresh.drop();
        },
      };
    },
  ]);

describe.each(databases)('the orders export on %s', (_kind, open) => {
  let opened: { database: Database; drop(): Promise<void> };

  beforeAll(async () => {
    opened = await open();
    await opened.database.withConnection(async (exec) => {
      await seedOrders(exec, 1_500, { batch: 1_000 });
      // What the seed does not make: a supplementary invoice (paid), an overpaid invoice, an order
      // with no document at all, and a line without names (stored before names were kept).
      await exec(
        `INSERT INTO documents (order_id, kind, number, seq, issued_on, due_on, language, vat_treatment, net, vat, total, snapshot)
         SELECT id, 'supplementary_invoice', 'SUP-' || id, 9000000000000000 + id, current_date, current_date + 30, 'sv', 'domestic',
           100, 25, 125, '{}' FROM orders WHERE id % 50 = 3`,
      );
      await exec(
        `INSERT INTO payments (document_id, amount, paid_on, method)
         SELECT d.id, d.total, current_date, 'bankgiro' FROM documents d WHERE d.kind = 'supplementary_invoice' AND d.order_id % 100 = 3`,
      );
      await exec(
        `INSERT INTO payments (document_id, amount, paid_on, method)
         SELECT d.id, 10.5, current_date, 'card' FROM documents d JOIN orders o ON o.id = d.order_id
         WHERE d.kind = 'invoice' AND o.id % 50 = 7`,
      );
      await exec(`DELETE FROM email_outbox WHERE order_id IN (SELECT id FROM orders WHERE id % 50 = 11)`);
      await exec(
        `DELETE FROM payments WHERE document_id IN (SELECT id FROM documents WHERE order_id % 50 = 11)`,
      );
      await exec(`DELETE FROM documents WHERE order_id % 50 = 11 AND kind = 'credit_note'`);
      await exec(`DELETE FROM documents WHERE order_id % 50 = 11`);
      await exec(
        `UPDATE orders SET items = jsonb_build_array(jsonb_build_object('productId', 'mossa', 'name', 'Beanie', 'quantity', 30,
           'unitPrice', '45', 'lineTotal', '1350.00')) WHERE id % 50 = 13`,
      );
    });
  }, 240_000);
  afterAll(() => opened.drop());

  it.each([
    ['standard', 'sv'],
    ['standard', 'en'],
    ['excel-sv', 'sv'],
    ['excel-sv', 'en'],
  ] as const)('%s in %s is the former query’s text, byte for byte', async (format, locale) => {
    const former = await formerExport(opened.database, format, locale);
    const current = await currentExport(opened.database, format, locale);
    expect(current.split('\r\n')).toHaveLength(1_501);
    expect(current).toBe(former);
    // The data reaches every branch the rewrite touched.
    if (format === 'standard' && locale === 'sv') {
      for (const state of ['unpaid', 'partly_paid', 'paid', 'overpaid', 'credited', 'refunded'])
        expect(current, state).toContain(`","${state}"\r\n`);
      expect(current).toContain('Mössa');
    }
  });
});
