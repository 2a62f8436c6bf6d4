import { describe, expect, it } from 'vitest';
import { productFromRecord, type ProductRecord } from '@/shared/catalogue-record';
import { seedCatalogue } from '@/shared/catalogue-seed';
import type { AuditEvent } from '@/shared/staff';
import { addStaffMember, loginWithPin } from '@tests/helpers/admin';
import { testCustomer } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

const server = useAdminServer();

function call<T>(cookie: string, method: string, path: string, json?: unknown, language = 'en') {
  return request<T>(server, path, {
    method,
    headers: { cookie, 'accept-language': language },
    ...(json === undefined ? {} : { json }),
  });
}

async function adminRecord(id: string): Promise<ProductRecord> {
  const listed = await call<ProductRecord[]>(server.cookie, 'GET', '/api/admin/products');
  expect(listed.status).toBe(200);
  const record = listed.body.find((p) => p.id === id);
  if (!record) throw new Error(`${id} not in the admin list`);
  return record;
}

async function orderHoodies(key: string, quantity = 20) {
  const placed = await request<{ orderNumber: string; accessToken: string; total: string }>(
    server,
    '/api/orders',
    {
      method: 'POST',
      json: {
        idempotencyKey: key,
        customer: testCustomer,
        lines: [{ productId: 'hoodie', quantity, sizes: { M: quantity }, options: { colour: 'navy' } }],
      },
    },
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body;
}

const tote = {
  id: 'tygkasse',
  names: { sv: 'Tygkasse', en: 'Tote Bag' },
  descriptions: { sv: 'Tygkasse i bomull med ditt tryck.', en: 'Cotton tote bag with your print.' },
  category: 'accessoarer',
  kind: 'tiers',
  tiers: [
    { quantity: 50, pricePerUnit: '45' },
    { quantity: 100, pricePerUnit: '39,5' },
    { quantity: 250, pricePerUnit: '32,125' },
  ],
  options: [{ id: 'colour', choices: [{ id: 'black' }, { id: 'white' }] }],
  visible: true,
};

describe('the catalogue in the database', () => {
  it('is seeded with SPEC’s 17 products unchanged: tiers, minimums, choices, texts in both languages', async () => {
    const { status, body } = await request<ProductRecord[]>(server, '/api/products');
    expect(status).toBe(200);
    expect(body.map((p) => p.id)).toEqual(seedCatalogue.map((p) => p.id));
    for (const record of body) {
      const seeded = seedCatalogue.find((p) => p.id === record.id);
      expect(productFromRecord(record), record.id).toEqual(seeded);
    }
    const hoodie = body.find((p) => p.id === 'hoodie');
    expect(hoodie?.tiers[1]).toEqual({ quantity: 50, pricePerUnit: '114.375' });
    expect(hoodie?.names).toEqual({ sv: 'Hoodie', en: 'Hoodie' });
  });

  it('answers an entity tag and 304 while the catalogue is unchanged', async () => {
    const first = await request(server, '/api/products');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.url}/api/products`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    const one = await request(server, '/api/products/hoodie');
    const oneAgain = await fetch(`${server.url}/api/products/hoodie`, {
      headers: { 'if-none-match': one.headers.get('etag') ?? '' },
    });
    expect(oneAgain.status).toBe(304);
  });

  it('only the owner edits it: the production role gets 403', async () => {
    const added = await addStaffMember(server, server.cookie, { name: 'Per Printer', role: 'production' });
    const printer = await loginWithPin(server, added.pin);
    expect((await call(printer, 'GET', '/api/admin/products')).status).toBe(403);
    const hoodie = await adminRecord('hoodie');
    expect((await call(printer, 'PUT', '/api/admin/products/hoodie', hoodie)).status).toBe(403);
    expect((await request(server, '/api/admin/products')).status).toBe(401);
  });

  it('PUT with invalid fields → 400 naming each one, in the owner’s language; nothing changes', async () => {
    const hoodie = await adminRecord('hoodie');
    const invalid = {
      ...hoodie,
      names: { sv: 'Hoodie', en: ' ' },
      descriptions: { en: hoodie.descriptions.en },
      minQuantity: 10,
      tiers: [
        { quantity: 20, pricePerUnit: '132' },
        { quantity: 20, pricePerUnit: '120' },
        { quantity: 100, pricePerUnit: '0' },
        { quantity: 200, pricePerUnit: '12,3456' },
        { quantity: 300, pricePerUnit: '150' },
      ],
      options: [{ id: 'colour', choices: [] }],
    };
    const bad = await call<{ error: string; fieldErrors: Record<string, string> }>(
      server.cookie,
      'PUT',
      '/api/admin/products/hoodie',
      invalid,
      'sv',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toMatchObject({
      'names.en': 'Fyll i fältet.',
      'descriptions.sv': 'Fyll i fältet.',
      'tiers.1.quantity': 'Antalen måste öka strikt från nivå till nivå.',
      'tiers.2.pricePerUnit': 'Priset måste vara större än 0 kr.',
      'tiers.3.pricePerUnit': 'Ange ett pris i kronor med högst tre decimaler, t.ex. 114,375.',
      minQuantity: 'Minsta antal måste vara den första nivåns antal.',
      'options.0.choices': 'Välj minst en färg.',
    });
    const english = await call<{ fieldErrors: Record<string, string> }>(
      server.cookie,
      'PUT',
      '/api/admin/products/hoodie',
      invalid,
      'en',
    );
    expect(english.status).toBe(400);
    expect(english.body.fieldErrors).toMatchObject({
      'names.en': 'Fill in this field.',
      'descriptions.sv': 'Fill in this field.',
      'tiers.1.quantity': 'Quantities must rise strictly from tier to tier.',
      'tiers.2.pricePerUnit': 'The price must be more than 0 kr.',
      'tiers.3.pricePerUnit': 'Give a price in kronor with at most three decimals, e.g. 114,375.',
      minQuantity: 'The minimum quantity must be the first tier’s quantity.',
      'options.0.choices': 'Choose at least one colour.',
    });
    const rising = await call<{ fieldErrors: Record<string, string> }>(
      server.cookie,
      'PUT',
      '/api/admin/products/hoodie',
      {
        ...hoodie,
        tiers: [
          { quantity: 20, pricePerUnit: '132' },
          { quantity: 50, pricePerUnit: '140' },
        ],
      },
    );
    expect(rising.status).toBe(400);
    expect(rising.body.fieldErrors['tiers.1.pricePerUnit']).toBe(
      'The unit price rises with quantity. Confirm if that is intended.',
    );
    expect((await adminRecord('hoodie')).version).toBe(hoodie.version);
    expect(
      (await call(server.cookie, 'PUT', '/api/admin/products/nope', { ...hoodie, id: 'nope' })).status,
    ).toBe(404);
  });

  it('the sort order moves a product in the shop’s list; one that is no whole number → 400 in the owner’s language', async () => {
    const bag = await adminRecord('becknarväska');
    const bad = await call<{ fieldErrors: Record<string, string> }>(
      server.cookie,
      'PUT',
      '/api/admin/products/becknarväska',
      { ...bag, sortOrder: 'först' },
      'sv',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.sortOrder).toBe(
      'Sorteringsordningen ska vara ett heltal från 0 till 1 000 000.',
    );
    expect((await adminRecord('becknarväska')).version).toBe(bag.version);
    const moved = await call<ProductRecord>(server.cookie, 'PUT', '/api/admin/products/becknarväska', {
      ...bag,
      sortOrder: 0,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const shop = await request<{ id: string }[]>(server, '/api/products');
    expect(shop.body[0]?.id).toBe('becknarväska');
    const back = await call(server.cookie, 'PUT', '/api/admin/products/becknarväska', {
      ...(await adminRecord('becknarväska')),
      sortOrder: bag.sortOrder,
    });
    expect(back.status).toBe(200);
  });

  it('a unit price rising with quantity is saved once confirmed; the history says who, when, before and after', async () => {
    const hat = await adminRecord('fiskehatt');
    const tiers = [
      { quantity: 20, pricePerUnit: '99' },
      { quantity: 50, pricePerUnit: '101,5' },
    ];
    const unconfirmed = await call(server.cookie, 'PUT', '/api/admin/products/fiskehatt', { ...hat, tiers });
    expect(unconfirmed.status).toBe(400);
    const startedAt = Date.now();
    const saved = await call<ProductRecord>(server.cookie, 'PUT', '/api/admin/products/fiskehatt', {
      ...hat,
      tiers,
      confirmPriceRise: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.tiers).toEqual([
      { quantity: 20, pricePerUnit: '99' },
      { quantity: 50, pricePerUnit: '101.5' },
    ]);
    const history = await call<{ events: AuditEvent[] }>(
      server.cookie,
      'GET',
      '/api/admin/products/fiskehatt/history',
    );
    expect(history.body.events).toHaveLength(1);
    const [event] = history.body.events;
    expect(event?.staff).toBe('Ägare');
    expect(Math.abs(Date.parse(event?.at ?? '') - startedAt)).toBeLessThan(60_000);
    expect((event?.before as ProductRecord).tiers).toHaveLength(10);
    expect((event?.after as ProductRecord).tiers[1]).toEqual({ quantity: 50, pricePerUnit: '101.5' });
  });

  it('after PUT of the hoodie’s 20-tier price, the product, a new order use it; an earlier order keeps its own', async () => {
    const earlier = await orderHoodies('catalogue-before-0001');
    expect(earlier.total).toBe('2640.00');

    const hoodie = await adminRecord('hoodie');
    const tiers = hoodie.tiers.map((t, i) => (i === 0 ? { ...t, pricePerUnit: '139,875' } : t));
    const saved = await call<ProductRecord>(server.cookie, 'PUT', '/api/admin/products/hoodie', {
      ...hoodie,
      tiers,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.tiers[0]).toEqual({ quantity: 20, pricePerUnit: '139.875' });
    expect(saved.body.version).toBe(hoodie.version + 1);

    const shown = await request<ProductRecord>(server, '/api/products/hoodie');
    expect(shown.body.tiers[0]).toEqual({ quantity: 20, pricePerUnit: '139.875' });

    const later = await orderHoodies('catalogue-after-00001');
    // 20 × 139,875 kr = 2 797,50 kr
    expect(later.total).toBe('2797.50');

    const before = await request<{ lines: { unitPrice: string; lineTotal: string }[]; total: string }>(
      server,
      `/api/orders/${earlier.orderNumber}`,
      { headers: { 'x-order-token': earlier.accessToken } },
    );
    expect(before.body.lines[0]).toMatchObject({ unitPrice: '132', lineTotal: '2640.00' });
    const invoice = await request<string>(
      server,
      `/api/orders/${earlier.orderNumber}/invoice?token=${encodeURIComponent(earlier.accessToken)}`,
    );
    const text = invoice.body.replace(/\s/g, ' ');
    expect(text).toContain('2 640,00');
    expect(text).not.toContain('2 797,50');

    // A second save with the version the first one edited is refused: someone saved since.
    const stale = await call(server.cookie, 'PUT', '/api/admin/products/hoodie', { ...hoodie, tiers });
    expect(stale.status).toBe(409);

    const history = await call<{ events: AuditEvent[] }>(
      server.cookie,
      'GET',
      '/api/admin/products/hoodie/history',
    );
    expect(history.body.events).toHaveLength(1);
    const [event] = history.body.events;
    expect(event?.staff).toBeTruthy();
    expect((event?.before as ProductRecord).tiers[0]).toEqual({ quantity: 20, pricePerUnit: '132' });
    expect((event?.after as ProductRecord).tiers[0]).toEqual({ quantity: 20, pricePerUnit: '139.875' });
  });

  it('POST adds a product the shop sells at once; a hidden product is listed in admin only and cannot be ordered', async () => {
    const added = await call<ProductRecord>(server.cookie, 'POST', '/api/admin/products', tote);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      id: 'tygkasse',
      minQuantity: 50,
      tiers: [
        { quantity: 50, pricePerUnit: '45' },
        { quantity: 100, pricePerUnit: '39.5' },
        { quantity: 250, pricePerUnit: '32.125' },
      ],
      productionDays: 12,
    });
    expect((await call(server.cookie, 'POST', '/api/admin/products', tote)).status).toBe(409);
    const listed = await request<ProductRecord[]>(server, '/api/products');
    expect(listed.body.at(-1)?.id).toBe('tygkasse');
    const order = await request<{ total: string }>(server, '/api/orders', {
      method: 'POST',
      json: {
        idempotencyKey: 'catalogue-tote-000001',
        customer: testCustomer,
        lines: [{ productId: 'tygkasse', quantity: 100, options: { colour: 'white' } }],
      },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect(order.body.total).toBe('3950.00');

    const beanie = await adminRecord('mossa');
    const hidden = await call<ProductRecord>(server.cookie, 'PUT', '/api/admin/products/mossa', {
      ...beanie,
      visible: false,
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.visible).toBe(false);
    expect((await request(server, '/api/products/mossa')).status).toBe(404);
    expect((await request<ProductRecord[]>(server, '/api/products')).body.map((p) => p.id)).not.toContain(
      'mossa',
    );
    expect((await adminRecord('mossa')).visible).toBe(false);
    const refused = await request<{ fieldErrors: Record<string, string> }>(server, '/api/orders', {
      method: 'POST',
      json: {
        idempotencyKey: 'catalogue-beanie-0001',
        customer: testCustomer,
        lines: [{ productId: 'mossa', quantity: 25, options: { colour: 'navy' } }],
      },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fieldErrors)).toContain('lines.0.productId');
    const sitemap = await request<string>(server, '/sitemap.xml');
    expect(sitemap.body).toContain('/products/tygkasse');
    expect(sitemap.body).not.toContain('/products/mossa');
  });
});
