import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, stockholmDate } from '@/shared/dates';
import { ocrReference } from '@/shared/invoicing/ocr-reference';
import { oreFromDecimal, paymentState, paymentStates, type LedgerSums } from '@/shared/ledger';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import type { ReceivablesAnswer } from '@/shared/receivables/bank-payments';
import { queryRows } from '@/server/db/query-rows';
import { parseCsv } from '@tests/helpers/csv';
import { fetchValidSie, sieVerifications } from '@tests/helpers/ledger';
import { checkoutBody, testCustomer } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

const server = useAdminServer();
const swedish = () => `${server.cookie}; lang=sv`;
// Read again before each test: a run that passes midnight in Stockholm must not post yesterday's date as today.
let today = stockholmDate(new Date());
beforeEach(() => {
  today = stockholmDate(new Date());
});

let keys = 0;
async function place(name: string): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: {
      ...checkoutBody(`receivables-${Date.now()}-${++keys}-abcdefgh`),
      customer: { ...testCustomer, name },
    },
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

const post = (number: string, action: string, json: unknown) =>
  request<{ error?: string }>(server, `/api/admin/orders/${number}/${action}`, {
    method: 'POST',
    headers: { cookie: swedish() },
    json,
  });

/** Moves an order's invoice (and its payments) back in time, as if issued `days` ago. */
async function backdate(number: string, days: number) {
  await server.database.db.execute(
    sql`UPDATE documents SET issued_on = ${addDays(today, -days)}::date, due_on = ${addDays(today, 30 - days)}::date
      WHERE number = ${number}`,
  );
}

/** The SIE export of the year up to `to`, as bytes, after validate-sie (Sie4j) accepted it. */
function sieExport(to: string): Promise<Uint8Array> {
  return fetchValidSie(
    server.url,
    `/api/admin/sie?from=${addDays(to as never, -365)}&to=${to}`,
    server.cookie,
  );
}

/** The balance of account 1510 Kundfordringar over every verification of the SIE export up to `to`. */
async function sieReceivables(to: string): Promise<number> {
  return sieVerifications(await sieExport(to))
    .flatMap((verification) => verification.transactions)
    .filter((transaction) => transaction.account === '1510')
    .reduce((sum, transaction) => sum + transaction.ore, 0);
}

async function agingTotal(on: string): Promise<{ total: number; answer: ReceivablesAnswer }> {
  const response = await request<ReceivablesAnswer>(server, `/api/admin/receivables?on=${on}`, {
    headers: { cookie: swedish() },
  });
  expect(response.status).toBe(200);
  return { total: oreFromDecimal(response.body.aging.total), answer: response.body };
}

describe('receivables: the aging total is account 1510 of the SIE export for the same day', () => {
  it('with unpaid, partly paid, overpaid, credited and overdue invoices, today and 20 days ago', async () => {
    const unpaid = await place('Obetald Olsson');
    const partly = await place('Delvis Dahl');
    const overpaid = await place('Över Öberg');
    const credited = await place('Kredit Karlsson');
    const old = await place('Gammal Gren');
    const older = await place('Äldre Ek');
    await backdate(old.orderNumber, 45);
    await backdate(older.orderNumber, 130);
    expect((await post(partly.orderNumber, 'payments', { amount: '1000,00', paidOn: today })).status).toBe(
      201,
    );
    const over = oreFromDecimal(overpaid.total) + 5000;
    expect(
      (
        await post(overpaid.orderNumber, 'payments', {
          amount: `${Math.floor(over / 100)},00`,
          paidOn: today,
        })
      ).status,
    ).toBe(201);
    expect(
      (await post(credited.orderNumber, 'credit-notes', { amount: '500,00', reason: 'Rabatt' })).status,
    ).toBe(201);
    // A payment 25 days ago on the old invoice: counted on both days asked.
    expect(
      (await post(old.orderNumber, 'payments', { amount: '200,00', paidOn: addDays(today, -25) })).status,
    ).toBe(201);

    // A reminder on the invoice 100 days overdue: its fee and interest are a receivable of their own
    // (1510 against 3930 and 8313), in the aging as in the SIE export.
    const reminded = await post(older.orderNumber, 'reminders', {});
    expect(reminded.status).toBe(201);
    const reminder = reminded.body as { reminder?: string; total?: string };
    expect(oreFromDecimal(reminder.total ?? '0')).toBeGreaterThan(0);

    const now = await agingTotal(today);
    expect(now.total).toBe(await sieReceivables(today));
    expect(now.answer.invoices.find((i) => i.number === reminder.reminder)).toMatchObject({
      kind: 'reminder',
      balance: reminder.total,
    });
    // The accountant's validator (Sie4j) accepts the export with the reminder's verification in it.
    const sie = await sieExport(today);
    expect(sieVerifications(sie).some((v) => v.text.startsWith(`Påminnelse ${reminder.reminder}`))).toBe(
      true,
    );
    expect(now.total).not.toBe(0);
    // Every bucket with its invoices; the buckets add up to the total.
    const buckets = ['not_due', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'] as const;
    expect(buckets.reduce((sum, bucket) => sum + oreFromDecimal(now.answer.aging[bucket].amount), 0)).toBe(
      now.total,
    );
    // The old invoice (over 90) and its reminder (issued today, due in 10 days: not due).
    expect(now.answer.aging.over_90.count).toBe(1);
    expect(now.answer.aging.days_1_30.count + now.answer.aging.days_31_60.count).toBe(1);
    expect(now.answer.invoices.find((i) => i.number === overpaid.orderNumber)?.paymentState).toBe('overpaid');
    expect(now.answer.invoices.find((i) => i.number === unpaid.orderNumber)?.balance).toBe(unpaid.total);

    // 20 days ago: only the two back-dated invoices existed, and the payment 25 days ago.
    const before = addDays(today, -20);
    const then = await agingTotal(before);
    expect(then.total).toBe(await sieReceivables(before));
    expect(then.total).toBe(oreFromDecimal(old.total) + oreFromDecimal(older.total) - 20_000);
  });
});

describe('the orders CSV: invoice date, due date, OCR, paid, balance and payment state', () => {
  it('standard: ISO dates, decimal point and state codes; Swedish Excel: decimal comma and Swedish states', async () => {
    const order = await place('Csv Carlsson');
    expect((await post(order.orderNumber, 'payments', { amount: '100,00', paidOn: today })).status).toBe(201);
    const [dates] = await queryRows<{ issued_on: string; due_on: string }>(
      server.database.db,
      sql`SELECT to_char(issued_on, 'YYYY-MM-DD') AS issued_on, to_char(due_on, 'YYYY-MM-DD') AS due_on
        FROM documents WHERE number = ${order.orderNumber}`,
    );
    const balance = oreFromDecimal(order.total) - 10_000;
    const decimal = (ore: number) => `${Math.floor(ore / 100)}.${String(ore % 100).padStart(2, '0')}`;
    for (const [format, separator] of [
      ['standard', ','],
      ['excel-sv', ';'],
    ] as const) {
      const response = await fetch(
        `${server.url}/api/admin/orders.csv?format=${format}&q=${encodeURIComponent(order.orderNumber)}`,
        { headers: { cookie: server.cookie } },
      );
      const [header, row] = parseCsv((await response.text()).replace(/^\uFEFF/, ''), separator);
      if (!header || !row) throw new Error('no CSV rows');
      const cell = (name: string) => row[header.indexOf(name)];
      expect(header.slice(-6).join(' | ')).toBe(
        'Fakturadatum | Förfallodag | OCR | Betalt (kr) | Kvar att betala (kr) | Betalningsstatus',
      );
      expect(cell('Fakturadatum')).toBe(dates?.issued_on);
      expect(cell('Förfallodag')).toBe(dates?.due_on);
      expect(cell('OCR')).toBe(ocrReference(order.orderNumber.slice(4)));
      const money = (ore: number) => (format === 'excel-sv' ? decimal(ore).replace('.', ',') : decimal(ore));
      expect(cell('Betalt (kr)')).toBe(money(10_000));
      expect(cell('Kvar att betala (kr)')).toBe(money(balance));
      expect(cell('Betalningsstatus')).toBe(format === 'excel-sv' ? 'Delvis betald' : 'partly_paid');
    }
  });

  it('the database’s payment state is paymentState() for every kind of sums', async () => {
    const cases: LedgerSums[] = [
      { invoiced: 0, credited: 0, received: 0, refunded: 0 },
      { invoiced: 1000, credited: 0, received: 0, refunded: 0 },
      { invoiced: 1000, credited: 0, received: 400, refunded: 0 },
      { invoiced: 1000, credited: 0, received: 1000, refunded: 0 },
      { invoiced: 1000, credited: 0, received: 1200, refunded: 0 },
      { invoiced: 1000, credited: 0, received: 1200, refunded: 200 },
      { invoiced: 1000, credited: 1000, received: 0, refunded: 0 },
      { invoiced: 1000, credited: 1000, received: 1000, refunded: 0 },
      { invoiced: 1000, credited: 1000, received: 1000, refunded: 1000 },
      { invoiced: 1000, credited: 300, received: 700, refunded: 0 },
      { invoiced: 1000, credited: 300, received: 500, refunded: 0 },
    ];
    for (const sums of cases) {
      const order = await place(`Stat ${cases.indexOf(sums)}`);
      // The sums written straight into the ledger tables of a fresh order.
      const [invoice] = await queryRows<{ id: string }>(
        server.database.db,
        sql`SELECT id::text AS id FROM documents WHERE number = ${order.orderNumber}`,
      );
      const id = Number(invoice?.id);
      const kr = (ore: number) => (ore / 100).toFixed(2);
      if (sums.invoiced === 0) await server.database.db.execute(sql`DELETE FROM documents WHERE id = ${id}`);
      else
        await server.database.db.execute(
          sql`UPDATE documents SET net = ${kr(sums.invoiced)}::numeric, vat = 0, total = ${kr(sums.invoiced)}::numeric WHERE id = ${id}`,
        );
      if (sums.credited > 0)
        await server.database.db.execute(
          sql`INSERT INTO documents (order_id, kind, number, seq, issued_on, language, vat_treatment, net, vat, total, snapshot, corrects_document_id)
            SELECT order_id, 'credit_note', 'KR-' || (seq + 900000000), seq + 900000000, issued_on, language, vat_treatment,
              ${kr(-sums.credited)}::numeric, 0, ${kr(-sums.credited)}::numeric, '{}'::jsonb, id FROM documents WHERE id = ${id}`,
        );
      for (const amount of [sums.received, -sums.refunded].filter((a) => a !== 0))
        await server.database.db.execute(
          sql`INSERT INTO payments (document_id, amount, paid_on, method) VALUES (${id}, ${kr(amount)}::numeric, ${today}::date, 'other')`,
        );
      const response = await fetch(
        `${server.url}/api/admin/orders.csv?q=${encodeURIComponent(order.orderNumber)}`,
        { headers: { cookie: server.cookie } },
      );
      const [header, row] = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
      const state = row?.[header?.indexOf('Betalningsstatus') ?? -1];
      expect(paymentStates).toContain(state);
      expect({ sums, state }).toEqual({ sums, state: paymentState(sums) });
    }
  });
});
