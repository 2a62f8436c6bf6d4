import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrderPage, AdminStats } from '@/shared/admin';
import { addStaffMember, adminLogin as login, loginWithPin } from '@tests/helpers/admin';
import { stockholmDate } from '@/shared/dates';
import { orderDetail, orderJobDetail } from './order-detail';
import { insertManyOrders, insertTestOrder } from '@tests/helpers/orders';
import { insertApprovedProof } from '@tests/helpers/proofs';
import { createPostgresDatabase, request, startServer, testDatabaseUrl } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';
import { parseCsv } from '@tests/helpers/csv';

const adminRoutes: [string, string, unknown?][] = [
  ['GET', '/api/admin/session'],
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/orders'],
  ['GET', '/api/admin/orders?q=anna&status=pending'],
  ['GET', '/api/admin/orders.csv'],
  ['GET', '/api/admin/orders/INV-1'],
  ['PATCH', '/api/admin/orders/INV-1/status', { status: 'in_production' }],
  ['POST', '/api/admin/orders/INV-1/payments', { amount: '1000.00', paidOn: '2026-11-20' }],
  ['GET', '/api/admin/orders/INV-1/invoice'],
  ['GET', '/api/admin/partner-applications'],
  ['POST', '/api/admin/logout', {}],
  ['GET', '/api/admin/anything-else'],
];

describe('admin API (PGlite)', () => {
  const server = useServer({ env: { TRUST_PROXY: '1' } });

  it.each(adminRoutes)('%s %s without a session → 401, nothing returned', async (method, path, json) => {
    const plain = await request(server, path, { method, ...(json === undefined ? {} : { json }) });
    expect(plain.status).toBe(401);
    expect(plain.body).toEqual({ error: 'Log in as admin' });
    // In the language of the admin's browser.
    const swedish = await request(server, path, {
      method,
      headers: { 'accept-language': 'sv-SE,sv;q=0.9' },
      ...(json === undefined ? {} : { json }),
    });
    expect(swedish.body).toEqual({ error: 'Logga in som admin' });
    const forged = await request(server, path, {
      method,
      headers: { cookie: 'admin_session=forged-token; isAdmin=true' },
      ...(json === undefined ? {} : { json }),
    });
    expect(forged.status).toBe(401);
  });

  it('an expired session (8 h idle) → 401 on every admin route', async () => {
    const cookie = await login(server, '10.0.0.1');
    expect((await request(server, '/api/admin/session', { headers: { cookie } })).status).toBe(200);
    await server.database.db.execute(
      sql`UPDATE admin_sessions SET last_seen_at = now() - interval '8 hours 1 minute'`,
    );
    for (const [method, path, json] of adminRoutes) {
      const response = await request(server, path, {
        method,
        headers: { cookie },
        ...(json === undefined ? {} : { json }),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('a session just under 8 h idle still works and is refreshed', async () => {
    const cookie = await login(server, '10.0.0.2');
    await server.database.db.execute(
      sql`UPDATE admin_sessions SET last_seen_at = now() - interval '7 hours 59 minutes'`,
    );
    expect((await request(server, '/api/admin/session', { headers: { cookie } })).status).toBe(200);
    const rows = await server.database.db.execute(
      sql`SELECT count(*)::int AS n FROM admin_sessions WHERE last_seen_at > now() - interval '1 minute'`,
    );
    expect((rows as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it('login sets an httpOnly, SameSite=Strict cookie and stores only a hash of the token', async () => {
    const response = await request(server, '/api/admin-login', {
      method: 'POST',
      json: { pin: '4711' },
      headers: { 'x-forwarded-for': '10.0.0.3' },
    });
    expect(response.status).toBe(204);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const token = /admin_session=([^;]+)/.exec(setCookie)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(30);
    const stored = await server.database.db.execute(
      sql`SELECT token_hash FROM admin_sessions WHERE token_hash = ${token}`,
    );
    expect((stored as { rows: unknown[] }).rows).toHaveLength(0);
    // Behind a TLS-terminating proxy the cookie is Secure.
    const https = await request(server, '/api/admin-login', {
      method: 'POST',
      json: { pin: '4711' },
      headers: { 'x-forwarded-for': '10.0.0.3', 'x-forwarded-proto': 'https' },
    });
    expect(https.headers.get('set-cookie')).toMatch(/Secure/);
  });

  it('logout ends the session on the server', async () => {
    const cookie = await login(server, '10.0.0.4');
    const out = await request(server, '/api/admin/logout', { method: 'POST', headers: { cookie }, json: {} });
    expect(out.status).toBe(204);
    expect((await request(server, '/api/admin/stats', { headers: { cookie } })).status).toBe(401);
  });

  it('wrong PIN → 401 "Fel pinkod" ("Wrong PIN" in English); malformed login bodies → 400', async () => {
    const wrong = await request(server, '/api/admin-login', {
      method: 'POST',
      json: { pin: '0000' },
      headers: { 'x-forwarded-for': '10.0.1.1', cookie: 'lang=sv' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Fel pinkod' });
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const english = await request(server, '/api/admin-login', {
      method: 'POST',
      json: { pin: '0001' },
      headers: { 'x-forwarded-for': '10.0.1.3', 'accept-language': 'en-GB' },
    });
    expect(english.body).toEqual({ error: 'Wrong PIN' });
    for (const json of [{}, { pin: 4711 }, { pin: '12' }, { pin: 'x'.repeat(21) }, []]) {
      const bad = await request(server, '/api/admin-login', {
        method: 'POST',
        json,
        headers: { 'x-forwarded-for': '10.0.1.2' },
      });
      expect(bad.status).toBe(400);
    }
  });

  it('throttles wrong PINs per client: the 6th try in 15 minutes gets 429, even with the right PIN', async () => {
    const headers = { 'x-forwarded-for': '10.0.2.1' };
    for (let i = 0; i < 5; i++) {
      const wrong = await request(server, '/api/admin-login', {
        method: 'POST',
        json: { pin: `100${i}` },
        headers,
      });
      expect(wrong.status).toBe(401);
    }
    const blocked = await request<{ error: string }>(server, '/api/admin-login', {
      method: 'POST',
      json: { pin: '4711' },
      headers: { ...headers, 'accept-language': 'sv-SE' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/^För många felaktiga försök\. Försök igen om \d+ minuter\.$/);
    const blockedInEnglish = await request<{ error: string }>(server, '/api/admin-login', {
      method: 'POST',
      json: { pin: '4711' },
      headers,
    });
    expect(blockedInEnglish.body.error).toMatch(/^Too many wrong attempts\. Try again in \d+ minutes\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    // Another client is not affected.
    await login(server, '10.0.2.2');
    // After the window the client may try again.
    await server.database.db.execute(
      sql`UPDATE admin_login_attempts SET window_start = now() - interval '16 minutes' WHERE bucket = 'client:10.0.2.1'`,
    );
    await login(server, '10.0.2.1');
  });

  it('throttles wrong PINs globally: 60 an hour from any number of clients, then 429 for everyone', async () => {
    await server.database.db.execute(sql`DELETE FROM admin_login_attempts`);
    const attempts = Array.from({ length: 60 }, (_, i) =>
      request(server, '/api/admin-login', {
        method: 'POST',
        json: { pin: `9${String(i).padStart(3, '0')}` },
        headers: { 'x-forwarded-for': `10.1.${i}.1` },
      }),
    );
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const next = await request(server, '/api/admin-login', {
      method: 'POST',
      json: { pin: '4711' },
      headers: { 'x-forwarded-for': '10.2.0.1' },
    });
    expect(next.status).toBe(429);
    await server.database.db.execute(sql`DELETE FROM admin_login_attempts`);
  });

  describe('with a session', () => {
    let cookie: string;
    beforeAll(async () => {
      // An admin who chose Swedish with the header's switch: answers in Swedish.
      cookie = `${await login(server, '10.0.9.9')}; lang=sv`;
    });

    it('stats add up exactly over many orders', async () => {
      await insertManyOrders(server.database, 3000, 'STAT');
      let expectedOre = 0n;
      for (let i = 1; i <= 3000; i++) expectedOre += BigInt((i % 997) * 100 + 25);
      const { status, body } = await request<AdminStats>(server, '/api/admin/stats', { headers: { cookie } });
      expect(status).toBe(200);
      const kr = `${expectedOre / 100n}.${String(expectedOre % 100n).padStart(2, '0')}`;
      expect(body).toMatchObject({
        totalOrders: 3000,
        totalTurnover: kr,
        averageOrderValue: String(Math.round(Number(expectedOre) / 100 / 3000)),
      });
      // The maintained totals match a full count.
      const check = await server.database.db.execute(
        sql`SELECT count(*)::int AS n, sum(total_amount)::text AS total FROM orders`,
      );
      expect((check as { rows: { n: number; total: string }[] }).rows[0]).toEqual({ n: 3000, total: kr });
      // An amount corrected in place moves the turnover by the difference; a status change does not.
      await server.database.db.execute(
        sql`UPDATE orders SET total_amount = total_amount + 1 WHERE order_number IN ('STAT-1', 'STAT-2')`,
      );
      await server.database.db.execute(
        sql`UPDATE orders SET status = 'in_production' WHERE order_number LIKE 'STAT-1%'`,
      );
      const corrected = await request<AdminStats>(server, '/api/admin/stats', { headers: { cookie } });
      const plus2 = expectedOre + 200n;
      expect(corrected.body.totalTurnover).toBe(`${plus2 / 100n}.${String(plus2 % 100n).padStart(2, '0')}`);
      expect(corrected.body.totalOrders).toBe(3000);
      await server.database.db.execute(sql`DELETE FROM orders WHERE order_number LIKE 'STAT-%'`);
      const after = await request<AdminStats>(server, '/api/admin/stats', { headers: { cookie } });
      expect(after.body).toMatchObject({ totalOrders: 0, totalTurnover: '0.00', averageOrderValue: '0' });
    });

    it('lists orders newest first, keyset pages, search and status filter', async () => {
      const older = await insertTestOrder(server.database, {
        orderDate: new Date('2026-03-01T10:00:00Z'),
        customerName: 'Bertil Berg',
        customerEmail: 'bertil@berg.se',
        customerOrganization: 'Berg & Son AB',
      });
      const newer = await insertTestOrder(server.database, {
        orderDate: new Date('2026-03-02T10:00:00Z'),
        customerName: 'Cecilia Ek',
        customerEmail: 'cecilia@ek.se',
        customerOrganization: null,
        customerType: 'personal',
        status: 'in_production',
      });
      const page1 = await request<AdminOrderPage>(server, '/api/admin/orders?limit=1', {
        headers: { cookie },
      });
      expect(page1.status).toBe(200);
      expect(page1.body.orders.map((o) => o.orderNumber)).toEqual([newer.orderNumber]);
      expect(page1.body.orders[0]).toMatchObject({
        customerName: 'Cecilia Ek',
        itemsSummary: '50 × Hoodie',
        totalAmount: '5718.75',
        status: 'in_production',
      });
      const page2 = await request<AdminOrderPage>(
        server,
        `/api/admin/orders?limit=1&cursor=${page1.body.nextCursor ?? ''}`,
        { headers: { cookie } },
      );
      expect(page2.body.orders.map((o) => o.orderNumber)).toEqual([older.orderNumber]);
      const search = async (query: string) =>
        (
          await request<AdminOrderPage>(server, `/api/admin/orders?${query}`, { headers: { cookie } })
        ).body.orders.map((o) => o.orderNumber);
      expect(await search('q=berg%20%26')).toEqual([older.orderNumber]);
      expect(await search('q=CECILIA@EK')).toEqual([newer.orderNumber]);
      expect(await search(`q=${older.orderNumber.toLowerCase()}`)).toEqual([older.orderNumber]);
      expect(await search('q=abc%25')).toEqual([]);
      // Terms the trigram index cannot look up (fewer than three letters or digits in a row) and
      // control characters: a clear 400, not a slow query.
      for (const [q, error] of [
        ['ab', 'Sök på minst 3 bokstäver eller siffror i följd'],
        ['%25', 'Sök på minst 3 bokstäver eller siffror i följd'],
        ['a%20b%20c', 'Sök på minst 3 bokstäver eller siffror i följd'],
        ['ber%09g', 'Sökningen innehåller ett ogiltigt tecken'],
      ]) {
        const refused = await request(server, `/api/admin/orders?q=${q}`, { headers: { cookie } });
        expect(refused, q).toMatchObject({ status: 400, body: { error: error } });
      }
      expect(await search('q=%C3%A5%C3%A4%C3%B6')).toEqual([]);
      expect(await search('status=in_production')).toEqual([newer.orderNumber]);
      expect(await search('q=berg&status=in_production')).toEqual([]);
      const bad = await request(server, '/api/admin/orders?status=lost', { headers: { cookie } });
      expect(bad.status).toBe(400);
      const badCursor = await request(server, '/api/admin/orders?cursor=nonsense', { headers: { cookie } });
      expect(badCursor).toMatchObject({ status: 400, body: { error: 'Ogiltig sidmarkör' } });
    });

    it('pages through many orders with the same time without skipping or repeating', async () => {
      const when = new Date('2026-05-05T05:05:05Z');
      const numbers = new Set<string>();
      for (let i = 0; i < 7; i++)
        numbers.add(
          (await insertTestOrder(server.database, { orderDate: when, customerName: 'Samtidig' })).orderNumber,
        );
      const seen: string[] = [];
      let cursor = '';
      for (;;) {
        const page = await request<AdminOrderPage>(server, `/api/admin/orders?q=samtidig&limit=3${cursor}`, {
          headers: { cookie },
        });
        seen.push(...page.body.orders.map((o) => o.orderNumber));
        if (!page.body.nextCursor) break;
        cursor = `&cursor=${page.body.nextCursor}`;
      }
      expect(seen.sort()).toEqual([...numbers].sort());
    });

    it('orders at the same moment are ordered by id as a number (9 after 10), across pages', async () => {
      for (const id of [9_999_999, 10_000_000, 10_000_001]) {
        await server.database.db.execute(sql`
          INSERT INTO orders (id, order_number, invoice_seq, customer_type, customer_name, customer_email, customer_phone,
            customer_address, delivery_address, country_code, items, total_amount, ex_vat_amount, vat_amount, order_date,
            idempotency_key, request_hash, access_token_hash)
          OVERRIDING SYSTEM VALUE
          VALUES (${id}, ${`TIE-${id}`}, ${id}, 'personal', 'Tie Breaker', 'tie@example.se', '0701234567', 'Gatan 1, Sweden',
            'Gatan 1', 'SE', '[]'::jsonb, 10, 8, 2, '2027-01-01T00:00:00Z', ${`tie-${id}`}, 'x', 'x')`);
      }
      const first = await request<AdminOrderPage>(server, '/api/admin/orders?q=tie-&limit=2', {
        headers: { cookie },
      });
      const second = await request<AdminOrderPage>(
        server,
        `/api/admin/orders?q=tie-&limit=2&cursor=${first.body.nextCursor ?? ''}`,
        { headers: { cookie } },
      );
      expect([...first.body.orders, ...second.body.orders].map((o) => o.orderNumber)).toEqual([
        'TIE-10000001',
        'TIE-10000000',
        'TIE-9999999',
      ]);
    });

    it('order detail: every stored field, lines and customisation; script stays text', async () => {
      const evil = '<script>alert(1)</script>';
      const order = await insertTestOrder(server.database, {
        customerName: evil,
        items: [
          {
            productId: 'hoodie',
            name: 'Hoodie',
            quantity: 50,
            unitPrice: '114.375',
            lineTotal: '5718.75',
            customisation: {
              color: 'navy',
              prints: [{ method: 'dtg', uploadId: 'upload-abc123', side: 'front', x: 50, y: 40, scale: 0.3 }],
              additionalInfo: evil,
            },
          },
        ],
      });
      const { status, body } = await request<AdminOrderDetail>(
        server,
        `/api/admin/orders/${order.orderNumber}`,
        { headers: { cookie } },
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({
        orderNumber: order.orderNumber,
        customerName: evil,
        customerType: 'company',
        customerOrgNumber: '556677-8899',
        customerAddress: 'Storgatan 1, 111 22 Stockholm, Sweden',
        deliveryAddress: 'Storgatan 1, 111 22 Stockholm',
        countryCode: 'SE',
        exVatAmount: '4575.00',
        vatAmount: '1143.75',
        events: [],
      });
      expect(body.items[0]?.customisation?.prints[0]?.uploadId).toBe('upload-abc123');
      const missing = await request(server, '/api/admin/orders/INV-0', { headers: { cookie } });
      expect(missing).toMatchObject({ status: 404, body: { error: 'Beställningen finns inte' } });
    });

    it('the order view through its schema keeps every field the view module builds (money and job views)', async () => {
      const order = await insertTestOrder(server.database);
      const path = `/api/admin/orders/${order.orderNumber}`;
      const send = (method: string, to: string, json: unknown, as = cookie) =>
        request(server, to, { method, headers: { cookie: as }, json });
      // Documents and a payment, a proof, a note, a message and a flag: the view's lists hold something.
      await insertApprovedProof(server.database, order.id);
      expect(
        (await send('POST', `${path}/payments`, { amount: '1000.00', paidOn: stockholmDate(new Date()) }))
          .status,
      ).toBe(201);
      expect(
        (await send('POST', `${path}/notes`, { text: 'Pack by size', forProduction: true })).status,
      ).toBe(201);
      expect((await send('POST', `${path}/messages`, { text: 'Your proof is ready' })).status).toBe(201);
      expect((await send('POST', `${path}/attention`, { reason: 'Check the address' })).status).toBe(200);
      const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

      const money = await request<AdminOrderDetail>(server, path, { headers: { cookie } });
      expect(money.status).toBe(200);
      const built = await orderDetail(server.database.db, order.orderNumber, 'sv');
      expect(built?.payments.length).toBe(1);
      expect(built?.notes.length).toBe(1);
      expect(money.body).toEqual(asJson(built));

      const printer = await addStaffMember(server, cookie, { name: 'View Printer', role: 'production' });
      const printerCookie = `${await loginWithPin(server, printer.pin)}; lang=sv`;
      const job = await request(server, path, { headers: { cookie: printerCookie } });
      expect(job.status).toBe(200);
      expect(job.body).toEqual(asJson(await orderJobDetail(server.database.db, order.orderNumber, 'sv')));
    });

    it('the invoice of any order, escaped, with its own CSP; unknown number → 404', async () => {
      const evil = '<img src=x onerror=alert(1)>';
      const order = await insertTestOrder(server.database, { customerName: evil });
      const invoice = await request<string>(server, `/api/admin/orders/${order.orderNumber}/invoice`, {
        headers: { cookie },
      });
      expect(invoice.status).toBe(200);
      expect(invoice.headers.get('content-type')).toContain('text/html');
      expect(invoice.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(invoice.body).toContain(order.orderNumber);
      expect(invoice.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(invoice.body).not.toContain(evil);
      const missing = await request(server, '/api/admin/orders/INV-0/invoice', { headers: { cookie } });
      expect(missing).toMatchObject({ status: 404, body: { error: 'Beställningen finns inte' } });
    });

    it('the job moves pending → in_production → shipped with time and history; other steps → 409; paid is no status', async () => {
      const order = await insertTestOrder(server.database);
      const path = `/api/admin/orders/${order.orderNumber}/status`;
      const skip = await request(server, path, {
        method: 'PATCH',
        headers: { cookie },
        json: { status: 'shipped', carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
      });
      expect(skip).toMatchObject({
        status: 409,
        body: { error: 'Status kan inte ändras från Mottagen till Skickad' },
      });
      const skipInEnglish = await request(server, `${path}?lang=en`, {
        method: 'PATCH',
        headers: { cookie },
        json: { status: 'shipped', carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
      });
      expect(skipInEnglish).toMatchObject({
        status: 409,
        body: { error: 'The status cannot change from Received to Shipped' },
      });
      // Production needs the buyer's approved proof (proofs.test.ts covers the refusal).
      await insertApprovedProof(server.database, order.id);
      let last: AdminOrderDetail | undefined;
      const paid = await request<{ error: string }>(server, path, {
        method: 'PATCH',
        headers: { cookie },
        json: { status: 'paid' },
      });
      expect(paid.status).toBe(400);
      expect(paid.body.error).toContain('/api/admin/orders/:number/payments');
      const steps = [
        { status: 'in_production' },
        { status: 'shipped', carrier: 'postnord', trackingNumber: '00370712345678901234' },
      ] as const;
      for (const step of steps) {
        const next = step.status;
        const response = await request<AdminOrderDetail>(server, path, {
          method: 'PATCH',
          headers: { cookie },
          json: step,
        });
        expect(response.status).toBe(200);
        expect(response.body.status).toBe(next);
        last = response.body;
      }
      expect(last?.events.map((e) => `${e.fromStatus}→${e.toStatus}`)).toEqual([
        'pending→in_production',
        'in_production→shipped',
      ]);
      expect(Date.now() - new Date(last?.statusChangedAt ?? 0).getTime()).toBeLessThan(60_000);
      const cancelShipped = await request(server, path, {
        method: 'PATCH',
        headers: { cookie },
        json: { status: 'cancelled', reason: 'För sent' },
      });
      expect(cancelShipped.status).toBe(409);
      const other = await insertTestOrder(server.database);
      const cancel = await request<AdminOrderDetail>(
        server,
        `/api/admin/orders/${other.orderNumber}/status`,
        { method: 'PATCH', headers: { cookie }, json: { status: 'cancelled', reason: 'Dubbelbeställning' } },
      );
      expect(cancel.body.status).toBe('cancelled');
      const invalid = await request(server, path, {
        method: 'PATCH',
        headers: { cookie },
        json: { status: 'lost' },
      });
      expect(invalid).toMatchObject({ status: 400, body: { error: 'Okänd status' } });
      const unknown = await request(server, '/api/admin/orders/INV-0/status', {
        method: 'PATCH',
        headers: { cookie },
        json: { status: 'in_production' },
      });
      expect(unknown.status).toBe(404);
    });

    it('the list writes large quantities with a thousands separator (10 000 × Stickers); the CSV keeps digits', async () => {
      const big = await insertTestOrder(server.database, {
        customerEmail: 'thousands@example.se',
        items: [
          {
            productId: 'klistermärken',
            name: 'Stickers',
            quantity: 10000,
            unitPrice: '0.74',
            lineTotal: '7400.00',
          },
        ],
      });
      const list = await request<AdminOrderPage>(server, '/api/admin/orders?q=thousands@example.se', {
        headers: { cookie },
      });
      expect(list.body.orders.map((o) => o.orderNumber)).toEqual([big.orderNumber]);
      expect(list.body.orders[0]?.itemsSummary.replace(/[\u00a0\u202f]/g, ' ')).toBe(
        '10 000 × Klistermärken',
      );
      const english = await request<AdminOrderPage>(
        server,
        '/api/admin/orders?q=thousands@example.se&lang=en',
        { headers: { cookie } },
      );
      expect(english.body.orders[0]?.itemsSummary.replace(/[\u00a0\u202f]/g, ' ')).toBe('10 000 × Stickers');
      const csv = async (lang: string) =>
        (
          await fetch(`${server.url}/api/admin/orders.csv?q=thousands@example.se&lang=${lang}`, {
            headers: { cookie },
          })
        ).text();
      expect(await csv('sv')).toContain('"10000 × Klistermärken"');
      expect(await csv('en')).toContain('"10000 × Stickers"');
    });

    it('CSV for Swedish Excel: semicolons, decimal comma, Stockholm time, Swedish status names', async () => {
      const order = await insertTestOrder(server.database, {
        customerEmail: 'excel@example.se',
        orderDate: new Date('2026-07-01T22:30:00Z'),
        status: 'in_production',
        customerName: '+SUM(A1)',
        items: [
          {
            productId: 'kuponghäfte',
            name: 'Coupon Booklet',
            quantity: 500,
            unitPrice: '20',
            lineTotal: '10000.00',
          },
          {
            productId: 'hoodie',
            name: 'Hoodie',
            quantity: 50,
            unitPrice: '114.375',
            lineTotal: '5718.75',
            sizes: { S: 20, M: 30 },
          },
        ],
      });
      const response = await fetch(`${server.url}/api/admin/orders.csv?q=excel@example.se&format=excel-sv`, {
        headers: { cookie },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(
        /filename="bestallningar-\d{4}-\d{2}-\d{2}-excel\.csv"/,
      );
      const bytes = Buffer.from(await response.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header = [], ...rows] = parseCsv(bytes.subarray(3).toString('utf8'), ';');
      expect(rows).toHaveLength(1);
      const cell = (name: string) => rows[0]?.[header.indexOf(name)];
      expect(cell('Ordernummer')).toBe(order.orderNumber);
      // 22:30 UTC on 1 July is 00:30 on 2 July in Stockholm (summer time).
      expect(cell('Datum')).toBe('2026-07-02 00:30');
      expect(cell('Status')).toBe('I produktion');
      expect(cell('Totalt (kr)')).toBe('5718,75');
      expect(cell('Moms (kr)')).toBe('1143,75');
      expect(cell('Namn')).toBe(`'+SUM(A1)`);
      expect(cell('Telefon')).toBe('0701234567');
      // Names and codes as a Swedish reader reads them, never the stored English or the codes.
      expect(cell('Kundtyp')).toBe('Företag');
      expect(cell('Momsbehandling')).toBe('Svensk moms');
      expect(cell('Artiklar')).toBe('500 × Kuponghäfte, 50 × Hoodie (20 S, 30 M)');
      const unknown = await fetch(`${server.url}/api/admin/orders.csv?format=xlsx`, { headers: { cookie } });
      expect(unknown.status).toBe(400);
    });

    it('CSV: every filtered order, formulas neutralised, script kept as text', async () => {
      await insertManyOrders(server.database, 2500, 'CSV');
      await insertTestOrder(server.database, {
        customerName: '=HYPERLINK("http://evil")',
        customerOrganization: '@SUM(A1)',
        customerEmail: 'csvformula@example.se',
        customerPhone: '+46701234567',
        customerAddress: '<script>x</script>, "quoted"',
      });
      const response = await fetch(`${server.url}/api/admin/orders.csv?q=csv`, { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="bestallningar-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const bytes = Buffer.from(await response.arrayBuffer());
      // UTF-8 byte-order mark first, so spreadsheets read å, ä and ö right.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parseCsv(bytes.subarray(3).toString('utf8'));
      expect(rows[0]?.[0]).toBe('Ordernummer');
      const body = rows.slice(1);
      expect(body).toHaveLength(2501);
      expect(new Set(body.map((r) => r[0])).size).toBe(2501);
      const evil = body.find((r) => r[7] === 'csvformula@example.se');
      expect(evil?.[4]).toBe(`'=HYPERLINK("http://evil")`);
      expect(evil?.[5]).toBe(`'@SUM(A1)`);
      expect(evil?.[8]).toBe('+46701234567');
      expect(evil?.[9]).toBe('<script>x</script>, "quoted"');
      const shippedOnly = await fetch(`${server.url}/api/admin/orders.csv?q=csv&status=shipped`, {
        headers: { cookie },
      });
      expect(parseCsv(await shippedOnly.text())).toHaveLength(1);
    });
  });
});

describe.skipIf(!testDatabaseUrl)('admin on PostgreSQL (two instances, one database)', () => {
  it('only one instance generates the PIN; both accept it; throttling and stats are shared', async () => {
    const pgdb = await createPostgresDatabase();
    try {
      const env = { ADMIN_PIN: '', TRUST_PROXY: '1' };
      const [a, b] = await Promise.all([
        startServer({ databaseUrl: pgdb.url, env }),
        startServer({ databaseUrl: pgdb.url, env }),
      ]);
      try {
        const settings = await a.database.db.execute(
          sql`SELECT value FROM shop_settings WHERE key = 'admin_pin_hash'`,
        );
        expect((settings as { rows: { value: string }[] }).rows[0]?.value).toMatch(/^scrypt\$/);
        const headers = { 'x-forwarded-for': '10.9.0.1' };
        for (let i = 0; i < 5; i++) {
          const target = i % 2 === 0 ? a : b;
          expect(
            (await request(target, '/api/admin-login', { method: 'POST', json: { pin: `000${i}` }, headers }))
              .status,
          ).toBe(401);
        }
        expect(
          (await request(b, '/api/admin-login', { method: 'POST', json: { pin: '0009' }, headers })).status,
        ).toBe(429);
        await insertManyOrders(a.database, 1000, 'PG');
        await Promise.all(
          Array.from({ length: 20 }, () => insertTestOrder(b.database, { totalAmount: '0.01' })),
        );
        const check = await a.database.db.execute(
          sql`SELECT (SELECT sum(order_count)::text FROM order_totals) AS kept, (SELECT count(*)::text FROM orders) AS counted,
                     (SELECT sum(total_amount)::text FROM order_totals) AS kept_sum, (SELECT sum(total_amount)::text FROM orders) AS summed`,
        );
        const row = (check as { rows: Record<string, string>[] }).rows[0];
        expect(row?.kept).toBe('1020');
        expect(row?.counted).toBe('1020');
        expect(row?.kept_sum).toBe(row?.summed);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    } finally {
      await pgdb.drop();
    }
  });
});
