import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEml } from '@tests/helpers/eml';
import { insertTestOrder } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';
import type { PersonalData } from './personal-data';

const server = useServer({ env: { TRUST_PROXY: '1' } });

/** Signs `email` in through the emailed link (as accounts.test.ts does): the session's Cookie header. */
async function signedIn(email: string): Promise<string> {
  const asked = await request(server, '/api/account/sign-in', {
    method: 'POST',
    json: { email },
    headers: { 'x-forwarded-for': '10.61.0.1' },
  });
  expect(asked.status).toBe(202);
  await server.app.emailOutbox.drain();
  const dir = join(server.dataDir, 'outbox');
  const mail = readdirSync(dir)
    .filter((name) => name.startsWith('account-'))
    .sort()
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((raw) => raw.includes(`To: ${email}`))
    .map((raw) => readEml(raw))
    .at(-1);
  const token = /\/account\/verify\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no sign-in email to ${email}`);
  const response = await fetch(`${server.url}/account/verify?token=${token}`, { redirect: 'manual' });
  const session = /account_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error('no session cookie');
  return `account_session=${session}`;
}

describe("the buyer's personal data", () => {
  it('downloads their own orders and messages as JSON, nothing of a colleague of the same company; 401 signed out', async () => {
    const own = await insertTestOrder(server.database, {
      customerEmail: 'Data.Agare@example.se',
      customerName: 'Dana Data',
      customerPhone: '0701112233',
      deliveryAddress: 'Lagret, Hamngatan 3, 411 01 Göteborg',
    });
    const colleague = await insertTestOrder(server.database, {
      customerEmail: 'kollega@example.se',
      customerName: 'Kalle Kollega',
    });
    const cookie = await signedIn('data.agare@example.se');
    const answer = await request<PersonalData>(server, '/api/account/data', { headers: { cookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="mina-uppgifter-/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body.email).toBe('data.agare@example.se');
    expect(answer.body.orders.map((order) => order.orderNumber)).toEqual([own.orderNumber]);
    expect(answer.body.orders[0]).toMatchObject({
      name: 'Dana Data',
      phone: '0701112233',
      deliveryAddress: 'Lagret, Hamngatan 3, 411 01 Göteborg',
      orgNumber: '556677-8899',
    });
    expect(JSON.stringify(answer.body)).not.toContain(colleague.orderNumber);
    expect(JSON.stringify(answer.body)).not.toContain('Kalle Kollega');
    expect(answer.body.addresses).toEqual([]);

    expect((await request(server, '/api/account/data')).status).toBe(401);
  });
});
