import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { stockholmDate } from '@/shared/dates';
import { ocrReference } from '@/shared/invoicing/ocr-reference';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import type { QueuedBankPayment } from '@/shared/receivables/bank-payments';
import { queryRows } from '@/server/db/query-rows';
import { bgmaxBytes, camt054Xml, shopBankgiro, shopIban } from '@tests/helpers/bank-files';
import { importAnswer, uploadBankFile } from '@tests/helpers/bank-file-upload';
import { placeOrder } from '@tests/helpers/place-order';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/**
 * Found in the attack review (issue 38): a BgMax file for bankgiro 555-5555 and a camt.054 for a
 * German IBAN both matched invoices by OCR and marked them paid. A file for any account but the
 * shop's is refused whole, naming the account; debits and entries not booked pay nothing.
 */
const server = useAdminServer();
const swedish = () => `${server.cookie}; lang=sv`;
const english = () => `${server.cookie}; lang=en`;
// Read again before each test: a run that passes midnight in Stockholm must not post yesterday's date as today.
let today = stockholmDate(new Date());
beforeEach(() => {
  today = stockholmDate(new Date());
});
const ocrOf = (order: PlacedOrderAnswer) => ocrReference(order.orderNumber.slice(4));

/** Everything an import could leave behind, and the ledger payments on `order`'s invoice. */
async function traces(order: PlacedOrderAnswer) {
  const [row] = await queryRows<Record<string, string>>(
    server.database.db,
    sql`SELECT (SELECT count(*) FROM bank_files)::text AS files,
        (SELECT count(*) FROM bank_payments)::text AS bank_payments,
        (SELECT count(*) FROM bank_file_staged_payments)::text AS staged,
        (SELECT count(*) FROM payments)::text AS ledger,
        (SELECT count(*) FROM payments p JOIN documents d ON d.id = p.document_id
          WHERE d.number = ${order.orderNumber})::text AS paid_on_invoice`,
  );
  return row;
}

describe('a bank file for an account that is not the shop’s', () => {
  it('is configured as the test files assume: the shop’s bankgiro and IBAN', () => {
    expect(server.config.seller.bankgiro.replace('-', '')).toBe(shopBankgiro);
    expect(server.config.seller.iban).toBe(shopIban);
  });

  it('BgMax for bankgiro 555-5555 → 422 naming it (sv, en); the invoice stays unpaid, nothing kept', async () => {
    const order = await placeOrder(server);
    const before = await traces(order);
    const file = bgmaxBytes({
      deposits: [
        {
          paymentDay: today,
          payeeBankgiro: '5555555',
          payments: [{ amount: order.total, reference: ocrOf(order), serialNumber: 700001 }],
        },
      ],
    });
    const refused = await uploadBankFile(server, swedish(), file);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe(
      'Filen lästes inte in (ingenting bokfördes): Rad 2: filen gäller bankgiro 555-5555, som inte är butikens. Läs bara in filer för butikens egna konton.',
    );
    const inEnglish = await uploadBankFile(server, english(), file);
    expect(inEnglish.status).toBe(422);
    expect(inEnglish.body.error).toContain('the file is for bankgiro 555-5555, which is not the shop’s');
    expect(await traces(order)).toEqual(before);
    expect(before?.paid_on_invoice).toBe('0');
  });

  it('BgMax whose second deposit is for another bankgiro is refused whole: the first deposit books nothing', async () => {
    const first = await placeOrder(server);
    const second = await placeOrder(server);
    const before = await traces(first);
    const file = bgmaxBytes({
      deposits: [
        {
          paymentDay: today,
          payments: [{ amount: first.total, reference: ocrOf(first), serialNumber: 710001 }],
        },
        {
          paymentDay: today,
          payeeBankgiro: '99912346',
          payments: [{ amount: second.total, reference: ocrOf(second), serialNumber: 710002 }],
        },
      ],
    });
    const refused = await uploadBankFile(server, english(), file);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toContain('bankgiro 9991-2346');
    expect(await traces(first)).toEqual(before);
  });

  it('camt.054 for a German IBAN → 422 naming it; the invoice stays unpaid', async () => {
    const order = await placeOrder(server);
    const before = await traces(order);
    const xml = camt054Xml({
      notifications: [
        {
          account: { iban: 'DE89370400440532013000' },
          entries: [
            {
              amount: order.total,
              bookedOn: today,
              servicerRef: `DE-${order.orderNumber}`,
              transactions: [{ amount: order.total, ocr: ocrOf(order) }],
            },
          ],
        },
      ],
    });
    const refused = await uploadBankFile(server, english(), xml, 'camt054.xml');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(
      /^The file was not imported \(nothing was recorded\): Line \d+: the file is for account DE89370400440532013000, which is not the shop’s\./,
    );
    expect(await traces(order)).toEqual(before);

    const noAccount = camt054Xml({
      notifications: [{ account: null, entries: [{ amount: order.total, bookedOn: today }] }],
    });
    const missing = await uploadBankFile(server, english(), noAccount, 'camt054.xml');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('Ntfctn/Acct/Id is missing');
    expect(await traces(order)).toEqual(before);
  });

  it('published ISO 20022 camt.054 samples (another bank’s account, debit entries) are refused whole', async () => {
    const order = await placeOrder(server);
    const before = await traces(order);
    for (const version of ['v2', 'v4', 'v8']) {
      const sample = readFileSync(`tests/fixtures/camt054/genkgo-camt054.${version}.xml`);
      const refused = await uploadBankFile(server, swedish(), sample, `camt054.${version}.xml`);
      expect(refused.status, version).toBe(422);
      expect(refused.body.error, version).toContain('filen gäller konto CH2801234000123456789');
    }
    expect(await traces(order)).toEqual(before);
  });

  it('a camt.054 naming the shop’s bankgiro in Othr/Id is the shop’s', async () => {
    const order = await placeOrder(server);
    const xml = camt054Xml({
      notifications: [
        {
          account: { other: '123-4566' },
          entries: [
            {
              amount: order.total,
              bookedOn: today,
              servicerRef: `BG-${order.orderNumber}`,
              transactions: [{ amount: order.total, ocr: ocrOf(order) }],
            },
          ],
        },
      ],
    });
    const imported = await uploadBankFile(server, english(), xml, 'camt054.xml');
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ payments: 1, matched: 1 });
    expect((await traces(order))?.paid_on_invoice).toBe('1');
  });
});

describe('money that did not come in pays nothing, on the shop’s own account', () => {
  it('camt.054: a booked debit, a pending credit, an information-only credit and a reversal carrying the OCR pay nothing', async () => {
    const order = await placeOrder(server);
    const before = await traces(order);
    const entry = (ref: string, extra: Record<string, unknown>) => ({
      amount: order.total,
      bookedOn: today,
      servicerRef: `${ref}-${order.orderNumber}`,
      transactions: [{ amount: order.total, ocr: ocrOf(order) }],
      ...extra,
    });
    const xml = camt054Xml({
      notifications: [
        {
          summary: 'computed',
          entries: [
            entry('DBIT', { indicator: 'DBIT' }),
            entry('PDNG', { status: 'PDNG' }),
            entry('INFO', { status: 'INFO' }),
            entry('RVSL', { reversal: true }),
          ],
        },
      ],
    });
    const imported = await uploadBankFile(server, english(), xml, 'camt054.xml');
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual(importAnswer('camt054', { payments: 0, matched: 0, unmatched: 0 }));
    const after = await traces(order);
    expect(after?.paid_on_invoice).toBe('0');
    expect(after?.ledger).toBe(before?.ledger);
    expect(after?.bank_payments).toBe(before?.bank_payments);
  });

  it('BgMax: a deduction (record 21) carrying the invoice’s OCR is no payment, and cannot be assigned to it', async () => {
    const order = await placeOrder(server);
    const file = bgmaxBytes({
      deposits: [
        {
          paymentDay: today,
          payments: [
            { amount: '900000.00', reference: ocrReference('77777777'), serialNumber: 720001 },
            { amount: order.total, reference: ocrOf(order), deduction: 0, serialNumber: 720002 },
          ],
        },
      ],
    });
    const imported = await uploadBankFile(server, english(), file);
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ payments: 2, matched: 0, unmatched: 2 });
    expect((await traces(order))?.paid_on_invoice).toBe('0');
    const queue = await request<{ payments: QueuedBankPayment[] }>(server, '/api/admin/bank-payments', {
      headers: { cookie: english() },
    });
    const deduction = queue.body.payments.find((p) => p.reason === 'deduction');
    if (!deduction) throw new Error('the deduction should wait in the queue, marked as one');
    const assigned = await request<{ error: string }>(
      server,
      `/api/admin/bank-payments/${deduction.id}/assign`,
      {
        method: 'POST',
        headers: { cookie: english() },
        json: { invoice: order.orderNumber },
      },
    );
    expect(assigned.status).toBe(409);
    expect((await traces(order))?.paid_on_invoice).toBe('0');
  });
});
