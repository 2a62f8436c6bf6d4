import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductRecord } from '@/shared/catalogue-record';
import { adminLogin } from '../helpers/admin';
import { testCustomer } from '../helpers/orders';
import {
  createPostgresDatabase,
  request,
  startServer,
  testDatabaseUrl,
  type TestServer,
} from '../helpers/server';

describe.skipIf(!testDatabaseUrl)('the catalogue on two instances sharing one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // Both start on one empty database: the catalogue is seeded once.
    [first, second] = await Promise.all([
      startServer({ databaseUrl: database.url, env: { CATALOGUE_CHECK_MS: '200' } }),
      startServer({ databaseUrl: database.url, env: { CATALOGUE_CHECK_MS: '200' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    await database.drop();
  });

  it('a price saved on one instance is the other’s within its check interval, without a restart', async () => {
    const before = await request<ProductRecord[]>(second, '/api/products');
    expect(before.body).toHaveLength(17);
    const etag = before.headers.get('etag') ?? '';

    const cookie = await adminLogin(first);
    const listed = await request<ProductRecord[]>(first, '/api/admin/products', { headers: { cookie } });
    const hoodie = listed.body.find((p) => p.id === 'hoodie');
    if (!hoodie) throw new Error('no hoodie');
    const saved = await request(first, '/api/admin/products/hoodie', {
      method: 'PUT',
      headers: { cookie },
      json: {
        ...hoodie,
        tiers: hoodie.tiers.map((t, i) => (i === 0 ? { ...t, pricePerUnit: '139,875' } : t)),
      },
    });
    expect(saved.status).toBe(200);
    const beanie = listed.body.find((p) => p.id === 'mossa');
    expect(
      (
        await request(first, '/api/admin/products/mossa', {
          method: 'PUT',
          headers: { cookie },
          json: { ...beanie, visible: false },
        })
      ).status,
    ).toBe(200);

    await expect
      .poll(
        async () =>
          (await request<ProductRecord>(second, '/api/products/hoodie')).body.tiers[0]?.pricePerUnit,
      )
      .toBe('139.875');
    expect((await request(second, '/api/products/mossa')).status).toBe(404);
    const changed = await fetch(`${second.url}/api/products`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);

    const order = await request<{ total: string }>(second, '/api/orders', {
      method: 'POST',
      json: {
        idempotencyKey: 'catalogue-postgres-0001',
        customer: testCustomer,
        lines: [{ productId: 'hoodie', quantity: 20, sizes: { M: 20 }, options: { colour: 'navy' } }],
      },
    });
    expect(order.status).toBe(201);
    expect(order.body.total).toBe('2797.50');
  });
});
