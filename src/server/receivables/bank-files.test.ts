import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@/shared/admin';
import { addDays, stockholmDate } from '@/shared/dates';
import { ocrReference } from '@/shared/invoicing/ocr-reference';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import type { QueuedBankPayment, ReceivablesAnswer } from '@/shared/receivables/bank-payments';
import { queryRows } from '@/server/db/query-rows';
import { bgmaxBytes, bgmaxText, camt054Xml } from '@tests/helpers/bank-files';
import { importAnswer, uploadBankFile } from '@tests/helpers/bank-file-upload';
import { testCustomer } from '@tests/helpers/orders';
import { placeOrder } from '@tests/helpers/place-order';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

const server = useAdminServer();
const swedish = () => `${server.cookie}; lang=sv`;
// Read again before each test: a run that passes midnight in Stockholm must not post yesterday's date as today.
let today = stockholmDate(new Date());
beforeEach(() => {
  today = stockholmDate(new Date());
});

const place = (customer: Record<string, unknown> = testCustomer) => placeOrder(server, customer);

const ocrOf = (order: PlacedOrderAnswer) => ocrReference(order.orderNumber.slice(4));
const detail = async (number: string) =>
  (await request<AdminOrderDetail>(server, `/api/admin/orders/${number}`, { headers: { cookie: swedish() } }))
    .body;
const queue = async (state = 'unmatched') =>
  (
    await request<{ payments: QueuedBankPayment[] }>(server, `/api/admin/bank-payments?state=${state}`, {
      headers: { cookie: swedish() },
    })
  ).body.payments;
const counts = async () => {
  const [row] = await queryRows<{ files: string; payments: string; ledger: string }>(
    server.database.db,
    sql`SELECT (SELECT count(*) FROM bank_files)::text AS files, (SELECT count(*) FROM bank_payments)::text AS payments,
      (SELECT count(*) FROM payments)::text AS ledger`,
  );
  return row;
};

/** Half of an exact decimal amount, rounded down to whole öre. */
const half = (amount: string) => {
  const ore = Math.round(Number(amount) * 100);
  const h = Math.floor(ore / 2);
  return `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;
};

describe('POST /api/admin/bank-files (BgMax)', () => {
  it('records an exact and a partial payment by OCR on the bank day, queues the unknown one; the same file again records nothing', async () => {
    const exact = await place();
    const partial = await place();
    const file = bgmaxBytes({
      deposits: [
        {
          paymentDay: today,
          payments: [
            { amount: exact.total, reference: ocrOf(exact), name: 'Exakt AB' },
            { amount: half(partial.total), reference: ocrOf(partial) },
            { amount: '1234.00', reference: ocrReference('99999999'), name: 'Okänd Betalare' },
          ],
        },
      ],
    });
    const first = await uploadBankFile(server, swedish(), file);
    expect(first.status).toBe(201);
    expect(first.body).toEqual(importAnswer('bgmax', { payments: 3, matched: 2, unmatched: 1 }));

    const paid = await detail(exact.orderNumber);
    expect(paid.paymentState).toBe('paid');
    expect(paid.payments).toEqual([
      expect.objectContaining({ amount: exact.total, paidOn: today, method: 'bankgiro' }),
    ]);
    expect((await detail(partial.orderNumber)).paymentState).toBe('partly_paid');
    const waiting = await queue();
    expect(waiting.filter((p) => p.amount === '1234.00')).toEqual([
      expect.objectContaining({
        state: 'unmatched',
        reason: 'unknown_reference',
        bookedOn: today,
        payerName: 'Okänd Betalare',
        references: [ocrReference('99999999')],
      }),
    ]);

    const before = await counts();
    const again = await uploadBankFile(server, swedish(), file);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(
      importAnswer('bgmax', { payments: 3, matched: 0, unmatched: 0, duplicates: 3 }),
    );
    const after = await counts();
    expect(after?.ledger).toBe(before?.ledger);
    expect(after?.payments).toBe(before?.payments);
    expect((await detail(exact.orderNumber)).payments).toHaveLength(1);
    expect((await detail(partial.orderNumber)).paymentState).toBe('partly_paid');
  });

  it('an unmatched payment is assigned by hand (recorded once, audited) or marked not ours', async () => {
    const order = await place();
    const file = bgmaxBytes({
      deposits: [
        {
          paymentDay: today,
          payments: [
            { amount: order.total, reference: '12345', referenceCode: 4, serialNumber: 900001 },
            { amount: '50.00', information: ['Gåva'], serialNumber: 900002 },
          ],
        },
      ],
    });
    const imported = await uploadBankFile(server, swedish(), file);
    expect(imported.body).toMatchObject({ matched: 0, unmatched: 2 });
    const waiting = await queue();
    const mine = waiting.find((p) => p.amount === order.total && p.references.includes('12345'));
    const gift = waiting.find((p) => p.messages.includes('Gåva'));
    if (!mine || !gift) throw new Error('both payments should wait in the queue');

    const unknown = await request<{ error: string }>(server, `/api/admin/bank-payments/${mine.id}/assign`, {
      method: 'POST',
      headers: { cookie: swedish() },
      json: { invoice: 'INV-1' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toBe('Det finns ingen faktura med det numret.');

    const assigned = await request<QueuedBankPayment>(server, `/api/admin/bank-payments/${mine.id}/assign`, {
      method: 'POST',
      headers: { cookie: swedish() },
      json: { invoice: order.orderNumber },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({
      state: 'assigned',
      invoice: order.orderNumber,
      decidedBy: 'Ägare',
    });
    const paid = await detail(order.orderNumber);
    expect(paid.paymentState).toBe('paid');
    expect(paid.payments).toEqual([expect.objectContaining({ paidOn: today, amount: order.total })]);

    const twice = await request<{ error: string }>(server, `/api/admin/bank-payments/${mine.id}/assign`, {
      method: 'POST',
      headers: { cookie: swedish() },
      json: { invoice: order.orderNumber },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('Betalningen är redan hanterad.');
    expect((await detail(order.orderNumber)).payments).toHaveLength(1);

    const notOurs = await request<QueuedBankPayment>(server, `/api/admin/bank-payments/${gift.id}/not-ours`, {
      method: 'POST',
      headers: { cookie: swedish() },
      json: { note: 'Fel bankgiro' },
    });
    expect(notOurs.status).toBe(200);
    expect(notOurs.body).toMatchObject({ state: 'not_ours', note: 'Fel bankgiro', decidedBy: 'Ägare' });
    expect(notOurs.body.decidedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await queue()).map((p) => p.id)).not.toContain(gift.id);
    expect((await queue('decided')).map((p) => p.id)).toEqual(expect.arrayContaining([mine.id, gift.id]));

    const audit = await queryRows<{ target: string; after: Record<string, unknown> }>(
      server.database.db,
      sql`SELECT target, after FROM audit_events WHERE action = 'payment' ORDER BY id DESC LIMIT 2`,
    );
    expect(audit.map((event) => event.target)).toEqual([`bank payment ${gift.id}`, order.orderNumber]);
    expect(audit[0]?.after).toMatchObject({ notOurs: true, note: 'Fel bankgiro' });
    expect(audit[1]?.after).toMatchObject({ bankPayment: mine.id, amount: order.total });
  });

  it('refuses a file whose counts or sums do not add up, whole, with the line in Swedish; nothing is kept', async () => {
    const order = await place();
    const before = await counts();
    const wrongSum = bgmaxBytes({
      deposits: [
        {
          paymentDay: today,
          payments: [{ amount: order.total, reference: ocrOf(order), serialNumber: 800001 }],
          statedAmount: '1.00',
        },
      ],
    });
    const refused = await uploadBankFile(server, swedish(), wrongSum);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(
      /^Filen lästes inte in \(ingenting bokfördes\): Rad \d+: insättningens belopp/,
    );

    const wrongCount = bgmaxBytes({
      deposits: [{ paymentDay: today, payments: [{ amount: order.total, reference: ocrOf(order) }] }],
      closing: { payments: 7 },
    });
    const counted = await uploadBankFile(server, `${server.cookie}; lang=en`, wrongCount);
    expect(counted.status).toBe(400);
    expect(counted.body.error).toContain('the file states 7 payment records but holds 1');

    const notABankFile = await uploadBankFile(server, swedish(), 'hello,world\n1,2\n', 'orders.csv');
    expect(notABankFile.status).toBe(400);
    expect(notABankFile.body.error).toContain('varken en BgMax-fil');
    const testFile = await uploadBankFile(server, swedish(), bgmaxText({ deposits: [], testMark: 'T' }));
    expect(testFile.status).toBe(400);
    expect(testFile.body.error).toContain('testfil');

    const noFile = await request<{ error: string }>(server, '/api/admin/bank-files', {
      method: 'POST',
      headers: { cookie: swedish() },
      json: {},
    });
    expect(noFile.status).toBe(400);
    expect(noFile.body.error).toBe('Välj en bankfil att läsa in (ett filfält).');

    expect(await counts()).toEqual(before);
    expect((await detail(order.orderNumber)).paymentState).toBe('unpaid');
  });
});

describe('POST /api/admin/bank-files (camt.054)', () => {
  it('records a payment by its SCOR reference on BookgDt and by invoice number and amount in free text', async () => {
    const byOcr = await place();
    const byText = await place();
    const xml = camt054Xml({
      notifications: [
        {
          summary: 'computed',
          entries: [
            {
              amount: byOcr.total,
              bookedOn: today,
              servicerRef: `CAMT-${byOcr.orderNumber}`,
              transactions: [
                { amount: byOcr.total, ocr: ocrOf(byOcr), servicerRef: `TX-${byOcr.orderNumber}` },
              ],
            },
            {
              amount: byText.total,
              bookedOn: today,
              servicerRef: `CAMT-${byText.orderNumber}`,
              transactions: [
                {
                  amount: byText.total,
                  unstructured: [`Faktura ${byText.orderNumber}`],
                  servicerRef: `TX-${byText.orderNumber}`,
                },
              ],
            },
          ],
        },
      ],
    });
    const imported = await uploadBankFile(server, swedish(), xml, 'camt054.xml');
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual(importAnswer('camt054', { payments: 2, matched: 2, unmatched: 0 }));
    for (const order of [byOcr, byText]) {
      const money = await detail(order.orderNumber);
      expect(money.paymentState).toBe('paid');
      expect(money.payments).toEqual([expect.objectContaining({ paidOn: today, method: 'bank_transfer' })]);
    }
    const again = await uploadBankFile(server, swedish(), xml, 'camt054.xml');
    expect(again.body).toEqual(
      importAnswer('camt054', { payments: 2, matched: 0, unmatched: 0, duplicates: 2 }),
    );
  });
});

describe('GET /api/admin/receivables', () => {
  it('lists open invoices with due date, last day to pay and state; filters; the aging adds up', async () => {
    const partly = await place({ ...testCustomer, name: 'Delvis Dahl' });
    await request(server, `/api/admin/orders/${partly.orderNumber}/payments`, {
      method: 'POST',
      headers: { cookie: swedish() },
      json: { amount: '100,00', paidOn: today },
    });
    const all = await request<ReceivablesAnswer>(server, '/api/admin/receivables', {
      headers: { cookie: swedish() },
    });
    expect(all.status).toBe(200);
    const row = all.body.invoices.find((invoice) => invoice.number === partly.orderNumber);
    expect(row).toMatchObject({
      issuedOn: today,
      dueOn: addDays(today, 30),
      daysOverdue: 0,
      paid: '100.00',
      paymentState: 'partly_paid',
    });
    expect((row?.lastDayToPay ?? '') >= (row?.dueOn ?? '')).toBe(true);
    const sum = all.body.invoices.reduce(
      (total, invoice) => total + Math.round(Number(invoice.balance) * 100),
      0,
    );
    expect(Math.round(Number(all.body.aging.total) * 100)).toBe(sum);

    const filtered = await request<ReceivablesAnswer>(
      server,
      '/api/admin/receivables?filter=partly_paid&customer=delvis',
      { headers: { cookie: swedish() } },
    );
    expect(filtered.body.invoices.map((invoice) => invoice.number)).toEqual([partly.orderNumber]);
    const overdue = await request<ReceivablesAnswer>(server, '/api/admin/receivables?filter=overdue', {
      headers: { cookie: swedish() },
    });
    expect(overdue.body.invoices).toEqual([]);
    const bad = await request<{ error: string }>(server, '/api/admin/receivables?filter=nope', {
      headers: { cookie: swedish() },
    });
    expect(bad.status).toBe(400);
  });
});
