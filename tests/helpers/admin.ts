import { expect } from 'vitest';
import { request } from './server';

/** Logs in with the test PIN (4711) and answers the Cookie header value. */
export async function adminLogin(server: { url: string }, ip?: string): Promise<string> {
  const response = await request(server, '/api/admin-login', {
    method: 'POST',
    json: { pin: '4711' },
    headers: ip ? { 'x-forwarded-for': ip } : {},
  });
  expect(response.status).toBe(204);
  const setCookie = response.headers.get('set-cookie') ?? '';
  const match = /admin_session=([^;]+)/.exec(setCookie);
  if (!match?.[1]) throw new Error(`no session cookie in ${setCookie}`);
  return `admin_session=${match[1]}`;
}
