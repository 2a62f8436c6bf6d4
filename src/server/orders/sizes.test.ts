import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testCustomer } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import type { AdminOrderDetail, AdminOrderPage } from '@/shared/admin';
import type { OrderView } from '@/shared/order-view';
import { sizeMessages } from '@/shared/i18n/messages/sizes';
import { orders } from '@/server/db/orders-schema';

const server = useAdminServer();

let keyCounter = 0;
const newKey = () => `sizes-test-${Date.now()}-${++keyCounter}-abcdef`;

interface ErrorBody {
  error: string;
  fieldErrors?: Record<string, string>;
}

function post<T>(lines: unknown[]) {
  return request<T>(server, '/api/orders', {
    method: 'POST',
    json: { idempotencyKey: newKey(), customer: testCustomer, lines },
  });
}

async function countOrders(): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

/** The text of the .eml files written for an order (quoted-printable decoded). */
function mailsFor(orderNumber: string): string[] {
  const dir = join(server.dataDir, 'outbox');
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .map((raw) =>
      raw
        .replace(/=\r?\n/g, '')
        .replace(/(?:=[0-9A-F]{2})+/g, (hex) => Buffer.from(hex.replace(/=/g, ''), 'hex').toString('utf8')),
    )
    .filter((text) => text.includes(orderNumber));
}

const t = sizeMessages.en;

describe('size splits on garment lines', () => {
  it('120 hoodies split 20 S / 50 M / 50 L: stored, on the confirmation, invoice, both emails, admin and CSV', async () => {
    const placed = await post<{ orderNumber: string; accessToken: string; total: string }>([
      {
        productId: 'hoodie',
        quantity: 120,
        sizes: { L: 50, S: 20, M: 50, XL: 0 },
        options: { colour: 'navy' },
      },
      { productId: 'kuponghäfte', quantity: 100, options: { bookletSize: 'a6', pages: '10', coupons: '1' } },
    ]);
    expect(placed.status).toBe(201);
    const { orderNumber, accessToken } = placed.body;

    const view = await request<OrderView>(server, `/api/orders/${orderNumber}?token=${accessToken}`);
    // Zero sizes are left out (jsonb keeps its own key order; every display follows the size order).
    expect(view.body.lines[0]?.sizes).toEqual({ S: 20, M: 50, L: 50 });
    expect(view.body.lines[1]?.sizes).toBeUndefined();

    const invoice = await request<string>(server, `/api/orders/${orderNumber}/invoice?token=${accessToken}`);
    expect(invoice.body).toContain('Storlekar: 20 S, 50 M, 50 L');

    await server.app.emailOutbox.drain();
    const mails = mailsFor(orderNumber);
    expect(mails).toHaveLength(2);
    const buyer = mails.find((m) => m.includes('Orderbekr'));
    const shop = mails.find((m) => m.includes(`Ny beställning ${orderNumber}`));
    expect(buyer).toContain('Storlekar: 20 S, 50 M, 50 L');
    expect(shop).toContain('Storlekar: 20 S, 50 M, 50 L');

    const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${orderNumber}`, {
      headers: { cookie: server.cookie },
    });
    expect(detail.body.items[0]?.sizes).toEqual({ S: 20, M: 50, L: 50 });
    const list = await request<AdminOrderPage>(server, `/api/admin/orders?q=${orderNumber}`, {
      headers: { cookie: server.cookie },
    });
    expect(list.body.orders[0]?.itemsSummary).toBe('120 × Hoodie (20 S, 50 M, 50 L), 100 × Coupon Booklet');

    const csv = await request<string>(server, `/api/admin/orders.csv?q=${orderNumber}`, {
      headers: { cookie: server.cookie },
    });
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // Every cell is quoted and none of these hold a quote: split on the separators between quotes.
    const cells = (line: string | undefined) => (line ?? '').slice(1, -1).split('","');
    const columns = cells(header);
    const values = cells(row);
    const sizeColumn = (code: string) => values[columns.indexOf(`Storlek ${code}`)];
    expect(['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'].map(sizeColumn)).toEqual([
      '0',
      '20',
      '50',
      '50',
      '0',
      '0',
      '0',
    ]);
  });

  it('two lines of one design with different splits are both accepted', async () => {
    const placed = await post<{ orderNumber: string }>([
      { productId: 'tshirt-polyester', quantity: 20, sizes: { S: 20 }, options: { colour: 'navy' } },
      {
        productId: 'tshirt-polyester',
        quantity: 30,
        sizes: { XS: 10, '3XL': 20 },
        options: { colour: 'navy' },
      },
    ]);
    expect(placed.status).toBe(201);
  });

  it('a garment without a split, or one that does not add up → 400 naming the line, nothing stored', async () => {
    const before = await countOrders();
    const missing = await post<ErrorBody>([
      { productId: 'kuponghäfte', quantity: 100, options: { bookletSize: 'a6', pages: '10', coupons: '1' } },
      { productId: 'hoodie', quantity: 120, options: { colour: 'navy' } },
    ]);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(`Line 2 (Hoodie): ${t.required({ quantity: 120 })}`);
    expect(missing.body.fieldErrors).toHaveProperty(['lines.1.sizes']);

    const empty = await post<ErrorBody>([
      { productId: 'zip', quantity: 20, sizes: {}, options: { colour: 'navy' } },
    ]);
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(`Line 1 (Zip Sweater): ${t.required({ quantity: 20 })}`);

    const short = await post<ErrorBody>([
      { productId: 'hoodie', quantity: 120, sizes: { S: 20, M: 50, L: 49 }, options: { colour: 'navy' } },
    ]);
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Line 1 (Hoodie): The sizes add up to 119 pcs, but the line has 120 pcs');

    const over = await post<ErrorBody>([
      { productId: 'tracktop', quantity: 20, sizes: { M: 21 }, options: { colour: 'navy' } },
    ]);
    expect(over.status).toBe(400);
    expect(over.body.fieldErrors?.['lines.0.sizes']).toContain('21 pcs');
    expect(await countOrders()).toBe(before);
  });

  it('unknown size codes, fractions, negatives and non-objects → 400 with a clear message', async () => {
    const before = await countOrders();
    const cases: [unknown, string][] = [
      [{ XXXL: 20 }, t.unknown({ code: 'XXXL', known: 'XS, S, M, L, XL, XXL, 3XL' })],
      [{ s: 20 }, t.unknown({ code: 's', known: 'XS, S, M, L, XL, XXL, 3XL' })],
      [{ M: 19.5, L: 0.5 }, t.notWhole],
      [{ M: 40, L: -20 }, t.notWhole],
      [{ M: '20' }, t.notWhole],
      [{ M: 1e300 }, t.notWhole],
      [[20], t.notObject],
      ['20 M', t.notObject],
      [null, t.notObject],
    ];
    for (const [sizes, message] of cases) {
      const answer = await post<ErrorBody>([
        { productId: 'hoodie', quantity: 20, sizes, options: { colour: 'navy' } },
      ]);
      expect(answer.status, JSON.stringify(sizes)).toBe(400);
      expect(answer.body.fieldErrors?.['lines.0.sizes']).toBe(message);
    }
    expect(await countOrders()).toBe(before);
  });

  it('a split on a product without sizes → 400', async () => {
    for (const productId of ['mossa', 'baseball-keps', 'kuponghäfte', 'halsduk-silke', 'becknarväska']) {
      const answer = await post<ErrorBody>([{ productId, quantity: 100, sizes: { M: 100 } }]);
      expect(answer.status, productId).toBe(400);
      expect(answer.body.error).toMatch(/^Line 1 \(.+\): .+ has no sizes: leave the size split out$/);
    }
  });
});
