import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accountApiPaths,
  adminPrivacyRequestsPath,
  type AccountView,
  type AdminPrivacyRequest,
  type ErasureOutcome,
} from '@/shared/account';
import type { AdminOrderDetail, AdminOrderSummary } from '@/shared/admin';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { queryRows } from '@/server/db/query-rows';
import { adminLogin } from '@tests/helpers/admin';
import { readEml } from '@tests/helpers/eml';
import { testCustomer } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';

/** Erasure of a buyer's personal data (issue 43): what bokföringslagen keeps stays, the rest goes. */

const server = useServer({ env: { TRUST_PROXY: '1' } });

let clients = 0;
/** Signs `email` in through the emailed link (as accounts.test.ts does): the session's Cookie header. */
async function signedIn(email: string): Promise<string> {
  const asked = await request(server, '/api/account/sign-in', {
    method: 'POST',
    json: { email },
    headers: { 'x-forwarded-for': `10.71.0.${++clients}` },
  });
  expect(asked.status).toBe(202);
  await server.app.emailOutbox.drain();
  const mail = outboxMails('account-')
    .filter((m) => m.to === email)
    .at(-1);
  const token = /\/account\/verify\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no sign-in email to ${email}`);
  const response = await fetch(`${server.url}/account/verify?token=${token}`, { redirect: 'manual' });
  const session = /account_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error('no session cookie');
  return `account_session=${session}`;
}

function outboxMails(prefix: string): { to: string; subject: string; text: string }[] {
  const dir = join(server.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8');
      return { to: /^To: (.*)$/m.exec(raw)?.[1] ?? '', ...readEml(raw) };
    });
}

let keys = 0;
async function placeOrder(email: string, name: string): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: {
      idempotencyKey: `erasure-test-${++keys}-abcdefghijkl`,
      customer: {
        ...testCustomer,
        name,
        email,
        phone: '070-999 88 77',
        address: 'Radergatan 7, 111 22 Stockholm',
      },
      lines: [{ productId: 'mossa', quantity: 25, options: { colour: 'navy' } }],
    },
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

const db = () => server.database.db;
const orderRow = async (orderNumber: string) =>
  (
    await queryRows<Record<string, string | null>>(
      db(),
      sql`SELECT customer_name, customer_email, customer_phone, customer_personal_number, customer_address,
          delivery_address, billing_address, customer_type FROM orders WHERE order_number = ${orderNumber}`,
    )
  )[0];
const count = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM (${query}) q`))[0]?.n;

describe('erasure of a buyer’s personal data', () => {
  it('keeps what bokföringslagen keeps, erases the rest, tells the buyer and then forgets the address', async () => {
    const email = 'radera.mig@example.se';
    const recent = await placeOrder('Radera.Mig@example.se', 'Rut Radera');
    const old = await placeOrder(email, 'Rut Radera');
    const colleague = await placeOrder('kvar.kvar@example.se', 'Kurt Kvar');
    // The old order's invoice was issued in 2017: kept through 2024 (7 kap. 2 §), free now.
    await db().execute(
      sql`UPDATE documents SET issued_on = '2017-03-01' WHERE order_id =
        (SELECT id FROM orders WHERE order_number = ${old.orderNumber})`,
    );
    const cookie = await signedIn(email);
    const savedAddress = await request(server, '/api/account/addresses', {
      method: 'POST',
      headers: { cookie },
      json: { label: 'Kontoret', country: 'SE', address: 'Radergatan 7' },
    });
    expect(savedAddress.status).toBe(201);
    await db().execute(
      sql`INSERT INTO order_messages (order_id, author, text)
        SELECT id, 'buyer', 'Ring mig på 070-999 88 77' FROM orders WHERE order_number IN (${recent.orderNumber}, ${old.orderNumber})`,
    );

    // The buyer asks; asking again answers the same request, and the account shows it.
    const asked = await request<{ requestedAt: string }>(server, accountApiPaths.erasure, {
      method: 'POST',
      headers: { cookie, 'accept-language': 'sv-SE' },
    });
    expect(asked.status).toBe(202);
    const again = await request<{ requestedAt: string }>(server, accountApiPaths.erasure, {
      method: 'POST',
      headers: { cookie },
    });
    expect(again.body.requestedAt).toBe(asked.body.requestedAt);
    const view = await request<AccountView>(server, accountApiPaths.account, { headers: { cookie } });
    expect(view.body.erasureRequestedAt).toBe(asked.body.requestedAt);
    expect((await request(server, accountApiPaths.erasure, { method: 'POST' })).status).toBe(401);

    // Staff (the owner) see it with the address and its orders, and carry it out.
    const staff = await adminLogin(server);
    const listed = await request<{ requests: AdminPrivacyRequest[] }>(server, adminPrivacyRequestsPath, {
      headers: { cookie: staff },
    });
    const open = listed.body.requests.find((r) => r.email === email);
    expect(open).toMatchObject({ completedAt: null, orders: 2, outcome: null });
    const erased = await request<{ outcome: ErasureOutcome }>(
      server,
      `${adminPrivacyRequestsPath}/${open?.id}/erase`,
      { method: 'POST', headers: { cookie: staff } },
    );
    expect(erased.status).toBe(200);
    expect(erased.body.outcome).toMatchObject({
      ordersKept: 1,
      ordersAnonymised: 1,
      messages: 2,
      addresses: 1,
      sessions: 1,
    });

    // Kept: the invoiced order within seven years, as its invoice shows the buyer.
    expect(await orderRow(recent.orderNumber)).toMatchObject({
      customer_name: 'Rut Radera',
      customer_email: 'Radera.Mig@example.se',
      customer_personal_number: '19811218-9876',
      customer_address: 'Radergatan 7, 111 22 Stockholm, Sweden',
    });
    // Gone: the old order's personal details (its issued document is never changed).
    const anonymised = await orderRow(old.orderNumber);
    expect(anonymised).toMatchObject({
      customer_name: 'Raderad',
      customer_phone: '',
      customer_personal_number: null,
      customer_address: 'Raderad',
      delivery_address: 'Raderad',
      billing_address: null,
    });
    expect(anonymised?.customer_email).toMatch(/^raderad-\d+@example\.invalid$/);
    // Staff read the erased fields in their own language, in the order and in the list.
    for (const [language, word] of [
      ['en-GB', 'Erased'],
      ['sv-SE', 'Raderad'],
    ] as const) {
      const headers = { cookie: staff, 'accept-language': language };
      const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${old.orderNumber}`, {
        headers,
      });
      expect(detail.body).toMatchObject({ customerName: word, customerAddress: word, deliveryAddress: word });
      const list = await request<{ orders: AdminOrderSummary[] }>(server, '/api/admin/orders', { headers });
      expect(list.body.orders.find((order) => order.orderNumber === old.orderNumber)?.customerName).toBe(
        word,
      );
    }
    const [document] = await queryRows<{ snapshot: unknown }>(
      db(),
      sql`SELECT snapshot FROM documents WHERE number = ${old.orderNumber}`,
    );
    expect(JSON.stringify(document?.snapshot)).toContain('Rut Radera');
    // Gone: the account's rows and the messages' texts.
    expect(await count(sql`SELECT 1 FROM account_sessions WHERE email = ${email}`)).toBe(0);
    expect(await count(sql`SELECT 1 FROM account_sign_in_links WHERE lower(email) = ${email}`)).toBe(0);
    expect(await count(sql`SELECT 1 FROM account_addresses WHERE email = ${email}`)).toBe(0);
    expect(await count(sql`SELECT 1 FROM order_messages WHERE text LIKE '%070-999%'`)).toBe(0);
    expect((await request(server, accountApiPaths.account, { headers: { cookie } })).status).toBe(401);
    // Someone else's order is untouched.
    expect(await orderRow(colleague.orderNumber)).toMatchObject({ customer_name: 'Kurt Kvar' });

    // The buyer is told in Swedish, with the law named; then the request keeps the hash only.
    await server.app.emailOutbox.drain();
    const told = outboxMails('privacy-').filter((mail) => mail.to === email);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe('Dina personuppgifter är raderade');
    expect(told[0]?.text).toContain('bokföringslagen (1999:1078) 7 kap. 2 §');
    const hash = createHash('sha256').update(email).digest('hex');
    expect(
      await count(sql`SELECT 1 FROM privacy_requests WHERE email = ${hash} AND completed_at IS NOT NULL`),
    ).toBe(1);
    expect(await count(sql`SELECT 1 FROM privacy_requests WHERE email = ${email}`)).toBe(0);
    const done = await request<{ requests: AdminPrivacyRequest[] }>(server, adminPrivacyRequestsPath, {
      headers: { cookie: staff },
    });
    const carriedOut = done.body.requests.find((r) => r.id === open?.id);
    expect(carriedOut?.email).toBeNull();
    expect(carriedOut?.completedBy).toBeTruthy();
    // In the audit log, without the address.
    const [audit] = await queryRows<{ after: unknown }>(
      db(),
      sql`SELECT after FROM audit_events WHERE action = 'privacy_erasure' AND target = ${`privacy request ${open?.id}`}`,
    );
    expect(audit?.after).toMatchObject({ ordersKept: 1, ordersAnonymised: 1 });
    expect(JSON.stringify(audit?.after)).not.toContain('radera');

    // Once is enough; an unknown request is 404; only the owner may.
    expect(
      (
        await request(server, `${adminPrivacyRequestsPath}/${open?.id}/erase`, {
          method: 'POST',
          headers: { cookie: staff },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await request(server, `${adminPrivacyRequestsPath}/999999/erase`, {
          method: 'POST',
          headers: { cookie: staff },
        })
      ).status,
    ).toBe(404);
    expect((await request(server, adminPrivacyRequestsPath)).status).toBe(401);
  });
});
