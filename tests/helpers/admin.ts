import { expect } from 'vitest';
import { request } from './server';

/** Logs in with the test PIN (4711, the owner's) and answers the Cookie header value. */
export function adminLogin(server: { url: string }, ip?: string): Promise<string> {
  return loginWithPin(server, '4711', ip);
}

/** Logs in whoever owns `pin` (staff, issue 30) and answers the Cookie header value. */
export async function loginWithPin(server: { url: string }, pin: string, ip?: string): Promise<string> {
  const response = await request(server, '/api/admin-login', {
    method: 'POST',
    json: { pin },
    headers: ip ? { 'x-forwarded-for': ip } : {},
  });
  expect(response.status).toBe(204);
  const setCookie = response.headers.get('set-cookie') ?? '';
  const match = /admin_session=([^;]+)/.exec(setCookie);
  if (!match?.[1]) throw new Error(`no session cookie in ${setCookie}`);
  return `admin_session=${match[1]}`;
}
