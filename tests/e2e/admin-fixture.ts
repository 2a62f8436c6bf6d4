import type { BrowserContext } from '@playwright/test';
import type { TestServer } from '../helpers/server';

export const TEST_ADMIN_PIN = '4711';

/**
 * Logs in through the API (not by clicking) and puts the session cookie into the browser context,
 * as the server set it: httpOnly, SameSite=Strict. Other browser tests reuse this to reach /admin.
 */
export async function loginAsAdmin(server: Pick<TestServer, 'url'>, context: BrowserContext): Promise<void> {
  const response = await fetch(`${server.url}/api/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pin: TEST_ADMIN_PIN }),
  });
  if (response.status !== 204)
    throw new Error(`Admin login failed: ${response.status} ${await response.text()}`);
  const token = /admin_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('Admin login answered without a session cookie');
  await context.addCookies([
    { name: 'admin_session', value: token, url: server.url, httpOnly: true, sameSite: 'Strict' },
  ]);
}
