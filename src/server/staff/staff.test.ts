import { stockholmDate } from '@/shared/dates';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addStaffMember, loginWithPin } from '@tests/helpers/admin';
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

/** Adds a person as the owner; the answer carries the PIN the shop made. */
const addPerson = (name: string, role: StaffRole) => addStaffMember(server, server.cookie, { name, role });

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
    const pins: Record<StaffRole, string> = {
      owner: (await addPerson('Table Owner', 'owner')).pin,
      production: (await addPerson('Table Printer', 'production')).pin,
      bookkeeping: (await addPerson('Table Bookkeeper', 'bookkeeping')).pin,
    };
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
    const printer = await loginWithPin(server, (await addPerson('Lang Printer', 'production')).pin);
    const bookkeeper = await loginWithPin(server, (await addPerson('Lang Bookkeeper', 'bookkeeping')).pin);
    const sv = await call<{ error: string }>(printer, 'GET', '/api/admin/orders.csv', undefined, 'sv');
    expect(sv.status).toBe(403);
    expect(sv.body.error).toBe('Det här får rollen Produktion inte göra. Be ägaren om du behöver det.');
    const en = await call<{ error: string }>(bookkeeper, 'GET', '/api/admin/partner-applications');
    expect(en.body.error).toBe('The Bookkeeping role may not do this. Ask the owner if you need it.');

    const order = await insertTestOrder(server.database);
    const path = `/api/admin/orders/${order.orderNumber}/status`;
    // Money is recorded as payments, the money roles' route.
    const payments = `/api/admin/orders/${order.orderNumber}/payments`;
    const payment = { amount: '5718.75', paidOn: stockholmDate(new Date()) };
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
  it('the owner adds, lists, changes and removes people; the shop makes each PIN; bad input is a 400 that changes nothing', async () => {
    const added = await addPerson('Per Printer', 'production');
    expect(added).toMatchObject({ name: 'Per Printer', role: 'production' });
    expect(typeof added.id).toBe('number');
    const listed = await call<{ staff: { id: number; name: string; role: string }[] }>(
      server.cookie,
      'GET',
      '/api/admin/staff',
    );
    expect(listed.body.staff.map((person) => person.name)).toContain('Per Printer');
    // The PIN is in the answer once; the list never carries it.
    expect(JSON.stringify(listed.body)).not.toContain(added.pin);

    // A PIN the caller still sends is not used: the owner's own (4711) or anyone's gets a new one.
    for (const pin of ['4711', added.pin]) {
      const copy = await call<{ pin: string }>(server.cookie, 'POST', '/api/admin/staff', {
        name: 'Copy',
        role: 'bookkeeping',
        pin,
      });
      expect(copy.status).toBe(201);
      expect(copy.body.pin).toMatch(/^\d{10}$/);
      expect(copy.body.pin).not.toBe(pin);
    }
    for (const body of [
      { name: '', role: 'production' },
      { name: 'Y', role: 'janitor' },
      { name: 'Y', role: 'production', email: 'not an email' },
      { name: 'Y', role: 'production', extra: true },
    ]) {
      expect((await call(server.cookie, 'POST', '/api/admin/staff', body)).status).toBe(400);
    }
    const count = await queryRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM staff WHERE name IN ('Y', '')`,
    );
    expect(count[0]?.n).toBe(0);

    const changed = await call<{ role: string }>(server.cookie, 'PATCH', `/api/admin/staff/${added.id}`, {
      role: 'bookkeeping',
    });
    expect(changed.body.role).toBe('bookkeeping');
    expect((await call(server.cookie, 'DELETE', `/api/admin/staff/${added.id}`)).status).toBe(204);
    expect((await call(server.cookie, 'DELETE', `/api/admin/staff/${added.id}`)).status).toBe(404);
    // A removed person cannot log in with their PIN.
    expect(
      (
        await request(server, '/api/admin-login', {
          method: 'POST',
          json: { pin: added.pin },
          headers: { 'x-forwarded-for': '10.60.0.1' },
        })
      ).status,
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
  it('removing or resetting someone ends their sessions only; a new own PIN keeps this browser in', async () => {
    const printer = await addPerson('Iso Printer', 'production');
    const bookkeeper = await addPerson('Iso Bookkeeper', 'bookkeeping');
    const printerLaptop = await loginWithPin(server, printer.pin);
    const printerPhone = await loginWithPin(server, printer.pin);
    const bookkeeperSession = await loginWithPin(server, bookkeeper.pin);
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

    // A reset PIN, made by the shop: the old one no longer logs in, the person's sessions end, nobody else's.
    const reset = await call<{ pin: string }>(
      server.cookie,
      'POST',
      `/api/admin/staff/${bookkeeper.id}/pin`,
      {},
    );
    expect(reset.status).toBe(200);
    expect(reset.body.pin).toMatch(/^\d{10}$/);
    expect(await sessionStatus(bookkeeperSession)).toBe(401);
    expect(await sessionStatus(server.cookie)).toBe(200);
    expect(
      (
        await request(server, '/api/admin-login', {
          method: 'POST',
          json: { pin: bookkeeper.pin },
          headers: { 'x-forwarded-for': '10.60.0.2' },
        })
      ).status,
    ).toBe(401);

    // The person gets a new PIN of their own: their other browser is logged out, this one goes on.
    const desk = await loginWithPin(server, reset.body.pin);
    const pocket = await loginWithPin(server, reset.body.pin);
    const wrong = await call(desk, 'POST', '/api/admin/me/pin', { currentPin: '000000' });
    expect(wrong.status).toBe(400);
    const changed = await call<{ pin: string }>(desk, 'POST', '/api/admin/me/pin', {
      currentPin: reset.body.pin,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.pin).toMatch(/^\d{10}$/);
    const renewed = /admin_session=([^;]+)/.exec(changed.headers.get('set-cookie') ?? '')?.[1];
    expect(renewed).toBeTruthy();
    expect(await sessionStatus(`admin_session=${renewed ?? ''}`)).toBe(200);
    expect(await sessionStatus(pocket)).toBe(401);
    expect(await sessionStatus(server.cookie)).toBe(200);
    await loginWithPin(server, changed.body.pin);
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
    const bookkeeper = await loginWithPin(server, (await addPerson('Hist Bookkeeper', 'bookkeeping')).pin);
    const printer = await loginWithPin(server, (await addPerson('Hist Printer', 'production')).pin);
    await request(server, '/api/admin-login', { method: 'POST', json: { pin: '0000' } });
    const order = await insertTestOrder(server.database);
    const path = `/api/admin/orders/${order.orderNumber}`;
    const payment = { amount: '5718.75', paidOn: stockholmDate(new Date()) };
    expect((await call(bookkeeper, 'POST', `${path}/payments`, payment)).status).toBe(201);
    await insertApprovedProof(server.database, order.id);
    expect((await call(printer, 'PATCH', `${path}/status`, { status: 'in_production' })).status).toBe(200);

    const history = await call<{ events: AuditEvent[] }>(server.cookie, 'GET', `${path}/history`);
    expect(history.body.events.map((event) => [event.staff, event.action, event.after])).toEqual([
      ['Hist Printer', 'order_status', { status: 'in_production' }],
      [
        'Hist Bookkeeper',
        'payment',
        expect.objectContaining({ amount: '5718.75', paidOn: stockholmDate(new Date()) }),
      ],
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
    const person = await addPerson('Filter Bookkeeper', 'bookkeeping');
    const cookie = await loginWithPin(server, person.pin);
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

    const printer = await loginWithPin(server, (await addPerson('Filter Printer', 'production')).pin);
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
