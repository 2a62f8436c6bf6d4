import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginWithPin } from '@tests/helpers/admin';
import { insertTestOrder } from '@tests/helpers/orders';
import { insertApprovedProof } from '@tests/helpers/proofs';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { queryRows } from '@/server/db/query-rows';
import { roleSets, staffRoles, type AuditEvent, type StaffRole } from '@/shared/staff';
import { routeKey, routeRoles } from './index';

const server = useAdminServer();

async function call<T = unknown>(cookie: string, method: string, path: string, json?: unknown, lang = 'en') {
  return callOn<T>(server, cookie, method, path, json, lang);
}

async function callOn<T = unknown>(
  target: { url: string },
  cookie: string,
  method: string,
  path: string,
  json?: unknown,
  lang = 'en',
) {
  return request<T>(target, path, {
    method,
    headers: { cookie, 'accept-language': lang },
    ...(json === undefined ? {} : { json }),
  });
}

async function addPerson(name: string, role: StaffRole, pin: string) {
  const answer = await call<{ id: number; name: string; role: StaffRole }>(
    server.cookie,
    'POST',
    '/api/admin/staff',
    { name, role, pin },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const sessionStatus = async (cookie: string) => (await call(cookie, 'GET', '/api/admin/session')).status;

describe('the role table', () => {
  it('gives every registered admin route a role (a new route without one fails here, by name)', () => {
    const missing = server.app.adminRouteList
      .map((route) => routeKey(route.method, route.url))
      .filter((key) => !(key in routeRoles));
    expect(missing).toEqual([]);
    // And no stale line: every line of the table is a route the app has.
    const registered = new Set(server.app.adminRouteList.map((route) => routeKey(route.method, route.url)));
    expect(Object.keys(routeRoles).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('each role against every admin route: 403 exactly where the table says no', async () => {
    const order = await insertTestOrder(server.database);
    // A second owner: "log out everywhere" ends the sessions of the person it is sent by.
    const pins: Record<StaffRole, string> = { owner: '700000', production: '700001', bookkeeping: '700002' };
    await addPerson('Table Owner', 'owner', pins.owner);
    await addPerson('Table Printer', 'production', pins.production);
    await addPerson('Table Bookkeeper', 'bookkeeping', pins.bookkeeping);
    const routes = server.app.adminRouteList.filter(
      (route) => route.method !== 'HEAD' && !route.url.endsWith('*'),
    );
    expect(routes.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const role of staffRoles) {
      let cookie = await loginWithPin(server, pins[role]);
      for (const route of routes) {
        // The logout routes end the sessions they are sent with: a new login after each.
        if (route.url.includes('logout')) cookie = await loginWithPin(server, pins[role]);
        const path = route.url
          .replace(':number', order.orderNumber)
          .replace(':id', '999999')
          .replace(':invoice', 'INV-1')
          .replace(':version', '1');
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
        const answer = await call(cookie, route.method, path, body);
        const key = routeKey(route.method, route.url);
        const allowed = (roleSets[routeRoles[key] ?? 'owner'] as readonly StaffRole[]).includes(role);
        if (allowed !== (answer.status !== 403)) wrong.push(`${role} ${key} → ${answer.status}`);
        if (answer.status === 401 || answer.status >= 500) wrong.push(`${role} ${key} → ${answer.status}`);
        if (route.url.includes('logout')) cookie = await loginWithPin(server, pins[role]);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('a refusal is a clear 403 in the person’s language; production may not mark paid, bookkeeping may not start production', async () => {
    await addPerson('Lang Printer', 'production', '700011');
    await addPerson('Lang Bookkeeper', 'bookkeeping', '700012');
    const printer = await loginWithPin(server, '700011');
    const bookkeeper = await loginWithPin(server, '700012');
    const sv = await call<{ error: string }>(printer, 'GET', '/api/admin/orders.csv', undefined, 'sv');
    expect(sv.status).toBe(403);
    expect(sv.body.error).toBe('Det här får rollen Produktion inte göra. Be ägaren om du behöver det.');
    const en = await call<{ error: string }>(bookkeeper, 'GET', '/api/admin/partner-applications');
    expect(en.body.error).toBe('The Bookkeeping role may not do this. Ask the owner if you need it.');

    const order = await insertTestOrder(server.database);
    const path = `/api/admin/orders/${order.orderNumber}/status`;
    // Money is recorded as payments, the money roles' route.
    const payments = `/api/admin/orders/${order.orderNumber}/payments`;
    const payment = { amount: '5718.75', paidOn: '2026-11-20' };
    expect((await call<{ error: string }>(printer, 'POST', payments, payment)).status).toBe(403);
    expect((await call(bookkeeper, 'POST', payments, payment)).status).toBe(201);
    await insertApprovedProof(server.database, order.id);
    expect((await call(bookkeeper, 'PATCH', path, { status: 'in_production' })).status).toBe(403);
    expect((await call(printer, 'PATCH', path, { status: 'in_production' })).status).toBe(200);
    const [row] = await queryRows<{ status: string }>(
      server.database.db,
      sql`SELECT status FROM orders WHERE id = ${order.id}`,
    );
    expect(row?.status).toBe('in_production');
  });
});

describe('staff accounts', () => {
  it('the owner adds, lists, changes and removes people; PINs are unique; bad input is a 400 that changes nothing', async () => {
    const added = await addPerson('Per Printer', 'production', '123456');
    expect(added).toMatchObject({ name: 'Per Printer', role: 'production' });
    expect(typeof added.id).toBe('number');
    const listed = await call<{ staff: { id: number; name: string; role: string }[] }>(
      server.cookie,
      'GET',
      '/api/admin/staff',
    );
    expect(listed.body.staff.map((person) => person.name)).toContain('Per Printer');

    const clash = await call<{ error: string }>(server.cookie, 'POST', '/api/admin/staff', {
      name: 'Copy',
      role: 'bookkeeping',
      pin: '123456',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('That PIN is already in use. Choose another one.');
    // The owner's own PIN (from ADMIN_PIN) is taken too.
    expect(
      (await call(server.cookie, 'POST', '/api/admin/staff', { name: 'X', role: 'owner', pin: '4711' }))
        .status,
    ).toBe(409);
    for (const body of [
      { name: '', role: 'production', pin: '555555' },
      { name: 'Y', role: 'janitor', pin: '555555' },
      { name: 'Y', role: 'production', pin: '12' },
      { name: 'Y', role: 'production', pin: '555555', email: 'not an email' },
    ]) {
      expect((await call(server.cookie, 'POST', '/api/admin/staff', body)).status).toBe(400);
    }
    const count = await queryRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM staff WHERE name IN ('Copy', 'X', 'Y', '')`,
    );
    expect(count[0]?.n).toBe(0);

    const changed = await call<{ role: string }>(server.cookie, 'PATCH', `/api/admin/staff/${added.id}`, {
      role: 'bookkeeping',
    });
    expect(changed.body.role).toBe('bookkeeping');
    expect((await call(server.cookie, 'DELETE', `/api/admin/staff/${added.id}`)).status).toBe(204);
    expect((await call(server.cookie, 'DELETE', `/api/admin/staff/${added.id}`)).status).toBe(404);
    // A removed person's PIN is free again, and they cannot log in with it.
    expect(
      (await request(server, '/api/admin-login', { method: 'POST', json: { pin: '123456' } })).status,
    ).toBe(401);
  });
});

describe('the last owner', () => {
  // Its own shop: the other tests add owners.
  const shop = useAdminServer();

  it('the shop keeps an owner: the last one cannot be demoted or removed, nobody removes themselves', async () => {
    const [owner] = await queryRows<{ id: string }>(
      shop.database.db,
      sql`SELECT id::text AS id FROM staff WHERE role = 'owner' AND removed_at IS NULL ORDER BY id LIMIT 1`,
    );
    const id = Number(owner?.id);
    expect(
      (await callOn(shop, shop.cookie, 'PATCH', `/api/admin/staff/${id}`, { role: 'production' })).status,
    ).toBe(409);
    expect((await callOn(shop, shop.cookie, 'DELETE', `/api/admin/staff/${id}`)).status).toBe(409);
  });
});

describe('sessions are per person', () => {
  it('removing or resetting someone ends their sessions only; changing one’s own PIN keeps this browser in', async () => {
    const printer = await addPerson('Iso Printer', 'production', '800001');
    const bookkeeper = await addPerson('Iso Bookkeeper', 'bookkeeping', '800002');
    const printerLaptop = await loginWithPin(server, '800001');
    const printerPhone = await loginWithPin(server, '800001');
    const bookkeeperSession = await loginWithPin(server, '800002');
    const session = await call<{ staff: { name: string; role: string } }>(
      printerLaptop,
      'GET',
      '/api/admin/session',
    );
    expect(session.body.staff).toMatchObject({ name: 'Iso Printer', role: 'production' });

    expect((await call(server.cookie, 'DELETE', `/api/admin/staff/${printer.id}`)).status).toBe(204);
    expect(await sessionStatus(printerLaptop)).toBe(401);
    expect(await sessionStatus(printerPhone)).toBe(401);
    expect(await sessionStatus(bookkeeperSession)).toBe(200);
    expect(await sessionStatus(server.cookie)).toBe(200);

    // A reset PIN: the old one no longer logs in, the person's sessions end, nobody else's.
    expect(
      (await call(server.cookie, 'POST', `/api/admin/staff/${bookkeeper.id}/pin`, { pin: '800003' })).status,
    ).toBe(204);
    expect(await sessionStatus(bookkeeperSession)).toBe(401);
    expect(await sessionStatus(server.cookie)).toBe(200);
    expect(
      (await request(server, '/api/admin-login', { method: 'POST', json: { pin: '800002' } })).status,
    ).toBe(401);

    // The person changes their own PIN: their other browser is logged out, this one goes on.
    const desk = await loginWithPin(server, '800003');
    const pocket = await loginWithPin(server, '800003');
    const wrong = await call(desk, 'POST', '/api/admin/me/pin', { currentPin: '000000', newPin: '800004' });
    expect(wrong.status).toBe(400);
    const taken = await call(desk, 'POST', '/api/admin/me/pin', { currentPin: '800003', newPin: '4711' });
    expect(taken.status).toBe(409);
    const changed = await call(desk, 'POST', '/api/admin/me/pin', { currentPin: '800003', newPin: '800004' });
    expect(changed.status).toBe(204);
    const renewed = /admin_session=([^;]+)/.exec(changed.headers.get('set-cookie') ?? '')?.[1];
    expect(renewed).toBeTruthy();
    expect(await sessionStatus(`admin_session=${renewed ?? ''}`)).toBe(200);
    expect(await sessionStatus(pocket)).toBe(401);
    expect(await sessionStatus(server.cookie)).toBe(200);
    await loginWithPin(server, '800004');
  });

  it('an owner from before staff (no lookup value yet) logs in by hash once, and is found by lookup after', async () => {
    const [owner] = await queryRows<{ id: string }>(
      server.database.db,
      sql`SELECT id::text AS id FROM staff WHERE role = 'owner' ORDER BY id LIMIT 1`,
    );
    await server.database.db.execute(sql`UPDATE staff SET pin_lookup = NULL WHERE id = ${owner?.id}::bigint`);
    await loginWithPin(server, '4711');
    const [after] = await queryRows<{ pin_lookup: string | null }>(
      server.database.db,
      sql`SELECT pin_lookup FROM staff WHERE id = ${owner?.id}::bigint`,
    );
    expect(after?.pin_lookup).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('who did what', () => {
  it('a status change, a login and a wrong PIN are recorded with the person; the order history names them', async () => {
    await addPerson('Hist Bookkeeper', 'bookkeeping', '900001');
    await addPerson('Hist Printer', 'production', '900002');
    const bookkeeper = await loginWithPin(server, '900001');
    const printer = await loginWithPin(server, '900002');
    await request(server, '/api/admin-login', { method: 'POST', json: { pin: '0000' } });
    const order = await insertTestOrder(server.database);
    const path = `/api/admin/orders/${order.orderNumber}`;
    const payment = { amount: '5718.75', paidOn: '2026-11-20' };
    expect((await call(bookkeeper, 'POST', `${path}/payments`, payment)).status).toBe(201);
    await insertApprovedProof(server.database, order.id);
    expect((await call(printer, 'PATCH', `${path}/status`, { status: 'in_production' })).status).toBe(200);

    const history = await call<{ events: AuditEvent[] }>(server.cookie, 'GET', `${path}/history`);
    expect(history.body.events.map((event) => [event.staff, event.action, event.after])).toEqual([
      ['Hist Printer', 'order_status', { status: 'in_production' }],
      ['Hist Bookkeeper', 'payment', expect.objectContaining({ amount: '5718.75', paidOn: '2026-11-20' })],
    ]);
    expect(history.body.events[0]?.before).toEqual({ status: 'pending' });
    // The printer's view of the history leaves the money out.
    const printersView = await call<{ events: AuditEvent[] }>(printer, 'GET', `${path}/history`);
    expect(printersView.body.events.map((event) => event.action)).toEqual(['order_status']);

    const audit = await call<{ events: AuditEvent[] }>(bookkeeper, 'GET', '/api/admin/audit?limit=200');
    expect(audit.status).toBe(200);
    const actions = audit.body.events.map((event) => `${event.staff ?? '-'} ${event.action}`);
    expect(actions[0]).toBe('Hist Printer order_status');
    expect(actions).toContain('Hist Bookkeeper login');
    expect(actions).toContain('- login_failed');
    const times = audit.body.events.map((event) => event.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('the audit view filters by person, kind and date, pages, and exports CSV; production may not read it', async () => {
    const person = await addPerson('Filter Bookkeeper', 'bookkeeping', '910001');
    const cookie = await loginWithPin(server, '910001');
    await call(cookie, 'GET', '/api/admin/sie?from=2026-01-01&to=2026-01-31');
    const mine = await call<{ events: AuditEvent[] }>(
      server.cookie,
      'GET',
      `/api/admin/audit?staff=${person.id}`,
    );
    expect(mine.body.events.map((event) => event.action)).toEqual(['export', 'login']);
    const exports = await call<{ events: AuditEvent[] }>(
      server.cookie,
      'GET',
      `/api/admin/audit?staff=${person.id}&action=export`,
    );
    expect(exports.body.events).toHaveLength(1);
    expect(exports.body.events[0]?.target).toBe('sie 2026-01-01–2026-01-31');
    const longAgo = await call<{ events: AuditEvent[] }>(
      server.cookie,
      'GET',
      '/api/admin/audit?to=2020-01-01',
    );
    expect(longAgo.body.events).toEqual([]);
    const page = await call<{ events: AuditEvent[]; nextCursor: string | null }>(
      server.cookie,
      'GET',
      '/api/admin/audit?limit=1',
    );
    expect(page.body.events).toHaveLength(1);
    const next = await call<{ events: AuditEvent[] }>(
      server.cookie,
      'GET',
      `/api/admin/audit?limit=1&cursor=${page.body.nextCursor ?? ''}`,
    );
    expect(next.body.events[0]?.id).not.toBe(page.body.events[0]?.id);
    expect((await call(server.cookie, 'GET', '/api/admin/audit?action=nonsense')).status).toBe(400);
    expect((await call(server.cookie, 'GET', '/api/admin/audit?from=2026-13-45')).status).toBe(400);

    const csv = await fetch(`${server.url}/api/admin/audit.csv?staff=${person.id}`, {
      headers: { cookie: server.cookie, 'accept-language': 'sv' },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    // (text() drops the byte-order mark.)
    expect(lines[0]).toBe('"Tid","Person","Typ","Gäller","Order","Före","Efter"');
    expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual(['"Export"', '"Inloggning"']);

    await addPerson('Filter Printer', 'production', '910002');
    const printer = await loginWithPin(server, '910002');
    expect((await call(printer, 'GET', '/api/admin/audit')).status).toBe(403);
  });

  it('is append-only: the database refuses to change or delete a record', async () => {
    const refusal = (query: ReturnType<typeof sql>) =>
      server.database.db.execute(query).then(
        () => 'done',
        (error: unknown) => String((error as { cause?: unknown }).cause ?? error),
      );
    expect(await refusal(sql`UPDATE audit_events SET target = 'forged'`)).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(sql`DELETE FROM audit_events`)).toMatch(/append-only: DELETE refused/);
    const [count] = await queryRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM audit_events`,
    );
    expect(count?.n).toBeGreaterThan(0);
  });
});
