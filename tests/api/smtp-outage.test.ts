import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '@/server/db/schema';
import type { OrderView, PlacedOrderAnswer } from '@/shared/order-view';
import { checkoutBody } from '../helpers/orders';
import { request, startServer, type TestServer } from '../helpers/server';
import { countMailsByOrder, startSmtp, type TestSmtp } from '../helpers/smtp';

const SHOP_EMAIL = 'shop@example.com';
const ORDERS = 6;

describe('SMTP down, then refusing, then recovering', () => {
  let port: number;
  let server: TestServer;
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    // Learn a free port, then leave nothing listening on it: the mail server is down.
    const probe = await startSmtp();
    port = Number(new URL(probe.url).port);
    await probe.close();
    server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SHOP_EMAIL } });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  /** Outbox rows by status (the worker's own bookkeeping). */
  async function outbox() {
    const rows = await server.database.db
      .select({ status: emailOutbox.status, n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .groupBy(emailOutbox.status);
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  /** The back-off delay is over (instead of waiting 30 s, 60 s, …). */
  async function backOffOver() {
    await server.database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(sql`${emailOutbox.status} = 'pending'`);
  }

  it('no email lost, none sent twice: one buyer confirmation and one shop notice per order', async () => {
    const run = Date.now().toString(36);
    const placed: PlacedOrderAnswer[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const res = await request<PlacedOrderAnswer>(server, '/api/orders', {
        method: 'POST',
        json: checkoutBody(`outage-${run}-${i}-key`, i),
      });
      // Checkout never waits for, or fails with, the mail server.
      expect(res.status).toBe(201);
      placed.push(res.body);
    }

    // Down: every attempt fails (connection refused) and stays pending.
    const down = await server.app.emailOutbox.drain();
    expect(down.sent).toBe(0);
    await expect.poll(outbox).toEqual({ pending: ORDERS * 2 });

    // Back up, but refusing everything (451), then refusing the next 3 (550).
    smtp = await startSmtp({ port });
    smtp.failNext(ORDERS * 2, 451);
    await backOffOver();
    await server.app.emailOutbox.drain();
    expect(smtp.received).toHaveLength(0);
    await expect.poll(outbox).toEqual({ pending: ORDERS * 2 });
    smtp.failNext(3, 550);
    await backOffOver();
    await server.app.emailOutbox.drain();
    expect(smtp.received).toHaveLength(ORDERS * 2 - 3);
    await expect.poll(outbox).toEqual({ pending: 3, sent: ORDERS * 2 - 3 });

    // Recovered: the rest goes out on the next attempt, and only once.
    await backOffOver();
    await server.app.emailOutbox.drain();
    await expect.poll(outbox).toEqual({ sent: ORDERS * 2 });
    await backOffOver();
    expect((await server.app.emailOutbox.drain()).sent).toBe(0);

    const counts = countMailsByOrder(smtp.received, SHOP_EMAIL);
    expect(Object.fromEntries(counts)).toEqual(
      Object.fromEntries(placed.map((o) => [o.orderNumber, { buyer: 1, shop: 1 }])),
    );
    expect(smtp.received).toHaveLength(ORDERS * 2);
    for (const mail of smtp.received.filter((m) => !m.to.includes(SHOP_EMAIL))) {
      expect(mail.to).toEqual(['anna@example.se']);
    }

    // The orders themselves were never touched by the outage.
    for (const order of placed) {
      const read = await request<OrderView>(
        server,
        `/api/orders/${order.orderNumber}?token=${order.accessToken}`,
      );
      expect(read.status).toBe(200);
      expect(read.body.total).toBe(order.total);
    }
  });
});
