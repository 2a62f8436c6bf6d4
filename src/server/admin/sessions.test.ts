import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminLogin as login } from '@tests/helpers/admin';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';
import { loadPinHash } from './pin';
import { LOGIN_LIMITS } from './throttle';

const server = useServer({ env: { TRUST_PROXY: '1' } });

const quiet = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
const pipe = { isTTY: false, write: () => true };

async function status(cookie: string): Promise<number> {
  return (await request(server, '/api/admin/session', { headers: { cookie } })).status;
}

function tryPin(pin: string, ip: string, cookie?: string) {
  return request(server, '/api/admin-login', {
    method: 'POST',
    json: { pin },
    headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
  });
}

describe('admin sessions', () => {
  it('end when the PIN changes (a restart with a new ADMIN_PIN); a restart with the same PIN keeps them', async () => {
    const cookie = await login(server, '10.20.0.1');
    // What a restart does at start, on the same database.
    await loadPinHash(server.database, '4711', quiet, server.dataDir, pipe);
    expect(await status(cookie)).toBe(200);
    await loadPinHash(server.database, '2468', quiet, server.dataDir, pipe);
    expect(await status(cookie)).toBe(401);
    expect((await tryPin('4711', '10.20.0.2')).status).toBe(401);
    expect((await tryPin('2468', '10.20.0.2')).status).toBe(204);
    // Back to the test PIN for the other tests.
    await loadPinHash(server.database, '4711', quiet, server.dataDir, pipe);
  });

  it('end 12 hours after login however busy, and after 8 hours idle', async () => {
    const busy = await login(server, '10.20.1.1');
    await server.database.db.execute(
      sql`UPDATE admin_sessions SET created_at = now() - interval '11 hours 50 minutes', last_seen_at = now()`,
    );
    expect(await status(busy)).toBe(200);
    await server.database.db.execute(
      sql`UPDATE admin_sessions SET created_at = now() - interval '12 hours 1 minute', last_seen_at = now()`,
    );
    expect(await status(busy)).toBe(401);
    const idle = await login(server, '10.20.1.2');
    await server.database.db.execute(
      sql`UPDATE admin_sessions SET last_seen_at = now() - interval '8 hours 1 minute'`,
    );
    expect(await status(idle)).toBe(401);
  });

  it('log out everywhere ends every session, on every device', async () => {
    const laptop = await login(server, '10.20.2.1');
    const phone = await login(server, '10.20.2.2');
    const out = await request(server, '/api/admin/logout-all', {
      method: 'POST',
      headers: { cookie: phone },
      json: {},
    });
    expect(out.status).toBe(204);
    expect(await status(laptop)).toBe(401);
    expect(await status(phone)).toBe(401);
    // Without a session it is refused like every admin route.
    expect((await request(server, '/api/admin/logout-all', { method: 'POST', json: {} })).status).toBe(401);
  });
});

describe('admin login throttle', () => {
  it('a browser that logged in before may still try during a global lockout, a bounded number of times', async () => {
    const first = await tryPin('4711', '10.30.0.1');
    expect(first.status).toBe(204);
    const device = /admin_device=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
    expect(device).toBeTruthy();
    expect(first.headers.get('set-cookie')).toMatch(/admin_device=[^;]+;[^,]*HttpOnly/i);
    const deviceCookie = `admin_device=${device ?? ''}`;

    // An attack from many addresses uses up everyone's hourly budget.
    await server.database.db.execute(
      sql`INSERT INTO admin_login_attempts (bucket, window_start, failures) VALUES ('global', now(), 61)
          ON CONFLICT (bucket) DO UPDATE SET window_start = now(), failures = 61`,
    );
    expect((await tryPin('4711', '10.30.0.2')).status).toBe(429);
    expect((await tryPin('4711', '10.30.0.3', 'admin_device=forged')).status).toBe(429);
    // The admin's own browser, from any address, still gets in (and may mistype a few times).
    expect((await tryPin('0000', '10.30.0.4', deviceCookie)).status).toBe(401);
    expect((await tryPin('4711', '10.30.0.4', deviceCookie)).status).toBe(204);
    // But only a bounded number of tries: a stolen device cookie is not an unlimited guesser.
    let refused = 0;
    for (let i = 0; i < LOGIN_LIMITS.device.max + 1; i++) {
      if ((await tryPin(`1${String(i).padStart(3, '0')}`, `10.30.1.${i}`, deviceCookie)).status === 429)
        refused += 1;
    }
    expect(refused).toBeGreaterThan(0);
    await server.database.db.execute(sql`DELETE FROM admin_login_attempts`);
  });

  it('counts the client the trusted proxy saw: a varying left-most X-Forwarded-For does not bypass it', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await tryPin(`200${i}`, `203.0.113.${i}, 10.40.0.1`)).status).toBe(401);
    }
    expect((await tryPin('4711', '198.51.100.1, 10.40.0.1')).status).toBe(429);
  });

  it('a 3 000-character forwarded address is a bounded key: 401, not a 500, and no huge row', async () => {
    const answer = await tryPin('0000', 'x'.repeat(3000));
    expect(answer.status).toBe(401);
    const rows = await server.database.db.execute(
      sql`SELECT max(length(bucket)) AS longest FROM admin_login_attempts`,
    );
    expect(Number((rows as { rows: { longest: number }[] }).rows[0]?.longest)).toBeLessThan(100);
  });
});
