import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckoutPrefill } from '@/shared/account';
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '@/shared/saved-address';
import { queryRows } from '@/server/db/query-rows';
import { signInByLink } from '@tests/helpers/account-session';
import { insertTestOrder } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';
import type { PersonalData } from './personal-data';

const server = useServer({ env: { TRUST_PROXY: '1' } });

type List = { addresses: SavedAddress[]; max: number };
type Saved = { address: SavedAddress };
type Refusal = { error: string; fieldErrors?: Record<string, string> };

const office = { label: 'Kontoret', country: 'SE', address: 'Tryckeri AB\nStorgatan 1\n111 22 Stockholm' };

async function rowsOf(email: string) {
  return queryRows<{ label: string; country: string; address: string }>(
    server.database.db,
    sql`SELECT label, country, address FROM account_addresses WHERE email = ${email} ORDER BY id`,
  );
}

describe('saved delivery addresses', () => {
  it('are listed, added, changed and removed by the signed-in buyer; 401 without a session', async () => {
    const email = 'adresser@example.se';
    const cookie = await signInByLink(server, email);
    const empty = await request<List>(server, '/api/account/addresses', { headers: { cookie } });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ addresses: [], max: MAX_SAVED_ADDRESSES });
    expect(empty.headers.get('cache-control')).toBe('no-store');

    const added = await request<Saved>(server, '/api/account/addresses', {
      method: 'POST',
      headers: { cookie },
      json: { ...office, label: '  Kontoret ', address: 'Tryckeri AB\r\nStorgatan 1\r\n111 22 Stockholm\n' },
    });
    expect(added.status).toBe(201);
    expect(added.body.address).toMatchObject(office);
    const id = added.body.address.id;

    const changed = await request<Saved>(server, `/api/account/addresses/${id}`, {
      method: 'PUT',
      headers: { cookie },
      json: { label: 'Lagret', country: 'FI', address: 'Varasto Oy\nKatu 2\n00100 Helsinki' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.address).toMatchObject({ id, label: 'Lagret', country: 'FI' });
    const listed = await request<List>(server, '/api/account/addresses', { headers: { cookie } });
    expect(listed.body.addresses.map((row) => row.label)).toEqual(['Lagret']);

    // Export carries it (GDPR art. 15/20), with its country.
    const data = await request<PersonalData>(server, '/api/account/data', { headers: { cookie } });
    expect(data.body.addresses).toEqual([expect.objectContaining({ label: 'Lagret', country: 'FI' })]);

    const removed = await request(server, `/api/account/addresses/${id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(removed.status).toBe(204);
    expect(await rowsOf(email)).toEqual([]);
    const again = await request<Refusal>(server, `/api/account/addresses/${id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(again.status).toBe(404);

    for (const [method, path] of [
      ['GET', '/api/account/addresses'],
      ['POST', '/api/account/addresses'],
      ['PUT', `/api/account/addresses/${id}`],
      ['DELETE', `/api/account/addresses/${id}`],
    ] as const) {
      const refused = await request(server, path, {
        method,
        ...(method === 'POST' || method === 'PUT' ? { json: office } : {}),
      });
      expect(refused.status, `${method} ${path}`).toBe(401);
    }
    expect(await rowsOf(email)).toEqual([]);
  });

  it("never shows or touches another account's address: 404, nothing changed", async () => {
    const owner = await signInByLink(server, 'agare.adress@example.se');
    const other = await signInByLink(server, 'annan.adress@example.se');
    const saved = await request<Saved>(server, '/api/account/addresses', {
      method: 'POST',
      headers: { cookie: owner },
      json: office,
    });
    const id = saved.body.address.id;
    const seen = await request<List>(server, '/api/account/addresses', { headers: { cookie: other } });
    expect(seen.body.addresses).toEqual([]);
    const changed = await request<Refusal>(server, `/api/account/addresses/${id}`, {
      method: 'PUT',
      headers: { cookie: other, 'accept-language': 'sv' },
      json: { ...office, label: 'Kapad' },
    });
    expect(changed.status).toBe(404);
    expect(changed.body.error).toBe('Adressen finns inte bland dina sparade adresser.');
    const removed = await request(server, `/api/account/addresses/${id}`, {
      method: 'DELETE',
      headers: { cookie: other },
    });
    expect(removed.status).toBe(404);
    expect(await rowsOf('agare.adress@example.se')).toEqual([office]);
  });

  it('refuses hostile and malformed input with 400 in the reader’s language and changes nothing', async () => {
    const email = 'fientlig@example.se';
    const cookie = await signInByLink(server, email);
    const saved = await request<Saved>(server, '/api/account/addresses', {
      method: 'POST',
      headers: { cookie },
      json: office,
    });
    const id = saved.body.address.id;
    const cases: [string, unknown, string][] = [
      ['script in the label', { ...office, label: '<script>alert(1)</script>' }, 'label'],
      ['a link in the label', { ...office, label: 'evil.example.com' }, 'label'],
      ['an empty label', { ...office, label: '   ' }, 'label'],
      ['a label too long', { ...office, label: 'L'.repeat(61) }, 'label'],
      ['an address too long', { ...office, address: 'A'.repeat(301) }, 'address'],
      ['an address of too many lines', { ...office, address: 'a\nb\nc\nd\ne\nf' }, 'address'],
      [
        'markup in the address',
        { ...office, address: 'Storgatan 1 <img src=x onerror=alert(1)>' },
        'address',
      ],
      ['a NUL in the address', { ...office, address: 'Storgatan\u0000 1' }, 'address'],
      ['an unknown country', { ...office, country: 'XX' }, 'country'],
      ['a number for the label', { ...office, label: 42 }, 'label'],
      ['an array for the address', { ...office, address: ['Storgatan 1'] }, 'address'],
      ['no address', { label: 'Kontoret', country: 'SE' }, 'address'],
    ];
    for (const [name, body, field] of cases) {
      for (const [method, path] of [
        ['POST', '/api/account/addresses'],
        ['PUT', `/api/account/addresses/${id}`],
      ] as const) {
        const refused = await request<Refusal>(server, path, {
          method,
          headers: { cookie, 'accept-language': 'sv' },
          json: body,
        });
        expect(refused.status, `${name} (${method})`).toBe(400);
        expect(refused.body.fieldErrors?.[field], `${name} (${method})`).toBeTruthy();
      }
    }
    const markup = await request<Refusal>(server, '/api/account/addresses', {
      method: 'POST',
      headers: { cookie, 'accept-language': 'sv' },
      json: { ...office, label: '<b>x</b>' },
    });
    expect(markup.body.fieldErrors?.label).toBe('Tecknen < och > kan inte användas');
    const english = await request<Refusal>(server, '/api/account/addresses', {
      method: 'POST',
      headers: { cookie, 'accept-language': 'en' },
      json: { ...office, label: 'L'.repeat(61) },
    });
    expect(english.body.fieldErrors?.label).toBe('The name can be at most 60 characters');
    for (const path of [
      '/api/account/addresses/abc',
      '/api/account/addresses/-1',
      '/api/account/addresses/1e99',
    ])
      expect((await request(server, path, { method: 'DELETE', headers: { cookie } })).status, path).toBe(400);
    const notJson = await request(server, '/api/account/addresses', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{"label":',
    });
    expect(notJson.status).toBe(400);
    expect(await rowsOf(email)).toEqual([office]);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} per account and says so`, async () => {
    const email = 'manga.adresser@example.se';
    const cookie = await signInByLink(server, email);
    const adds = Array.from({ length: MAX_SAVED_ADDRESSES + 3 }, (_, index) =>
      request(server, '/api/account/addresses', {
        method: 'POST',
        headers: { cookie, 'accept-language': 'en' },
        json: { ...office, label: `Lager ${index + 1}` },
      }),
    );
    // Sent at once: the lock keeps the count and the insert together.
    const answers = await Promise.all(adds);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_SAVED_ADDRESSES);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(3);
    expect((refused[0]?.body as Refusal).error).toBe(
      `You can save at most ${MAX_SAVED_ADDRESSES} addresses. Remove one you no longer use first.`,
    );
    expect(await rowsOf(email)).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  it("prefills the checkout from the buyer's own last order and lists their addresses; signed out it says only that", async () => {
    const signedOut = await request<CheckoutPrefill>(server, '/api/account/checkout');
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toEqual({ signedIn: false });

    const email = 'forifylld@example.se';
    const cookie = await signInByLink(server, email);
    const none = await request<CheckoutPrefill>(server, '/api/account/checkout', { headers: { cookie } });
    expect(none.body).toEqual({ signedIn: true, email, addresses: [] });

    await insertTestOrder(server.database, {
      customerEmail: 'Forifylld@example.se',
      customerName: 'Förra Gången',
    });
    await insertTestOrder(server.database, {
      customerEmail: 'forifylld@example.se',
      customerName: 'Senaste Gången',
      deliveryAddress: 'Senaste vägen 9, 411 01 Göteborg',
    });
    // A colleague's newer order is not this buyer's details.
    await insertTestOrder(server.database, {
      customerEmail: 'kollega.forifylld@example.se',
      customerName: 'Kollega',
    });
    await request(server, '/api/account/addresses', { method: 'POST', headers: { cookie }, json: office });
    const filled = await request<CheckoutPrefill>(server, '/api/account/checkout', { headers: { cookie } });
    expect(filled.body.signedIn).toBe(true);
    if (!filled.body.signedIn) return;
    expect(filled.body.customer).toMatchObject({
      name: 'Senaste Gången',
      address: 'Senaste vägen 9, 411 01 Göteborg',
    });
    expect(filled.body.addresses.map((row) => row.label)).toEqual(['Kontoret']);
  });
});
