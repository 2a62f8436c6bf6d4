import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '@/server/db/orders-schema';
import type { AdminOrderDetail, AdminOrderPage } from '@/shared/admin';
import { checkoutMessages as m } from '@/shared/checkout-schema';
import { addDays } from '@/shared/dates';
import { estimatedDelivery, stockholmToday } from '@/shared/delivery';
import type { OrderView } from '@/shared/order-view';
import { adminLogin } from '@tests/helpers/admin';
import { testCustomer } from '@tests/helpers/orders';
import { readEml } from '@tests/helpers/eml';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';

const server = useServer();

let keyCounter = 0;
const order = (neededBy: unknown) => ({
  idempotencyKey: `needed-by-${Date.now()}-${++keyCounter}-abcdef`,
  customer: testCustomer,
  lines: [{ productId: 'hoodie', quantity: 50, sizes: { M: 50 }, options: { colour: 'navy' } }],
  ...(neededBy === undefined ? {} : { neededBy }),
});

interface Placed {
  orderNumber: string;
  accessToken: string;
}
interface ErrorBody {
  error: string;
  fieldErrors?: Record<string, string>;
}

describe('the "needed by" date at checkout', () => {
  it('refuses what is not a real, future date within two years: 400 naming the field, nothing stored', async () => {
    const today = stockholmToday();
    const refused: [unknown, string][] = [
      ['2026-02-30', m.neededByFormat],
      ['2026-13-01', m.neededByFormat],
      ['23/12/2026', m.neededByFormat],
      ['2026-12-23T00:00:00Z', m.neededByFormat],
      ['tomorrow', m.neededByFormat],
      [20261223, m.neededByFormat],
      [{ date: '2026-12-23' }, m.neededByFormat],
      [addDays(today, -1), m.neededByPast],
      ['1999-01-01', m.neededByPast],
      [addDays(today, 731), m.neededByTooFar],
      ['9999-12-31', m.neededByTooFar],
    ];
    const before = await server.database.db.$count(orders);
    for (const [neededBy, message] of refused) {
      const answer = await request<ErrorBody>(server, '/api/orders', {
        method: 'POST',
        json: order(neededBy),
      });
      expect(answer.status, JSON.stringify(neededBy)).toBe(400);
      expect(answer.body.fieldErrors?.neededBy, JSON.stringify(neededBy)).toBe(message);
      expect(answer.body.error).toBe(message);
    }
    expect(await server.database.db.$count(orders)).toBe(before);
  });

  it('stores a good date, shows it with the estimate on the order, and admin flags it when at risk', async () => {
    const today = stockholmToday();
    const estimate = estimatedDelivery(['hoodie'], 'SE', today);
    const tooEarly = addDays(estimate, -1);
    const placed = await request<Placed>(server, '/api/orders', { method: 'POST', json: order(tooEarly) });
    expect(placed.status).toBe(201);
    const [row] = await server.database.db
      .select({ neededBy: orders.neededBy })
      .from(orders)
      .where(eq(orders.orderNumber, placed.body.orderNumber));
    expect(row?.neededBy).toBe(tooEarly);

    const view = await request<OrderView>(
      server,
      `/api/orders/${placed.body.orderNumber}?token=${placed.body.accessToken}`,
    );
    expect(view.body.delivery).toEqual({ estimate, countedFrom: 'today', neededBy: tooEarly, atRisk: true });

    const relaxed = await request<Placed>(server, '/api/orders', {
      method: 'POST',
      json: order(addDays(estimate, 5)),
    });
    expect(relaxed.status).toBe(201);
    const none = await request<Placed>(server, '/api/orders', { method: 'POST', json: order('') });
    expect(none.status).toBe(201);

    const cookie = await adminLogin(server);
    const list = await request<AdminOrderPage>(server, '/api/admin/orders?limit=10', { headers: { cookie } });
    const flags = new Map(list.body.orders.map((o) => [o.orderNumber, o.delivery]));
    expect(flags.get(placed.body.orderNumber)).toMatchObject({ neededBy: tooEarly, atRisk: true });
    expect(flags.get(relaxed.body.orderNumber)).toMatchObject({
      neededBy: addDays(estimate, 5),
      atRisk: false,
    });
    expect(flags.get(none.body.orderNumber)).toMatchObject({ neededBy: null, atRisk: false, estimate });

    const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${placed.body.orderNumber}`, {
      headers: { cookie },
    });
    expect(detail.body.delivery).toMatchObject({ estimate, neededBy: tooEarly, atRisk: true });
  });

  it('the confirmation and the shop notice repeat the date, so a wrong one is caught before production', async () => {
    const neededBy = addDays(estimatedDelivery(['hoodie'], 'SE', stockholmToday()), 7);
    const placed = await request<Placed>(server, '/api/orders', { method: 'POST', json: order(neededBy) });
    expect(placed.status).toBe(201);
    const none = await request<Placed>(server, '/api/orders', { method: 'POST', json: order('') });
    await server.app.emailOutbox.drain();
    const mail = (number: string, kind: string) =>
      readEml(readFileSync(join(server.dataDir, 'outbox', `${number}-${kind}.eml`), 'utf8')).text;
    // testCustomer orders in Swedish, as the shop reads.
    expect(mail(placed.body.orderNumber, 'buyer_confirmation')).toContain(`Behövs senast: ${neededBy}`);
    expect(mail(placed.body.orderNumber, 'shop_notice')).toContain(`Behövs senast: ${neededBy}`);
    expect(mail(none.body.orderNumber, 'buyer_confirmation')).not.toContain('Behövs senast');
  });

  it('a retry with the same key and another needed-by date is refused (409), the same one replays', async () => {
    const body = order(addDays(stockholmToday(), 60));
    const first = await request<Placed>(server, '/api/orders', { method: 'POST', json: body });
    expect(first.status).toBe(201);
    const again = await request<Placed>(server, '/api/orders', { method: 'POST', json: body });
    expect(again.status).toBe(200);
    expect(again.body.orderNumber).toBe(first.body.orderNumber);
    const changed = await request<ErrorBody>(server, '/api/orders', {
      method: 'POST',
      json: { ...body, neededBy: addDays(stockholmToday(), 61) },
    });
    expect(changed.status).toBe(409);
  });
});
