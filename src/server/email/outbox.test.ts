import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, type TestServer } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';
import { startSmtp, type TestSmtp } from '@tests/helpers/smtp';
import { emailOutbox } from '@/server/db/outbox-schema';
import { orders } from '@/server/db/orders-schema';

const customer = {
  customerType: 'company',
  name: 'Anna Andersson',
  companyName: 'Acme AB',
  orgNumber: '556016-0680',
  email: 'anna@example.se',
  phone: '070-123 45 67',
  country: 'SE',
  address: 'Storgatan 1, 111 22 Stockholm',
};

let n = 0;
async function placeOrder(server: TestServer) {
  const res = await request<{ orderNumber: string }>(server, '/api/orders', {
    method: 'POST',
    json: {
      idempotencyKey: `email-test-${Date.now()}-${++n}-xyz`,
      customer,
      lines: [{ productId: 'hoodie', quantity: 50, sizes: { M: 50 }, options: { colour: 'navy' } }],
    },
  });
  expect(res.status).toBe(201);
  return res.body.orderNumber;
}

async function outboxRows(server: TestServer, orderNumber: string) {
  return server.database.db
    .select({
      kind: emailOutbox.kind,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      retryInS: sql<number>`extract(epoch from ${emailOutbox.nextAttemptAt} - now())::float8`,
    })
    .from(emailOutbox)
    .innerJoin(orders, eq(orders.id, emailOutbox.orderId))
    .where(eq(orders.orderNumber, orderNumber))
    .orderBy(emailOutbox.kind);
}

describe('email outbox over SMTP', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ env: { SMTP_URL: smtp.url, SHOP_EMAIL: 'shop@example.com' } });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('sends the buyer a confirmation with the invoice and the shop a notice', async () => {
    const number = await placeOrder(server);
    await server.app.emailOutbox.drain();
    await expect.poll(() => smtp.received.filter((m) => m.raw.includes(number)).length).toBe(2);
    const mails = smtp.received.filter((m) => m.raw.includes(number));
    const buyer = mails.find((m) => m.to.includes('anna@example.se'));
    const shop = mails.find((m) => m.to.includes('shop@example.com'));
    expect(buyer?.raw).toMatch(/^Subject: .*Orderbekr.*INV-/m);
    // A PDF, not an HTML file (mail filters quarantine HTML attachments).
    expect(buyer?.raw).toContain(`filename=Invoice_${number}.pdf`);
    expect(buyer?.raw).toContain('Content-Type: application/pdf');
    expect(buyer?.raw).not.toContain('text/html');
    // The shop's notice is Swedish (the subject MIME-encoded for its ä).
    expect(shop?.raw).toMatch(/^Subject: .*Ny.best/m);
    expect(shop?.raw).toContain('Reply-To: anna@example.se');
    expect((await outboxRows(server, number)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('an SMTP outage never fails the order; sending is retried with back-off', async () => {
    smtp.failNext(2);
    const number = await placeOrder(server);
    const first = await server.app.emailOutbox.drain();
    expect(first.sent + first.failed).toBeLessThanOrEqual(2);
    await expect
      .poll(async () => (await outboxRows(server, number)).map((r) => [r.status, r.attempts]))
      .toEqual([
        ['pending', 1],
        ['pending', 1],
      ]);
    const rows = await outboxRows(server, number);
    expect(rows.every((r) => r.lastError?.includes('Try again later'))).toBe(true);
    expect(rows.every((r) => r.retryInS > 20 && r.retryInS <= 30)).toBe(true);
    // The order is there, whole.
    const [order] = await server.database.db.select().from(orders).where(eq(orders.orderNumber, number));
    expect(order?.totalAmount).toBe('5718.75');

    // The back-off is over: the next drain sends both.
    await server.database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(emailOutbox.status, 'pending'));
    const second = await server.app.emailOutbox.drain();
    expect(second.sent).toBe(2);
    expect((await outboxRows(server, number)).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
    expect(smtp.received.filter((m) => m.raw.includes(number))).toHaveLength(2);
  });
});

describe('email outbox shutdown', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp({ delayMs: 150 });
    server = await startServer({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('stopping with a backlog returns quickly, hands unsent rows back, and a restart sends each once', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 8; i++) numbers.push(await placeOrder(server));
    void server.app.emailOutbox.drain();
    await expect.poll(() => smtp.received.length).toBeGreaterThan(0);
    const started = Date.now();
    await server.app.emailOutbox.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
    const rows = await server.database.db
      .select({ status: emailOutbox.status, dueNow: sql<boolean>`${emailOutbox.nextAttemptAt} <= now()` })
      .from(emailOutbox);
    expect(rows).toHaveLength(16);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(smtp.received.length);
    expect(rows.filter((r) => r.status === 'pending').every((r) => r.dueNow)).toBe(true);

    server.app.emailOutbox.start();
    await server.app.emailOutbox.drain();
    await expect.poll(() => smtp.received.length).toBe(16);
    const keys = smtp.received.map((m) => `${m.to.join()} ${/INV-\d+/.exec(m.raw)?.[0] ?? ''}`);
    expect(new Set(keys).size).toBe(16);
    expect(numbers.every((n) => keys.some((k) => k.endsWith(n)))).toBe(true);
  });
});

describe('email outbox without SMTP_URL', () => {
  const server = useServer();

  it('writes .eml files to DATA_DIR/outbox', async () => {
    const number = await placeOrder(server);
    await server.app.emailOutbox.drain();
    const dir = join(server.dataDir, 'outbox');
    await expect
      .poll(() =>
        readdirSync(dir)
          .filter((f) => f.startsWith(number))
          .sort(),
      )
      .toEqual([`${number}-buyer_confirmation.eml`, `${number}-shop_notice.eml`]);
    const mail = readFileSync(join(dir, `${number}-buyer_confirmation.eml`), 'utf8');
    expect(mail).toContain('To: anna@example.se');
    expect(mail).toContain('Hej Anna Andersson!');
    expect(mail).toContain(`Invoice_${number}.pdf`);
  });
});
