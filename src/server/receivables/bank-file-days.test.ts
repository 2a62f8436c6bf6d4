import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@/shared/admin';
import { addDays, stockholmDate } from '@/shared/dates';
import { ocrReference } from '@/shared/invoicing/ocr-reference';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import type { BankFileImportAnswer, QueuedBankPayment } from '@/shared/receivables/bank-payments';
import { queryRows } from '@/server/db/query-rows';
import { bgmaxBytes, camt054Xml } from '@tests/helpers/bank-files';
import { uploadBankFile } from '@tests/helpers/bank-file-upload';
import { fetchValidSie, sieVerifications } from '@tests/helpers/ledger';
import { placeOrder } from '@tests/helpers/place-order';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/**
 * A bank file's lines and the ledger's one rule for a payment's day (issue 42, docs/decisions/0075):
 * in one file, a payment in a closed month, one dated before its invoice, one after today and a
 * normal one. Only the normal one is recorded on its invoice; the first two wait in the queue on
 * the suspense account (2999) in the open period, the future one is refused; the import's answer
 * says so line by line in the admin's language, the SIE (validate-sie) books nothing in the closed
 * month, and the same file again books nothing twice. Assigned by hand, the waiting ones are
 * recorded on the day of the assignment, which the rule takes.
 */
const server = useAdminServer();
const swedish = () => `${server.cookie}; lang=sv`;
const english = () => `${server.cookie}; lang=en`;
let today = stockholmDate(new Date());
let yesterday = addDays(today, -1);
let tomorrow = addDays(today, 1);
// 45 days back is always a month before yesterday's: that month is closed, yesterday's is open.
let inClosedMonth = addDays(today, -45);
let closedMonth = inClosedMonth.slice(0, 7);

/**
 * The file's days are the server's: a file that ran across Stockholm's midnight had its "tomorrow"
 * taken by the server as today (a rehearsal at 23:00 UTC). Within ten minutes of midnight the file
 * waits for it to pass, then reads the day.
 */
const STOCKHOLM_MIDNIGHT_MARGIN_MS = 10 * 60_000;
beforeAll(async () => {
  while (stockholmDate(new Date(Date.now() + STOCKHOLM_MIDNIGHT_MARGIN_MS)) !== stockholmDate(new Date()))
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  today = stockholmDate(new Date());
  yesterday = addDays(today, -1);
  tomorrow = addDays(today, 1);
  inClosedMonth = addDays(today, -45);
  closedMonth = inClosedMonth.slice(0, 7);
}, STOCKHOLM_MIDNIGHT_MARGIN_MS + 60_000);
const ocrOf = (order: PlacedOrderAnswer) => ocrReference(order.orderNumber.slice(4));

const detail = async (number: string) =>
  (await request<AdminOrderDetail>(server, `/api/admin/orders/${number}`, { headers: { cookie: english() } }))
    .body;

/** Four orders: the closed month's invoice issued before that month, the others today. */
async function fourOrders() {
  const [closed, early, future, normal] = [
    await placeOrder(server),
    await placeOrder(server),
    await placeOrder(server),
    await placeOrder(server),
  ] as const;
  await queryRows(
    server.database.db,
    sql`UPDATE documents SET issued_on = ${addDays(inClosedMonth, -10)}::date WHERE number = ${closed.orderNumber}`,
  );
  return { closed, early, future, normal };
}

async function closeTheMonth(): Promise<void> {
  const answer = await request(server, '/api/admin/closed-months', {
    method: 'POST',
    headers: { cookie: english() },
    json: { month: closedMonth },
  });
  expect([201, 200, 409]).toContain(answer.status);
}

const sie = async () =>
  sieVerifications(
    await fetchValidSie(server.url, `/api/admin/sie?from=${closedMonth}-01&to=${today}`, server.cookie),
  );

/** The verifications that name an order's invoice (payments, series B) or its bank payment (series C). */
async function bookedFor(order: PlacedOrderAnswer, queued: QueuedBankPayment | undefined) {
  const all = await sie();
  return all.filter(
    (v) =>
      (v.series === 'B' && v.text.includes(order.orderNumber)) ||
      (queued !== undefined && v.series === 'C' && v.number === queued.id),
  );
}

async function queued(order: PlacedOrderAnswer): Promise<QueuedBankPayment | undefined> {
  const waiting = await request<{ payments: QueuedBankPayment[] }>(server, '/api/admin/bank-payments', {
    headers: { cookie: english() },
  });
  return waiting.body.payments.find((p) => p.references.includes(ocrOf(order)));
}

async function assign(payment: QueuedBankPayment | undefined, order: PlacedOrderAnswer) {
  if (!payment) throw new Error(`the payment of ${order.orderNumber} should wait in the queue`);
  return request<QueuedBankPayment & { error?: string }>(
    server,
    `/api/admin/bank-payments/${payment.id}/assign`,
    {
      method: 'POST',
      headers: { cookie: english() },
      json: { invoice: order.orderNumber },
    },
  );
}

type Orders = Awaited<ReturnType<typeof fourOrders>>;

/** What both formats' files lead to: the answer, the ledger and the SIE, the file again, the assignments. */
async function checkImport(
  orders: Orders,
  upload: () => ReturnType<typeof uploadBankFile>,
  inSwedish: boolean,
) {
  const { closed, early, future, normal } = orders;
  const imported = await upload();
  expect(imported.status).toBe(201);
  const answer: BankFileImportAnswer = imported.body;
  expect(answer).toMatchObject({ payments: 4, matched: 1, unmatched: 2, duplicates: 0, refused: 1 });
  const byReason = Object.fromEntries(answer.notBooked.map((line) => [line.reason, line]));
  expect(Object.keys(byReason).sort()).toEqual(['before_invoice', 'closed_month', 'future']);
  expect(byReason.closed_month).toMatchObject({
    bookedOn: inClosedMonth,
    amount: closed.total,
    invoice: closed.orderNumber,
    enteredOn: today,
  });
  expect(byReason.before_invoice).toMatchObject({
    bookedOn: yesterday,
    invoice: early.orderNumber,
    issuedOn: today,
    enteredOn: yesterday,
  });
  expect(byReason.future).toMatchObject({ bookedOn: tomorrow, invoice: null, enteredOn: null });
  const messages = answer.notBooked.map((line) => line.message);
  if (inSwedish) {
    expect(messages).toContainEqual(
      expect.stringContaining(
        `${closedMonth} är stängd i bokföringen, så betalningen bokfördes inte på ${closed.orderNumber}. Den står på OBS-kontot (2999) från ${today}`,
      ),
    );
    expect(messages).toContainEqual(
      expect.stringContaining(`dagen ${tomorrow} är efter i dag. Raden avvisades och ingenting bokfördes`),
    );
  } else {
    expect(messages).toContainEqual(
      expect.stringContaining(
        `the day ${yesterday} is before the invoice date of ${early.orderNumber} (${today}), so the payment was not recorded on the invoice`,
      ),
    );
    expect(messages).toContainEqual(
      expect.stringContaining(
        `the day ${tomorrow} is after today. The line was refused and nothing was booked`,
      ),
    );
  }

  // The ledger: only the normal payment is on its invoice.
  expect((await detail(normal.orderNumber)).payments).toEqual([
    expect.objectContaining({ paidOn: today, amount: normal.total }),
  ]);
  for (const order of [closed, early, future]) expect((await detail(order.orderNumber)).payments).toEqual([]);

  // The SIE: nothing in the closed month; the waiting money on 2999 in the open period.
  const ore = (order: PlacedOrderAnswer) => Math.round(Number(order.total) * 100);
  const verifications = await sie();
  expect(
    verifications.filter((v) => v.date.startsWith(closedMonth) && v.text.includes('bankbetalning')),
  ).toEqual([]);
  const closedWaiting = await queued(closed);
  const earlyWaiting = await queued(early);
  expect(closedWaiting?.reason).toBe('closed_month');
  expect(earlyWaiting?.reason).toBe('before_invoice');
  expect(await queued(future)).toBeUndefined();
  expect(await bookedFor(closed, closedWaiting)).toEqual([
    expect.objectContaining({
      series: 'C',
      date: today,
      transactions: [
        { account: '1930', ore: ore(closed) },
        { account: '2999', ore: -ore(closed) },
      ],
    }),
  ]);
  expect(await bookedFor(early, earlyWaiting)).toEqual([
    expect.objectContaining({ series: 'C', date: yesterday }),
  ]);
  expect(await bookedFor(future, undefined)).toEqual([]);
  expect(await bookedFor(normal, undefined)).toHaveLength(1);

  // The same file again: nothing booked twice, the future line refused again.
  const again = await upload();
  expect(again.body).toMatchObject({ payments: 4, matched: 0, unmatched: 0, duplicates: 3, refused: 1 });
  expect(again.body.notBooked.map((line) => line.reason)).toEqual(['future']);
  expect(await sie()).toEqual(verifications);

  // Assigned by hand: recorded on the day of the assignment, in the open period, after the invoice.
  for (const [order, waiting] of [
    [closed, closedWaiting],
    [early, earlyWaiting],
  ] as const) {
    const assigned = await assign(waiting, order);
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ state: 'assigned', invoice: order.orderNumber });
    const paid = await detail(order.orderNumber);
    expect(paid.paymentState).toBe('paid');
    expect(paid.payments).toEqual([expect.objectContaining({ paidOn: today, amount: order.total })]);
    expect((await bookedFor(order, waiting)).map((v) => [v.series, v.date])).toContainEqual(['B', today]);
  }
  await sie();
}

// Each file test runs validate-sie (a JVM) several times on a shared machine: a longer limit.
describe('a bank file’s lines against closed months and their invoices’ days', { timeout: 180_000 }, () => {
  it('BgMax: a closed month, a day before the invoice, a future day and a normal payment in one file', async () => {
    await closeTheMonth();
    const orders = await fourOrders();
    const deposit = (paymentDay: string, order: PlacedOrderAnswer, serialNumber: number) => ({
      paymentDay,
      payments: [{ amount: order.total, reference: ocrOf(order), serialNumber }],
    });
    const file = bgmaxBytes({
      deposits: [
        deposit(inClosedMonth, orders.closed, 810001),
        deposit(yesterday, orders.early, 810002),
        deposit(tomorrow, orders.future, 810003),
        deposit(today, orders.normal, 810004),
      ],
    });
    await checkImport(orders, () => uploadBankFile(server, swedish(), file), true);
  });

  it('camt.054: the same four lines, answered in English', async () => {
    await closeTheMonth();
    const orders = await fourOrders();
    const entry = (bookedOn: string, order: PlacedOrderAnswer) => ({
      amount: order.total,
      bookedOn,
      servicerRef: `DAYS-${order.orderNumber}`,
      transactions: [{ amount: order.total, ocr: ocrOf(order), servicerRef: `DAYS-TX-${order.orderNumber}` }],
    });
    const xml = camt054Xml({
      notifications: [
        {
          summary: 'computed',
          entries: [
            entry(inClosedMonth, orders.closed),
            entry(yesterday, orders.early),
            entry(tomorrow, orders.future),
            entry(today, orders.normal),
          ],
        },
      ],
    });
    await checkImport(orders, () => uploadBankFile(server, english(), xml, 'camt054.xml'), false);
  });

  it('a payment typed in by hand is refused by the same rule: closed month, before the invoice, future', async () => {
    await closeTheMonth();
    const order = await placeOrder(server);
    const pay = (paidOn: string) =>
      request<{ error: string; fieldErrors?: Record<string, string> }>(
        server,
        `/api/admin/orders/${order.orderNumber}/payments`,
        { method: 'POST', headers: { cookie: english() }, json: { amount: order.total, paidOn } },
      );
    const closed = await pay(inClosedMonth);
    expect(closed.status).toBe(400);
    expect(closed.body.error).toContain(`${closedMonth} is closed in the books`);
    const early = await pay(yesterday);
    expect(early.status).toBe(400);
    expect(early.body.error).toBe(
      `The payment day cannot be before the invoice date of ${order.orderNumber} (${today})`,
    );
    const future = await pay(tomorrow);
    expect(future.status).toBe(400);
    expect(future.body.fieldErrors?.paidOn).toBe(future.body.error);
    expect((await detail(order.orderNumber)).payments).toEqual([]);
  });
});
