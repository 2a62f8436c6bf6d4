import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginWithPin } from '@tests/helpers/admin';
import { pdfText } from '@tests/helpers/ledger';
import { placeOrder } from '@tests/helpers/place-order';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { queryRows } from '@/server/db/query-rows';
import { addDays } from '@/shared/dates';
import { stockholmToday } from '@/shared/delivery';
import { decimalFromOre, oreFromDecimal } from '@/shared/ledger';
import type { AuditPage, StaffRole } from '@/shared/staff';

/**
 * Money stays in money hands (issue 38): the production role reads the job, never the order's
 * amounts, from every admin route it may call; cancelling an invoiced order (which issues a credit
 * note) is the owner's and the bookkeeper's, and production flags the order for the owner instead.
 */
const server = useAdminServer();

async function call<T = unknown>(cookie: string, method: string, path: string, json?: unknown, lang = 'en') {
  return request<T>(server, path, {
    method,
    headers: { cookie, 'accept-language': lang },
    ...(json === undefined ? {} : { json }),
  });
}

/** Adds a member; the PIN the shop answers when it generates one, else the one asked for. */
async function addPerson(name: string, role: StaffRole, pin: string): Promise<string> {
  const answer = await call<{ pin?: string }>(server.cookie, 'POST', '/api/admin/staff', { name, role, pin });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.pin ?? pin;
}

/** Keys that name money, and texts that are money, anywhere in an answer (its path said). */
const moneyKey = /price|total|vat|amount|balance|paid|payment|invoice|credit|document|currency|ocr/i;
const moneyText = /\bkr\b|€|\bSEK\b|\bEUR\b|^-?\d+\.\d{2,3}$/;

function moneyIn(value: unknown, path = '$'): string[] {
  if (typeof value === 'string') return moneyText.test(value) ? [`${path} = ${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => moneyIn(item, `${path}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [
      ...(moneyKey.test(key) ? [`${path}.${key}`] : []),
      ...moneyIn(item, `${path}.${key}`),
    ]);
  return [];
}

let printer: string;
let bookkeeper: string;
/** Placed through the checkout: invoiced (INV document), a payment recorded, a proof asked for. */
let invoiced: { orderNumber: string; total: string };

beforeAll(async () => {
  printer = await loginWithPin(server, await addPerson('Pia Printer', 'production', '482917'));
  bookkeeper = await loginWithPin(server, await addPerson('Bo Bookkeeper', 'bookkeeping', '593028'));
  const placed = await placeOrder(server);
  invoiced = { orderNumber: placed.orderNumber, total: placed.total };
  const payment = await call(server.cookie, 'POST', `/api/admin/orders/${placed.orderNumber}/payments`, {
    amount: '1000.00',
    paidOn: stockholmToday(),
  });
  expect(payment.status, JSON.stringify(payment.body)).toBe(201);
  // Money events in the order's history (the owner's view has them).
  const cancelOther = await placeOrder(server, undefined, 1);
  await call(server.cookie, 'PATCH', `/api/admin/orders/${cancelOther.orderNumber}/status`, {
    status: 'cancelled',
    reason: 'Kunden ångrade sig',
  });
});

describe('production sees the job, no amounts', () => {
  it('the order list: the job of each order, no key or text of money (the owner sees the money)', async () => {
    const owner = await call<{ orders: unknown[] }>(server.cookie, 'GET', '/api/admin/orders?limit=50');
    expect(moneyIn(owner.body).length).toBeGreaterThan(0);

    const list = await call<{ orders: { orderNumber: string; itemsSummary: string }[] }>(
      printer,
      'GET',
      '/api/admin/orders?limit=50',
    );
    expect(list.status).toBe(200);
    expect(list.body.orders.map((order) => order.orderNumber)).toContain(invoiced.orderNumber);
    expect(moneyIn(list.body)).toEqual([]);
    expect(JSON.stringify(list.body)).not.toContain(invoiced.total);
    // The job is there: what to make.
    expect(list.body.orders.find((o) => o.orderNumber === invoiced.orderNumber)?.itemsSummary).toMatch(
      /Hoodie/,
    );
    // Search answers the same view.
    const search = await call(printer, 'GET', `/api/admin/orders?q=${invoiced.orderNumber}`);
    expect(search.status).toBe(200);
    expect(moneyIn(search.body)).toEqual([]);
  });

  it('the order view: products, sizes, options, proofs, files and dates, no prices, VAT, balance or documents', async () => {
    const path = `/api/admin/orders/${invoiced.orderNumber}`;
    const owner = await call<Record<string, unknown>>(server.cookie, 'GET', path);
    expect(owner.body).toMatchObject({
      view: 'money',
      balance: decimalFromOre(oreFromDecimal(invoiced.total) - 100_000),
      totalAmount: invoiced.total,
    });

    const detail = await call<{
      view: string;
      cancelBy: string;
      items: { productId: string; quantity: number; sizes?: unknown }[];
      status: string;
      delivery: { estimate: string };
      proofs: unknown[];
      printFiles: unknown[];
    }>(printer, 'GET', path);
    expect(detail.status).toBe(200);
    expect(moneyIn(detail.body)).toEqual([]);
    expect(JSON.stringify(detail.body)).not.toContain(invoiced.total);
    expect(detail.body).toMatchObject({ view: 'job', cancelBy: 'money' });
    expect(detail.body.items[0]?.productId).toBe('hoodie');
    expect(detail.body.items[0]?.quantity).toBeGreaterThan(0);
    expect(detail.body.items[0]?.sizes).toBeDefined();
    expect(detail.body.status).toBe('pending');
    expect(detail.body.delivery.estimate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Array.isArray(detail.body.proofs) && Array.isArray(detail.body.printFiles)).toBe(true);
  });

  it('the order history, the board, the blanks and the job ticket carry no amount; stats and the CSV are refused', async () => {
    const history = await call(printer, 'GET', `/api/admin/orders/${invoiced.orderNumber}/history`);
    expect(history.status).toBe(200);
    expect(moneyIn(history.body)).toEqual([]);
    // The owner's history of the same order has the payment.
    const ownerHistory = await call(
      server.cookie,
      'GET',
      `/api/admin/orders/${invoiced.orderNumber}/history`,
    );
    expect(JSON.stringify(ownerHistory.body)).toContain('payment');

    const board = await call<{ jobs: { orderNumber: string }[] }>(printer, 'GET', '/api/admin/production');
    expect(board.status).toBe(200);
    expect(board.body.jobs.map((job) => job.orderNumber)).toContain(invoiced.orderNumber);
    expect(moneyIn(board.body)).toEqual([]);

    const from = stockholmToday();
    const blanks = await call(printer, 'GET', `/api/admin/blanks?from=${from}&to=${addDays(from, 60)}`);
    expect(blanks.status).toBe(200);
    expect(moneyIn(blanks.body)).toEqual([]);
    const blanksCsv = await call<string>(
      printer,
      'GET',
      `/api/admin/blanks.csv?from=${from}&to=${addDays(from, 60)}`,
    );
    expect(blanksCsv.status).toBe(200);
    expect(blanksCsv.body).not.toMatch(/pris|price|belopp|amount|\bkr\b|moms|vat/i);

    const ticket = await fetch(`${server.url}/api/admin/orders/${invoiced.orderNumber}/job-ticket.pdf`, {
      headers: { cookie: printer },
    });
    expect(ticket.status).toBe(200);
    const text = await pdfText(new Uint8Array(await ticket.arrayBuffer()));
    expect(text).toContain(invoiced.orderNumber);
    expect(text).not.toMatch(/\bkr\b|moms|pris|belopp|summa/i);

    expect((await call(printer, 'GET', '/api/admin/stats')).status).toBe(403);
    expect((await call(printer, 'GET', '/api/admin/orders.csv')).status).toBe(403);
    expect((await call(printer, 'GET', `/api/admin/orders/${invoiced.orderNumber}/invoice`)).status).toBe(
      403,
    );
  });

  it('an order with nothing left to credit: production may cancel it, and the answer is the job view', async () => {
    const { orderNumber } = await placeOrder(server, undefined, 4);
    // The owner credited the whole invoice already: cancelling issues nothing more.
    const credited = await call(server.cookie, 'POST', `/api/admin/orders/${orderNumber}/credit-notes`, {
      reason: 'Fel pris',
    });
    expect(credited.status, JSON.stringify(credited.body)).toBe(201);
    const answer = await call(printer, 'PATCH', `/api/admin/orders/${orderNumber}/status`, {
      status: 'cancelled',
      reason: 'Trycket gick inte att göra',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ view: 'job', status: 'cancelled' });
    expect(moneyIn(answer.body)).toEqual([]);
  });
});

describe('cancelling an invoiced order is for the money roles', () => {
  const outbox = async (orderNumber: string) =>
    queryRows<{ kind: string }>(
      server.database.db,
      // Sorted: the outbox worker updates a row as it sends it, which moves it in an unordered scan.
      sql`SELECT kind FROM email_outbox WHERE order_id = (SELECT id FROM orders WHERE order_number = ${orderNumber}) ORDER BY kind, id`,
    );
  const documents = async (orderNumber: string) =>
    queryRows<{ kind: string }>(
      server.database.db,
      sql`SELECT kind FROM documents WHERE order_id = (SELECT id FROM orders WHERE order_number = ${orderNumber}) ORDER BY kind, id`,
    );

  it('production gets a 403 in its language, and nothing is issued, sent or changed', async () => {
    const { orderNumber } = await placeOrder(server, undefined, 2);
    const emailsBefore = await outbox(orderNumber);
    const documentsBefore = await documents(orderNumber);
    expect(documentsBefore.map((d) => d.kind)).toEqual(['invoice']);
    const path = `/api/admin/orders/${orderNumber}/status`;
    const body = { status: 'cancelled', reason: 'Fel färg' };

    const en = await call<{ error: string }>(printer, 'PATCH', path, body, 'en');
    expect(en.status).toBe(403);
    expect(en.body.error).toBe(
      'This order has an invoice: cancelling it issues a credit note, which is for the owner or bookkeeping. Flag the order for the owner instead.',
    );
    const sv = await call<{ error: string }>(printer, 'PATCH', path, body, 'sv');
    expect(sv.status).toBe(403);
    expect(sv.body.error).toBe(
      'Beställningen har en faktura: att avbryta den ger en kreditfaktura, och det gör ägaren eller bokföringen. Flagga beställningen för ägaren i stället.',
    );

    expect(await documents(orderNumber)).toEqual(documentsBefore);
    expect(await outbox(orderNumber)).toEqual(emailsBefore);
    const [row] = await queryRows<{ status: string }>(
      server.database.db,
      sql`SELECT status FROM orders WHERE order_number = ${orderNumber}`,
    );
    expect(row?.status).toBe('pending');

    // The bookkeeper may: the credit note follows.
    const byBookkeeper = await call(bookkeeper, 'PATCH', path, body);
    expect(byBookkeeper.status, JSON.stringify(byBookkeeper.body)).toBe(200);
    expect((await documents(orderNumber)).map((d) => d.kind).sort()).toEqual(['credit_note', 'invoice']);
  });
});

describe('production flags an order for the owner', () => {
  interface Attention {
    reason: string;
    raisedBy: string | null;
    raisedAt: string;
  }

  it('the flag with its reason shows in the owner’s list and view, is audited, and the money roles clear it', async () => {
    const { orderNumber } = await placeOrder(server, undefined, 3);
    const path = `/api/admin/orders/${orderNumber}/attention`;

    const empty = await call<{ error: string; fieldErrors: Record<string, string> }>(
      printer,
      'POST',
      path,
      { reason: ' ' },
      'sv',
    );
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors.reason).toBe('Skriv kort vad ägaren behöver titta på');
    const tooLong = await call<{ fieldErrors: Record<string, string> }>(printer, 'POST', path, {
      reason: 'x'.repeat(301),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fieldErrors.reason).toBe('The reason may be at most 300 characters');
    expect((await call(printer, 'POST', '/api/admin/orders/INV-1/attention', { reason: 'x' })).status).toBe(
      404,
    );

    const flagged = await call<{ attention: Attention | null }>(printer, 'POST', path, {
      reason: 'Kunden vill avbryta, ordern är fakturerad',
    });
    expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
    expect(moneyIn(flagged.body)).toEqual([]);

    for (const cookie of [server.cookie, bookkeeper]) {
      const list = await call<{ orders: { orderNumber: string; attention: Attention | null }[] }>(
        cookie,
        'GET',
        `/api/admin/orders?q=${orderNumber}`,
      );
      expect(list.body.orders[0]?.attention).toMatchObject({
        reason: 'Kunden vill avbryta, ordern är fakturerad',
        raisedBy: 'Pia Printer',
      });
      const detail = await call<{ attention: Attention | null }>(
        cookie,
        'GET',
        `/api/admin/orders/${orderNumber}`,
      );
      expect(detail.body.attention?.reason).toBe('Kunden vill avbryta, ordern är fakturerad');
    }

    const audit = await call<AuditPage>(server.cookie, 'GET', '/api/admin/audit?action=order_attention');
    expect(audit.status).toBe(200);
    expect(audit.body.events[0]).toMatchObject({
      staff: 'Pia Printer',
      action: 'order_attention',
      orderNumber,
      after: { reason: 'Kunden vill avbryta, ordern är fakturerad' },
    });

    // Production may not clear it; the owner does, and that is audited too.
    expect((await call(printer, 'DELETE', path)).status).toBe(403);
    const cleared = await call<{ attention: Attention | null }>(server.cookie, 'DELETE', path);
    expect(cleared.status).toBe(200);
    expect(cleared.body.attention).toBeNull();
    const after = await call<{ attention: Attention | null }>(
      server.cookie,
      'GET',
      `/api/admin/orders/${orderNumber}`,
    );
    expect(after.body.attention).toBeNull();
    const clearedAudit = await call<AuditPage>(
      server.cookie,
      'GET',
      '/api/admin/audit?action=order_attention_cleared',
    );
    expect(clearedAudit.body.events[0]).toMatchObject({ action: 'order_attention_cleared', orderNumber });
    // Clearing what is not flagged: a 409 that says so.
    expect((await call(server.cookie, 'DELETE', path)).status).toBe(409);
  });
});
