import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@/server/db/schema';
import type { AdminStats } from '@/shared/admin';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { adminLogin } from '../helpers/admin';
import { checkoutBody, oreFromDecimal } from '../helpers/orders';
import { makePng } from '../helpers/png';
import {
  createPostgresDatabase,
  request,
  startServer,
  testDatabaseUrl,
  type TestServer,
} from '../helpers/server';
import { streamUpload } from '../helpers/upload-stream';

const DISTINCT = 150;
const SENT_TWICE = 50;

/** Two app instances behind one load balancer, sharing one PostgreSQL database. */
describe.skipIf(!testDatabaseUrl)('scale-out: two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    [a, b] = await Promise.all([
      startServer({ databaseUrl: database.url }),
      startServer({ databaseUrl: database.url }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  it(`${DISTINCT + SENT_TWICE} simultaneous checkouts over both, ${SENT_TWICE} keys sent to each instance at once → exactly ${DISTINCT} orders`, async () => {
    const run = Date.now().toString(36);
    const bodies = Array.from({ length: DISTINCT }, (_, i) => checkoutBody(`scale-${run}-${i}-key`, i));
    // Keys 0..49 go to A and to B at the same moment; the rest alternate between the instances.
    const sends = [
      ...bodies.slice(0, SENT_TWICE).flatMap((body, i) => [
        { i, server: a, body },
        { i, server: b, body },
      ]),
      ...bodies.slice(SENT_TWICE).map((body, j) => ({ i: SENT_TWICE + j, server: j % 2 ? a : b, body })),
    ];
    expect(sends).toHaveLength(DISTINCT + SENT_TWICE);
    const answers = await Promise.all(
      sends.map(async ({ i, server, body }) => ({
        i,
        ...(await request<PlacedOrderAnswer>(server, '/api/orders', { method: 'POST', json: body })),
      })),
    );

    // Exactly one 201 per key; the twin of a doubled key is a 200 naming the same order.
    expect(
      answers.filter((r) => r.status !== 200 && r.status !== 201).map((r) => [r.status, r.body]),
    ).toEqual([]);
    const created = answers.filter((r) => r.status === 201);
    expect(created).toHaveLength(DISTINCT);
    expect(new Set(created.map((r) => r.i)).size).toBe(DISTINCT);
    expect(new Set(created.map((r) => r.body.orderNumber)).size).toBe(DISTINCT);
    for (let i = 0; i < SENT_TWICE; i++) {
      const twins = answers.filter((r) => r.i === i);
      expect(twins.map((r) => r.status).sort()).toEqual([200, 201]);
      expect(twins[0]?.body).toEqual(twins[1]?.body);
    }

    // Stored: exactly the acknowledged orders, invoice numbers strictly increasing in creation order.
    const rows = await a.database.db
      .select({ number: orders.orderNumber, seq: orders.invoiceSeq, total: orders.totalAmount })
      .from(orders)
      .orderBy(asc(orders.id));
    expect(rows).toHaveLength(DISTINCT);
    expect(new Set(rows.map((r) => r.number))).toEqual(new Set(created.map((r) => r.body.orderNumber)));
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.seq).toBeGreaterThan(rows[i - 1]?.seq ?? 0);

    // The dashboard on either instance adds up to the öre.
    const expectedOre = created.reduce((sum, r) => sum + oreFromDecimal(r.body.total), 0);
    const cookie = await adminLogin(a);
    for (const server of [a, b]) {
      const stats = await request<AdminStats>(server, '/api/admin/stats', { headers: { cookie } });
      expect(stats.status).toBe(200);
      expect(stats.body.totalOrders).toBe(DISTINCT);
      expect(oreFromDecimal(stats.body.totalTurnover)).toBe(expectedOre);
    }
  });

  it('an admin session from instance A works on B, and logging out on B ends it on A', async () => {
    const cookie = await adminLogin(a);
    expect((await request(b, '/api/admin/session', { headers: { cookie } })).status).toBe(200);
    expect((await request(a, '/api/admin/session', { headers: { cookie } })).status).toBe(200);
    const logout = await request(b, '/api/admin/logout', { method: 'POST', headers: { cookie } });
    expect(logout.status).toBe(204);
    for (const server of [a, b]) {
      const after = await request(server, '/api/admin/session', { headers: { cookie } });
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ error: 'Log in as admin' });
    }
    // Another session is untouched by that logout.
    const other = await adminLogin(b);
    expect((await request(a, '/api/admin/stats', { headers: { cookie: other } })).status).toBe(200);
  });
});

/**
 * UPLOAD_STORE=postgres: two instances with data folders of their own (no shared disk) and one
 * PostgreSQL database; each serves the files the other received.
 */
describe.skipIf(!testDatabaseUrl)('scale-out: uploads in PostgreSQL, no shared disk', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    const env = { UPLOAD_STORE: 'postgres', DATABASE_URL: database.url };
    [a, b] = await Promise.all([
      startServer({ databaseUrl: database.url, env }),
      startServer({ databaseUrl: database.url, env }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  it('an image uploaded to A is served by B, a print file received by B is downloaded from A, byte for byte', async () => {
    expect(a.dataDir).not.toBe(b.dataDir);
    const png = makePng(48, [30, 160, 90]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const image = await request<{ id: string }>(a, '/api/uploads', { method: 'POST', body: form });
    expect(image.status).toBe(201);
    const fromB = await fetch(`${b.url}/api/uploads/${image.body.id}`);
    expect(fromB.status).toBe(200);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(png)).toBe(true);

    // 3 MB: twelve chunks of 256 KB, streamed in and out.
    const size = 3 * 1024 * 1024;
    const printFile = await streamUpload(b, { path: '/api/print-files', size });
    expect(printFile.status).toBe(201);
    const placed = await request<PlacedOrderAnswer>(b, '/api/orders', {
      method: 'POST',
      json: { ...checkoutBody(`uploads-${Date.now()}-key`), printFiles: [printFile.body.id] },
    });
    expect(placed.status).toBe(201);
    const cookie = await adminLogin(a);
    const download = await fetch(
      `${a.url}/api/admin/orders/${placed.body.orderNumber}/print-files/${String(printFile.body.id)}`,
      { headers: { cookie } },
    );
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(size);
    expect(bytes.subarray(0, 8).equals(makePng(8).subarray(0, 8))).toBe(true);
    expect(bytes.subarray(size - 16).equals(Buffer.alloc(16, 0x41))).toBe(true);

    // Neither instance wrote upload bytes to its own disk.
    for (const server of [a, b]) expect(existsSync(join(server.dataDir, 'uploads'))).toBe(false);
  });
});
