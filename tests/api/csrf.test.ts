import { describe, expect, it } from 'vitest';
import { adminLogin } from '../helpers/admin';
import { request } from '../helpers/server';
import { useServer } from '../helpers/use-server';

/**
 * Cross-site request forgery against the admin: a page on another origin (a sibling subdomain is
 * the same *site*, so SameSite=Strict cookies go along) posts to a state-changing admin route.
 * Before this guard `POST /api/admin/logout-all` with text/plain from http://evil.example answered
 * 204 and ended every session.
 */
const server = useServer({ env: { PUBLIC_BASE_URL: 'https://shop.example' } });

async function sessionAlive(cookie: string): Promise<boolean> {
  return (await request(server, '/api/admin/session', { headers: { cookie } })).status === 200;
}

describe('state-changing admin routes only answer the shop’s own pages', () => {
  it.each([
    [
      'another origin, text/plain (no preflight)',
      { origin: 'http://evil.example', 'content-type': 'text/plain' },
    ],
    [
      'a sibling subdomain (same site)',
      { origin: 'https://uploads.shop.example', 'content-type': 'application/json' },
    ],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site', 'content-type': 'application/json' }],
    [
      'Sec-Fetch-Site: cross-site without Origin',
      { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
    ],
    ['Origin: null (sandboxed frame)', { origin: 'null', 'content-type': 'application/json' }],
  ])('%s → 403 with a message, and every session lives on', async (_name, headers) => {
    const cookie = await adminLogin(server);
    const answer = await request<{ error: string }>(server, '/api/admin/logout-all', {
      method: 'POST',
      headers: { ...headers, cookie },
      body: '{}',
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(/shop's own page/);
    expect(await sessionAlive(cookie)).toBe(true);
  });

  it('the login itself is guarded too (no login CSRF), in the visitor’s language', async () => {
    const answer = await request<{ error: string }>(server, '/api/admin-login', {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'accept-language': 'sv' },
      json: { pin: '4711' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(/butikens egen sida/);
    expect(answer.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['a form post', 'application/x-www-form-urlencoded'],
    ['multipart where the route reads no upload', 'multipart/form-data; boundary=x'],
  ])('%s from no origin at all → 415, nothing changed', async (_name, type) => {
    const cookie = await adminLogin(server);
    const answer = await request<{ error: string }>(server, '/api/admin/logout-all', {
      method: 'POST',
      headers: { cookie, 'content-type': type },
      body: '{}',
    });
    expect(answer.status).toBe(415);
    expect(answer.body.error).toMatch(/JSON expected/);
    expect(await sessionAlive(cookie)).toBe(true);
  });

  it('the shop’s own origin (public or as requested), and clients that send no Origin, are served', async () => {
    const origins: Record<string, string>[] = [
      { origin: 'https://shop.example', 'sec-fetch-site': 'same-origin' },
      { origin: server.url },
      {},
    ];
    for (const headers of origins) {
      const cookie = await adminLogin(server);
      const answer = await request(server, '/api/admin/logout', {
        method: 'POST',
        headers: { ...headers, cookie },
        json: {},
      });
      expect(answer.status).toBe(204);
      expect(await sessionAlive(cookie)).toBe(false);
    }
  });

  it('a GET changes nothing and passes the guard (the session still decides)', async () => {
    const cookie = await adminLogin(server);
    const answer = await request(server, '/api/admin/session', {
      headers: { cookie, origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(answer.status).toBe(200);
  });
});
