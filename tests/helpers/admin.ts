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

/** A person the owner added: the answer of POST /api/admin/staff, with the PIN the shop made. */
export interface AddedStaffMember {
  id: number;
  name: string;
  role: 'owner' | 'production' | 'bookkeeping';
  email: string | null;
  pin: string;
}

/**
 * Adds a person as the owner (`ownerCookie`) and answers them with their PIN: the shop makes every
 * PIN (issue 38), so a test logs in with the `pin` answered, never one it thought of.
 */
export async function addStaffMember(
  server: { url: string },
  ownerCookie: string,
  person: { name: string; role: AddedStaffMember['role']; email?: string },
): Promise<AddedStaffMember> {
  const response = await request<AddedStaffMember>(server, '/api/admin/staff', {
    method: 'POST',
    json: person,
    headers: { cookie: ownerCookie },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expect(response.body.pin).toMatch(/^\d{10}$/);
  return response.body;
}
