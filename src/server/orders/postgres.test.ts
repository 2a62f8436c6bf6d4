import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, request, startServer, testDatabaseUrl } from '@tests/helpers/server';
import type { TestServer } from '@tests/helpers/server';
import { testCustomer } from '@tests/helpers/orders';
import { startSmtp, type TestSmtp } from '@tests/helpers/smtp';
import { orders } from '@/server/db/orders-schema';

const customer = testCustomer;

/** Two app instances on one PostgreSQL database, as in a scaled-out deployment. */
describe.skipIf(!testDatabaseUrl)('orders on PostgreSQL with two app instances', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let smtp: TestSmtp;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    smtp = await startSmtp();
    const env = { SMTP_URL: smtp.url, SHOP_EMAIL: 'shop@example.com' };
    [a, b] = await Promise.all([
      startServer({ databaseUrl: database.url, env }),
      startServer({ databaseUrl: database.url, env }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await smtp?.close();
    await database?.drop();
  });

  it('50 simultaneous orders over both instances → 50 distinct, strictly increasing numbers; each email sent once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        request<{ orderNumber: string }>(i % 2 ? a : b, '/api/orders', {
          method: 'POST',
          json: {
            idempotencyKey: `pg-test-${i}-${Date.now()}-key`,
            customer,
            lines: [
              { productId: 'hoodie', quantity: 20 + i, sizes: { M: 20 + i }, options: { colour: 'navy' } },
            ],
          },
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(201));
    const rows = await a.database.db
      .select({ number: orders.orderNumber, seq: orders.invoiceSeq })
      .from(orders)
      .orderBy(asc(orders.id));
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.number)).size).toBe(50);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.seq).toBeGreaterThan(rows[i - 1]?.seq ?? 0);

    // Both instances drain the one outbox at once: every message goes out exactly once.
    await Promise.all([a.app.emailOutbox.drain(), b.app.emailOutbox.drain(), a.app.emailOutbox.drain()]);
    await expect.poll(() => smtp.received.length).toBe(100);
    const keys = smtp.received.map((m) => `${m.to.join()} ${/INV-\d+/.exec(m.raw)?.[0] ?? ''}`);
    expect(new Set(keys).size).toBe(100);
  });

  it('the same idempotency key sent to both instances at once → one order', async () => {
    const json = {
      idempotencyKey: `pg-double-${Date.now()}-key`,
      customer,
      lines: [{ productId: 'mossa', quantity: 25, options: { colour: 'navy' } }],
    };
    const answers = await Promise.all(
      [a, b, a, b].map((s) => request<{ orderNumber: string }>(s, '/api/orders', { method: 'POST', json })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.body.orderNumber)).size).toBe(1);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
  });
});
