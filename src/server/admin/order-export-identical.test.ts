import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import type { Locale } from '@/shared/i18n/locale';
import { bothDatabases } from '@tests/helpers/both-databases';
import { formerExport } from '@tests/helpers/former-order-export';
import { seedOrders } from '@tests/helpers/seed-orders';
import type { CsvFormat } from './csv';
import { csvBatches } from './order-export';

/**
 * The export's text after round 4 of the performance work (docs/performance.md) is byte for byte
 * the text of the query it replaced (tests/helpers/former-order-export.ts), on orders as checkout
 * and the ledger leave them: invoices, credit notes, payments, refunds, supplementary invoices,
 * overpayments, orders without documents, and lines with and without their names in both languages.
 */

/**
 * Today's export in batches of 97, each batch one text (PGlite's way) or in texts of `linesPerText`
 * orders' lines (PostgreSQL's, exportBatching): 97 is no multiple of 10, so a batch's last text is
 * shorter.
 */
async function currentExport(
  database: Database,
  format: CsvFormat,
  locale: Locale,
  linesPerText?: number,
): Promise<string> {
  let text = '';
  for await (const lines of csvBatches(
    database,
    {},
    format,
    { batchSize: 97, parallel: 2, ...(linesPerText ? { linesPerText } : {}) },
    locale,
  ))
    text += lines;
  return text;
}

describe.each(bothDatabases())('the orders export on %s', (_kind, open) => {
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
      // A name with quotes and å, ä, ö: quotes doubled, every character whole in every text.
      await exec(`UPDATE orders SET customer_name = 'Åsa "Örn" Ärlig' WHERE id % 50 = 17`);
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
    expect(await currentExport(opened.database, format, locale, 10)).toBe(former);
    // The data reaches every branch the rewrite touched.
    if (format === 'standard' && locale === 'sv') {
      for (const state of ['unpaid', 'partly_paid', 'paid', 'overpaid', 'credited', 'refunded'])
        expect(current, state).toContain(`","${state}"\r\n`);
      expect(current).toContain('Mössa');
      expect(current).toContain('","Åsa ""Örn"" Ärlig","');
    }
  });
});
