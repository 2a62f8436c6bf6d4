import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loginWithPin } from '@tests/helpers/admin';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { runHousekeeping } from '@/server/housekeeping';
import type { AuditEvent, StaffRole } from '@/shared/staff';

/**
 * Issue 38's first finding, as the attack review found it: a staff member could learn another
 * member's PIN (the own-PIN change said "that PIN is already in use", and a right PIN cleared the
 * login throttle), and a stranger's wrong PINs locked a known member out. Every test here failed on
 * the code before the fix.
 */
const server = useAdminServer({ env: { TRUST_PROXY: '1' } });

// Each test starts with no login counted anywhere (the shop-wide budget included).
afterEach(async () => {
  await server.database.db.execute(sql`DELETE FROM admin_login_attempts`);
});

type Answer = Awaited<ReturnType<typeof request>>;

function tryPin(pin: string, address: string, cookie?: string): Promise<Answer> {
  return request(server, '/api/admin-login', {
    method: 'POST',
    json: { pin },
    headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
  });
}

function call<T = unknown>(cookie: string, method: string, path: string, json?: unknown, address?: string) {
  return request<T>(server, path, {
    method,
    headers: { cookie, 'accept-language': 'en', ...(address ? { 'x-forwarded-for': address } : {}) },
    ...(json === undefined ? {} : { json }),
  });
}

/** The person and the PIN they log in with: the one answered, else (the code before) the one sent. */
async function addMember(name: string, role: StaffRole, sentPin: string) {
  const answer = await call<{ id: number; pin?: string }>(server.cookie, 'POST', '/api/admin/staff', {
    name,
    role,
    pin: sentPin,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.id, name, pin: answer.body.pin ?? sentPin };
}

const cookieOf = (answer: Answer, name: string) => {
  const value = new RegExp(`${name}=([^;]+)`).exec(answer.headers.get('set-cookie') ?? '')?.[1];
  return value ? `${name}=${value}` : undefined;
};

/** A PIN nobody in these tests has (the shop's are 10 digits, the owner's 4711). */
const nobodys = (n: number) => `6${String(n).padStart(4, '0')}`;

async function auditEvents(query: string): Promise<AuditEvent[]> {
  const answer = await call<{ events: AuditEvent[] }>(
    server.cookie,
    'GET',
    `/api/admin/audit?${query}&limit=200`,
  );
  expect(answer.status).toBe(200);
  return answer.body.events;
}

describe('no route tells a member whether a PIN is someone else’s', () => {
  it('a production member sets their own PIN 30 times, the last time to the bookkeeper’s: a 429, or the very answer a PIN nobody has gets', async () => {
    const bookkeeper = await addMember('Guess Bookkeeper', 'bookkeeping', '31415926');
    const printer = await addMember('Guess Printer', 'production', '27182818');
    let cookie = await loginWithPin(server, printer.pin, '10.80.0.1');
    let current = printer.pin;
    const answers: Answer[] = [];
    for (let i = 0; i < 30; i++) {
      const candidate = i === 29 ? bookkeeper.pin : nobodys(i);
      const answer = await call<{ pin?: string }>(cookie, 'POST', '/api/admin/me/pin', {
        currentPin: current,
        newPin: candidate,
      });
      answers.push(answer);
      if (answer.status < 300) {
        current = (answer.body as { pin?: string } | undefined)?.pin ?? candidate;
        cookie = cookieOf(answer, 'admin_session') ?? cookie;
      }
    }
    const [nobodysAnswer, bookkeepersAnswer] = answers.slice(28);
    if (bookkeepersAnswer?.status !== 429) {
      expect(bookkeepersAnswer?.status).toBe(nobodysAnswer?.status);
      expect(bookkeepersAnswer?.body).toEqual(nobodysAnswer?.body);
    }
    expect(answers.map((answer) => JSON.stringify(answer.body)).join('')).not.toMatch(/in use|används/);
    // Asking is limited per person: the 6th request within the hour is refused.
    expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.slice(5).map((answer) => answer.status))).toEqual(new Set([429]));
    // The bookkeeper's PIN is still theirs alone.
    await loginWithPin(server, bookkeeper.pin, '10.80.0.2');
  });

  it('the owner adding or resetting someone with a member’s PIN gets a PIN the shop made, not a refusal', async () => {
    const bookkeeper = await addMember('Owner Bookkeeper', 'bookkeeping', '16180339');
    const added = await call<{ pin?: string }>(server.cookie, 'POST', '/api/admin/staff', {
      name: 'Owner Copy',
      role: 'production',
      pin: bookkeeper.pin,
    });
    expect(added.status).toBe(201);
    expect(added.body.pin).toMatch(/^\d{10}$/);
    expect(added.body.pin).not.toBe(bookkeeper.pin);
    const printer = await addMember('Owner Printer', 'production', '14142135');
    const reset = await call<{ pin?: string }>(server.cookie, 'POST', `/api/admin/staff/${printer.id}/pin`, {
      pin: bookkeeper.pin,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.pin).toMatch(/^\d{10}$/);
    expect(reset.body.pin).not.toBe(bookkeeper.pin);
    const session = await call<{ staff: { name: string } }>(
      await loginWithPin(server, bookkeeper.pin, '10.80.1.1'),
      'GET',
      '/api/admin/session',
    );
    expect(session.body.staff.name).toBe('Owner Bookkeeper');
  });
});

describe('a right PIN never buys more guesses', () => {
  it('one client (same address, same device cookie): 6 rounds of 4 wrong PINs and the own right one; the wrong ones from the 6th on are 429, the owner’s PIN after them does not log in; the audit lists them', async () => {
    const address = '10.81.0.1';
    const printer = await addMember('Loop Printer', 'production', '22360679');
    const first = await tryPin(printer.pin, address);
    expect(first.status).toBe(204);
    const device = cookieOf(first, 'admin_device');
    expect(device).toBeTruthy();
    const wrong: number[] = [];
    const own: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (let k = 0; k < 4; k++) wrong.push((await tryPin(`7${round}${k}00`, address, device)).status);
      own.push((await tryPin(printer.pin, address, device)).status);
    }
    expect(wrong.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(wrong.slice(5))).toEqual(new Set([429]));
    const owners = await tryPin('4711', address, device);
    expect(owners.status).toBe(429);
    expect(cookieOf(owners, 'admin_session')).toBeUndefined();

    // Every refused try from that client is a login_failed entry (the 24 wrong ones among them).
    const refused = [...wrong, ...own, owners.status].filter((status) => status !== 204).length;
    expect(refused).toBeGreaterThanOrEqual(25);
    const failed = (await auditEvents('action=login_failed')).filter((event) => event.target === address);
    expect(failed).toHaveLength(refused);
    expect(failed[0]?.after).toEqual({ reason: 'throttled', browserOf: 'Loop Printer' });
    expect(
      failed.filter((event) => (event.after as { reason?: string }).reason === 'wrong-pin'),
    ).toHaveLength(5);
  });

  it('a right login or a new own PIN does not clear the wrong PINs counted against the address', async () => {
    const printer = await addMember('Clear Printer', 'production', '17320508');
    // A right login between wrong ones (a browser without a device cookie).
    const address = '10.82.0.1';
    for (let i = 0; i < 4; i++) expect((await tryPin(nobodys(100 + i), address)).status).toBe(401);
    expect((await tryPin(printer.pin, address)).status).toBe(204);
    expect((await tryPin(nobodys(104), address)).status).toBe(401);
    expect((await tryPin(nobodys(105), address)).status).toBe(429);

    // A new own PIN asked for from an address with wrong PINs against it.
    const other = '10.82.0.2';
    const session = await loginWithPin(server, printer.pin, '10.82.0.3');
    for (let i = 0; i < 4; i++) expect((await tryPin(nobodys(110 + i), other)).status).toBe(401);
    const changed = await call(
      session,
      'POST',
      '/api/admin/me/pin',
      { currentPin: printer.pin, newPin: '26457513' },
      other,
    );
    expect(changed.status).toBeLessThan(300);
    expect((await tryPin(nobodys(114), other)).status).toBe(401);
    expect((await tryPin(nobodys(115), other)).status).toBe(429);
  });

  it('a member’s many browsers share one daily budget: fresh device cookies buy no fresh guesses', async () => {
    const printer = await addMember('Many Printer', 'production', '24494897');
    let accepted = 0;
    for (let browser = 0; browser < 6; browser++) {
      const address = `10.83.${browser}.1`;
      const login = await tryPin(printer.pin, address);
      expect(login.status).toBe(204);
      const device = cookieOf(login, 'admin_device');
      for (let i = 0; i < 5; i++) {
        if ((await tryPin(nobodys(200 + browser * 10 + i), address, device)).status === 401) accepted += 1;
      }
    }
    expect(accepted).toBe(20);
  });

  it('housekeeping keeps a person’s daily budget: used up 2 hours ago, still used up after it runs', async () => {
    const printer = await addMember('Kept Printer', 'production', '26457514');
    const login = await tryPin(printer.pin, '10.87.0.1');
    const device = cookieOf(login, 'admin_device');
    await server.database.db.execute(
      sql`INSERT INTO admin_login_attempts (bucket, window_start, failures)
          VALUES (${`member:${printer.id}`}, now() - interval '2 hours', 21)`,
    );
    await runHousekeeping({ config: server.config, database: server.database });
    expect((await tryPin(nobodys(600), '10.87.0.1', device)).status).toBe(429);
  });
});

describe('a stranger’s wrong PINs cannot lock a known member out', () => {
  it('strangers on the member’s own address and from everywhere use up every other budget; the member’s browser still logs in', async () => {
    const office = '10.84.0.1';
    const bookkeeper = await addMember('Known Bookkeeper', 'bookkeeping', '28284271');
    const first = await tryPin(bookkeeper.pin, office);
    expect(first.status).toBe(204);
    const device = cookieOf(first, 'admin_device');

    // A stranger on the office network (same address, no device cookie) until refused...
    const stranger: number[] = [];
    for (let i = 0; i < 8; i++) stranger.push((await tryPin(nobodys(300 + i), office)).status);
    expect(stranger.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(stranger.slice(5))).toEqual(new Set([429]));
    // ...and strangers elsewhere use up the shop-wide hourly budget (60, the office's 5 among them).
    const everywhere = await Promise.all(
      Array.from({ length: 55 }, (_, i) => tryPin(nobodys(400 + i), `10.85.${i}.1`)),
    );
    expect(everywhere.every((answer) => answer.status === 401)).toBe(true);
    expect((await tryPin(nobodys(500), '10.85.200.1')).status).toBe(429);
    // A forged device cookie is a stranger's browser.
    expect((await tryPin(bookkeeper.pin, office, 'admin_device=forged')).status).toBe(429);

    // The bookkeeper's own browser, at the office, still gets in.
    expect((await tryPin(bookkeeper.pin, office, device)).status).toBe(204);
  });
});

describe('refused PIN changes are recorded', () => {
  it('a wrong current PIN and a refused request for a new own PIN are audit entries with the person', async () => {
    const printer = await addMember('Audit Printer', 'production', '31622776');
    const cookie = await loginWithPin(server, printer.pin, '10.86.0.1');
    const wrong = await call(cookie, 'POST', '/api/admin/me/pin', { currentPin: '0000', newPin: '33166247' });
    expect(wrong.status).toBe(400);
    for (let i = 0; i < 5; i++) await call(cookie, 'POST', '/api/admin/me/pin', { currentPin: '0000' });
    const refused = await auditEvents(`action=own_pin_refused&staff=${printer.id}`);
    expect(refused.map((event) => [event.staff, event.after])).toEqual([
      ['Audit Printer', { reason: 'too-many-tries' }],
      ['Audit Printer', { reason: 'wrong-current-pin' }],
      ['Audit Printer', { reason: 'wrong-current-pin' }],
      ['Audit Printer', { reason: 'wrong-current-pin' }],
      ['Audit Printer', { reason: 'wrong-current-pin' }],
      ['Audit Printer', { reason: 'wrong-current-pin' }],
    ]);
  });
});
