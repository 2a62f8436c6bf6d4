import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@/shared/admin';
import { addDays, stockholmDate } from '@/shared/dates';
import type { OrderView } from '@/shared/order-view';
import type { QueuedBankPayment } from '@/shared/receivables/bank-payments';
import { bgmaxBytes } from '@tests/helpers/bank-files';
import { uploadBankFile } from '@tests/helpers/bank-file-upload';
import { readEml } from '@tests/helpers/eml';
import { orderEmailsOfKind } from '@tests/helpers/outbox';
import { fetchValidSie, pdfText, placedDaysAgo, sieVerifications } from '@tests/helpers/ledger';
import { ocrReference } from '@/shared/invoicing/ocr-reference';
import { rfReference } from '@/shared/invoicing/rf-reference';
import { testCustomer } from '@tests/helpers/orders';
import { placeEurOrder, placeOrder } from '@tests/helpers/place-order';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { issueUpgradeCreditNotes, upgradeCreditReason } from '@/server/ledger';

/**
 * Money, round 2 (issue 42): payments in EUR with the SEK the bank booked and the exchange
 * difference (3960/7960), small differences settled by öresavrundning (3740), and money no invoice
 * was found for booked on the suspense account (2999) and moved when assigned.
 */
const server = useAdminServer();
const english = () => `${server.cookie}; lang=en`;
// Read again before each test: a run that passes midnight in Stockholm must not post yesterday's date as today.
let today = stockholmDate(new Date());
let yesterday = addDays(today, -1);
beforeEach(() => {
  today = stockholmDate(new Date());
  yesterday = addDays(today, -1);
});

const swedishCompany = {
  ...testCustomer,
  customerType: 'company',
  companyName: 'Exempel AB',
  orgNumber: '556677-8899',
  personalNumber: '',
};

const outboxFiles = (orderNumber: string, kind: string) =>
  orderEmailsOfKind(server, orderNumber, kind).map((mail) => mail.raw);

const detail = async (number: string) =>
  (await request<AdminOrderDetail>(server, `/api/admin/orders/${number}`, { headers: { cookie: english() } }))
    .body;

const pay = (number: string, json: Record<string, unknown>) =>
  request<AdminOrderDetail & { error?: string }>(server, `/api/admin/orders/${number}/payments`, {
    method: 'POST',
    headers: { cookie: english() },
    json,
  });

/** The admin records a payment in euros with the SEK the bank booked for it. */
const payEuros = (number: string, amount: string, bookedSek: string, paidOn: string) =>
  pay(number, { amount, currency: 'EUR', bookedSek, paidOn });

const sie = async () =>
  sieVerifications(
    await fetchValidSie(server.url, `/api/admin/sie?from=${yesterday}&to=${today}`, server.cookie),
  );

describe('payments in EUR', () => {
  // Renders the invoice's PDF and the receipt email on a shared machine: a longer limit.
  it(
    'paying balanceInCurrency in EUR leaves the order paid; the SIE books the SEK the bank booked and the loss on 7960',
    { timeout: 120_000 },
    async () => {
      const order = await placeEurOrder(server);
      await placedDaysAgo(server.database, order.orderNumber, 1);
      const before = await detail(order.orderNumber);
      // The EUR invoice gives an RF creditor reference (ISO 11649) beside the OCR.
      const invoicePdf = await fetch(
        `${server.url}/api/admin/orders/${order.orderNumber}/documents/${order.orderNumber}.pdf`,
        {
          headers: { cookie: server.cookie },
        },
      );
      const invoiceText = await pdfText(new Uint8Array(await invoicePdf.arrayBuffer()));
      const ocr = ocrReference(order.orderNumber.slice(4));
      expect(invoiceText).toContain(`Creditor reference (RF, ISO 11649)\n${rfReference(ocr)}`);
      // 12 618,75 kr at 0,088 EUR per SEK: 1 110,45 EUR.
      expect(before.documents[0]).toMatchObject({
        number: order.orderNumber,
        currency: 'EUR',
        total: '12618.75',
        totalInCurrency: '1110.45',
        balanceInCurrency: '1110.45',
      });

      // Part first: 500 EUR, the bank booked 5 700 kr (a better rate than the invoice's).
      const part = await payEuros(order.orderNumber, '500,00', '5 700,00', yesterday);
      expect(part.status).toBe(201);
      expect(part.body.paymentState).toBe('partly_paid');
      expect(part.body.documents[0]).toMatchObject({ currency: 'EUR', balanceInCurrency: '610.45' });
      // 500 EUR at the invoice's rate clears 5 681,82 kr.
      expect(part.body.payments).toEqual([
        expect.objectContaining({
          amount: '5681.82',
          currency: 'EUR',
          amountInCurrency: '500.00',
          bookedSek: '5700.00',
        }),
      ]);

      // The buyer's receipt speaks EUR: what arrived and what is left, no SEK amount.
      await server.app.emailOutbox.drain();
      const [receipt] = outboxFiles(order.orderNumber, 'payment_received').map(readEml);
      const receiptText = (receipt?.text ?? '').replace(/[\u00a0\u202f]/g, ' ');
      expect(receiptText).toContain('500,00 €');
      expect(receiptText).toContain('610,45 €');
      expect(receiptText).not.toMatch(/\d kr\b/);

      const rest = await payEuros(order.orderNumber, '610.45', '6800.00', today);
      expect(rest.status).toBe(201);
      expect(rest.body.paymentState).toBe('paid');
      expect(rest.body.balance).toBe('0.00');
      expect(rest.body.documents[0]).toMatchObject({ balanceInCurrency: '0.00' });

      // The buyer's JSON says the same.
      const buyer = await request<OrderView>(
        server,
        `/api/orders/${order.orderNumber}?token=${order.accessToken}`,
      );
      expect(buyer.body.money.documents[0]).toMatchObject({
        currency: 'EUR',
        totalInCurrency: '1110.45',
        balanceInCurrency: '0.00',
      });

      const verifications = (await sie()).filter(
        (v) => v.series === 'B' && v.text.includes(order.orderNumber),
      );
      expect(verifications.map((v) => v.transactions)).toEqual([
        // 5 700,00 booked, 5 681,82 cleared: a gain of 18,18 on 3960.
        [
          { account: '1930', ore: 570000 },
          { account: '1510', ore: -568182 },
          { account: '3960', ore: -1818 },
        ],
        // 6 800,00 booked, 6 936,93 cleared (the rest in SEK): a loss of 136,93 on 7960.
        [
          { account: '1930', ore: 680000 },
          { account: '1510', ore: -693693 },
          { account: '7960', ore: 13693 },
        ],
      ]);
    },
  );

  it('refuses EUR on a SEK invoice, EUR without the SEK booked, and bookedSek on a SEK payment', async () => {
    const sekOrder = await placeOrder(server);
    const onSek = await payEuros(sekOrder.orderNumber, '10', '110', today);
    expect(onSek.status).toBe(409);
    expect(onSek.body.error).toBe(`Invoice ${sekOrder.orderNumber} is in SEK: record the payment in SEK`);
    const eurOrder = await placeEurOrder(server);
    const noBooked = await pay(eurOrder.orderNumber, { amount: '10', currency: 'EUR', paidOn: today });
    expect(noBooked.status).toBe(400);
    expect(noBooked.body.error).toBe('Enter the amount in SEK the bank booked');
    const stray = await pay(eurOrder.orderNumber, { amount: '10', bookedSek: '110', paidOn: today });
    expect(stray.status).toBe(400);
    const bad = await pay(eurOrder.orderNumber, {
      amount: '10',
      currency: 'USD',
      bookedSek: '110',
      paidOn: today,
    });
    expect(bad.status).toBe(400);
    expect((await detail(eurOrder.orderNumber)).payments).toEqual([]);
  });
});

describe('small differences', () => {
  it("an individual's payment short by 0,75 settles the rest by öresavrundning on 3740, shown in admin", async () => {
    const order = await placeOrder(server);
    const short = (Math.round(Number(order.total) * 100) - 75) / 100;
    const paid = await pay(order.orderNumber, { amount: short.toFixed(2), paidOn: today });
    expect(paid.status).toBe(201);
    expect(paid.body.paymentState).toBe('paid');
    expect(paid.body.balance).toBe('0.00');
    expect(paid.body.payments).toEqual([
      expect.objectContaining({ amount: short.toFixed(2) }),
      expect.objectContaining({ amount: '0.75', settlement: 'rounding', settlementReason: null }),
    ]);
    const rounding = (await sie()).find((v) => v.text === `Öresavrundning ${order.orderNumber}`);
    expect(rounding?.transactions).toEqual([
      { account: '3740', ore: 75 },
      { account: '1510', ore: -75 },
    ]);
  });

  it("a company's residual stays until the admin settles it with a reason; a large one is refused", async () => {
    const order = await placeOrder(server, swedishCompany);
    const short = (Math.round(Number(order.total) * 100) - 75) / 100;
    expect(
      (await pay(order.orderNumber, { amount: short.toFixed(2), paidOn: today })).body.paymentState,
    ).toBe('partly_paid');
    const settle = (json: Record<string, unknown>) =>
      request<{ settled?: string; paymentState?: string; error?: string }>(
        server,
        `/api/admin/orders/${order.orderNumber}/settlements`,
        { method: 'POST', headers: { cookie: english() }, json },
      );
    const noReason = await settle({ reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe('Say why the difference is written off');
    const settled = await settle({ reason: 'Bank fee deducted by the payer' });
    expect(settled.status).toBe(201);
    expect(settled.body).toMatchObject({ settled: '0.75', paymentState: 'paid', balance: '0.00' });
    const again = await settle({ reason: 'twice' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Nothing is left to pay on the invoice');
    // No credit note: the sale and its VAT stay as invoiced.
    expect((await detail(order.orderNumber)).documents.map((d) => d.kind)).toEqual(['invoice']);

    const large = await placeOrder(server, swedishCompany);
    const tooMuch = await request<{ error: string }>(
      server,
      `/api/admin/orders/${large.orderNumber}/settlements`,
      {
        method: 'POST',
        headers: { cookie: english() },
        json: { reason: 'Customer refuses to pay' },
      },
    );
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error).toContain('more than a small difference');
  });
});

describe('money no invoice was found for', () => {
  it('is booked on 2999 the day the bank booked it and moved to 1510 when assigned', async () => {
    const order = await placeOrder(server);
    const file = bgmaxBytes({
      deposits: [
        {
          paymentDay: yesterday,
          payments: [{ amount: order.total, reference: '777', referenceCode: 4, serialNumber: 910001 }],
        },
      ],
    });
    const imported = await uploadBankFile(server, english(), file);
    expect(imported.body).toMatchObject({ matched: 0, unmatched: 1 });
    const waiting = await request<{ payments: QueuedBankPayment[] }>(
      server,
      '/api/admin/bank-payments?state=unmatched',
      {
        headers: { cookie: english() },
      },
    );
    const mine = waiting.body.payments.find((p) => p.references.includes('777'));
    if (!mine) throw new Error('the payment should wait in the queue');
    const receipt = (await sie()).find((v) => v.series === 'C' && v.number === Number(mine.id));
    const ore = Math.round(Number(order.total) * 100);
    expect(receipt).toMatchObject({
      date: yesterday,
      transactions: [
        { account: '1930', ore },
        { account: '2999', ore: -ore },
      ],
    });

    const assigned = await request(server, `/api/admin/bank-payments/${mine.id}/assign`, {
      method: 'POST',
      headers: { cookie: english() },
      json: { invoice: order.orderNumber },
    });
    expect(assigned.status).toBe(200);
    const verifications = await sie();
    const moved = verifications.filter((v) => v.series === 'B' && v.text.includes(order.orderNumber));
    // Once, from 2999 on the day it was assigned: 1930 is not debited twice.
    expect(moved).toEqual([
      expect.objectContaining({
        date: today,
        transactions: [
          { account: '2999', ore },
          { account: '1510', ore: -ore },
        ],
      }),
    ]);
    expect(verifications.filter((v) => v.series === 'C' && v.number === Number(mine.id))).toHaveLength(1);
  });
});

describe('the upgrade repair', () => {
  it(
    'credits an order cancelled before the ledger once, dated at the migration with a note, and never reminds it',
    { timeout: 120_000 },
    async () => {
      const order = await placeOrder(server, swedishCompany);
      // As before the ledger: cancelled, its invoice left open (no credit note).
      await server.database.db.execute(
        sql`UPDATE orders SET status = 'cancelled' WHERE order_number = ${order.orderNumber}`,
      );
      // Long overdue, as such an invoice would be by the upgrade.
      await server.database.db.execute(
        sql`UPDATE documents SET due_on = due_on - 60 WHERE number = ${order.orderNumber}`,
      );
      const remind = await request<{ error: string }>(
        server,
        `/api/admin/orders/${order.orderNumber}/reminders`,
        {
          method: 'POST',
          headers: { cookie: english() },
          json: {},
        },
      );
      expect(remind.status).toBe(409);
      expect(remind.body.error).toBe('The order is cancelled: no reminder is sent.');

      // The migration's own statement lists the order.
      const migration = readFileSync('src/server/db/migrations/5310_upgrade_credit_notes.sql', 'utf8');
      const listing = migration.slice(migration.indexOf('INSERT INTO ledger_upgrade_credits'));
      await server.database.db.execute(sql.raw(`${listing.trim().replace(/;$/, '')} ON CONFLICT DO NOTHING`));
      await issueUpgradeCreditNotes(server.database.db, server.config.seller);
      await issueUpgradeCreditNotes(server.database.db, server.config.seller);

      const after = await detail(order.orderNumber);
      expect(after.paymentState).toBe('credited');
      const credits = after.documents.filter((d) => d.kind === 'credit_note');
      expect(credits).toEqual([
        expect.objectContaining({
          corrects: order.orderNumber,
          total: `-${order.total}`,
          issuedOn: today,
          reason: upgradeCreditReason.sv,
        }),
      ]);
      const verification = (await sie()).find((v) =>
        v.text.startsWith(`Kreditfaktura ${credits[0]?.number ?? ''} `),
      );
      expect(verification?.transactions[0]).toEqual({
        account: '1510',
        ore: -Math.round(Number(order.total) * 100),
      });
    },
  );
});
