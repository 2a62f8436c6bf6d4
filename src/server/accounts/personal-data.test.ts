import { describe, expect, it } from 'vitest';
import { signInByLink } from '@tests/helpers/account-session';
import { insertTestOrder } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';
import type { PersonalData } from './personal-data';

const server = useServer({ env: { TRUST_PROXY: '1' } });

const signedIn = (email: string) => signInByLink(server, email);

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
