import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { makePng } from '@tests/helpers/png';
import { uploadImage } from '@tests/helpers/print-files';
import { testCustomer } from '@tests/helpers/orders';
import { failedServerStart, startServerProcess, type ServerProcess } from '@tests/helpers/process-server';
import { createPostgresDatabase, request, testDatabaseUrl } from '@tests/helpers/server';

/**
 * The previous release: the commit an operator upgrades from (issue 46). Moved forward with each
 * release; UPGRADE_FROM overrides it (a commit or tag reachable in this clone's history).
 */
const PREVIOUS_RELEASE = process.env.UPGRADE_FROM ?? '19924d3de7582e89e03065d53e2be5836da69ab2';

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** The previous release's source tree (git archive of PREVIOUS_RELEASE) with this clone's packages. */
function previousReleaseTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-previous-release-'));
  temporary.push(dir);
  let archive: Buffer;
  try {
    archive = execFileSync('git', ['archive', '--format=tar', PREVIOUS_RELEASE], {
      maxBuffer: 512 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    throw new Error(
      `the previous release ${PREVIOUS_RELEASE} is not in this clone's history (a shallow clone?): fetch it, or set UPGRADE_FROM`,
      { cause: error },
    );
  }
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  symlinkSync(realpathSync(resolve('node_modules')), join(dir, 'node_modules'));
  return dir;
}

interface Placed {
  orderNumber: string;
  accessToken: string;
  total: string;
}

const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

/** What a buyer and the shop see of an order: its page's data, its invoice PDF's bytes. */
async function orderAsSeen(server: { url: string }, order: Placed) {
  const headers = { 'x-order-token': order.accessToken };
  const page = await request<{ orderNumber: string; total: string; items: unknown[] }>(
    server,
    `/api/orders/${order.orderNumber}`,
    { headers },
  );
  // The invoice as data (the previous release's PDF worker does not run from an unbuilt archive).
  const invoice = await fetch(`${server.url}/api/orders/${order.orderNumber}/invoice`, { headers });
  return {
    status: page.status,
    orderNumber: page.body.orderNumber,
    total: page.body.total,
    lines: page.body.items?.length,
    invoiceStatus: invoice.status,
    invoice: sha256(await invoice.arrayBuffer()),
  };
}

/**
 * Upgrading from the previous release (issue 46): the previous release's own code, on its own
 * migrations, takes orders (one with an uploaded print image) and issues their invoices; then this
 * release starts on the same database and data folder, migrates it, and every order, invoice PDF
 * and file reads as before, and new orders go on. The previous release started again on the
 * migrated database is refused by nothing it knows of; this release refuses a database a newer one
 * migrated (docs/operations.md, Upgrading: stop every instance, no rolling restart across releases).
 */
async function upgradeKeepsEverything(env: Record<string, string>) {
  const previous = previousReleaseTree();
  let server: ServerProcess = await startServerProcess(env, previous);
  const image = makePng();
  const placed: Placed[] = [];
  let uploadId: string | undefined;
  try {
    uploadId = (await uploadImage(server, image)).id;
    const lines = [
      {
        productId: 'hoodie',
        quantity: 50,
        sizes: { S: 20, M: 30 },
        options: {},
        customisation: {
          color: 'navy',
          prints: [{ method: 'dtg', uploadId: uploadId, side: 'front', x: 50, y: 40, scale: 0.3 }],
          additionalInfo: '',
        },
      },
    ];
    const company = {
      ...testCustomer,
      customerType: 'company',
      companyName: 'IK Kamraterna',
      orgNumber: '556677-8899',
      personalNumber: '',
    };
    for (const [index, customer] of [testCustomer, company].entries()) {
      const answer = await request<Placed>(server, '/api/orders', {
        method: 'POST',
        json: { idempotencyKey: `upgrade-${index}-${Date.now()}`, customer, lines },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      placed.push(answer.body);
    }
  } finally {
    await server.stop();
  }
  const before = [];
  server = await startServerProcess(env, previous);
  try {
    for (const order of placed) before.push(await orderAsSeen(server, order));
  } finally {
    await server.stop();
  }
  expect(before.map((seen) => [seen.status, seen.invoiceStatus])).toEqual([
    [200, 200],
    [200, 200],
  ]);

  // This release on the same data: it migrates, and nothing is lost.
  server = await startServerProcess(env);
  try {
    const after = [];
    for (const order of placed) after.push(await orderAsSeen(server, order));
    expect(after).toEqual(before);
    for (const order of placed) {
      const pdf = await fetch(`${server.url}/api/orders/${order.orderNumber}/invoice.pdf`, {
        headers: { 'x-order-token': order.accessToken },
      });
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
    }
    const file = await fetch(`${server.url}/api/uploads/${uploadId ?? ''}`);
    expect(file.status).toBe(200);
    expect(sha256(await file.arrayBuffer())).toBe(createHash('sha256').update(image).digest('hex'));
    // The shop goes on: a new order on the upgraded database gets the next invoice number.
    const next = await request<Placed>(server, '/api/orders', {
      method: 'POST',
      json: {
        idempotencyKey: `upgrade-next-${Date.now()}`,
        customer: testCustomer,
        lines: [{ productId: 'hoodie', quantity: 20, sizes: { M: 20 }, options: { colour: 'navy' } }],
      },
    });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(placed.map((order) => order.orderNumber)).not.toContain(next.body.orderNumber);
  } finally {
    await server.stop();
  }
}

describe('upgrading from the previous release', { timeout: 15 * 60_000 }, () => {
  it('keeps every order, invoice and file (embedded PGlite in DATA_DIR)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-upgrade-'));
    temporary.push(dataDir);
    await upgradeKeepsEverything({ DATA_DIR: dataDir });
  });

  it.skipIf(!testDatabaseUrl)('keeps every order, invoice and file (PostgreSQL)', async () => {
    const database = await createPostgresDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-upgrade-'));
    temporary.push(dataDir);
    try {
      await upgradeKeepsEverything({ DATABASE_URL: database.url, DATA_DIR: dataDir });
    } finally {
      await database.drop();
    }
  });

  it('this release refuses to start on a database a newer release migrated, saying what to do', async () => {
    const database = testDatabaseUrl ? await createPostgresDatabase() : undefined;
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-upgrade-'));
    temporary.push(dataDir);
    const env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
    try {
      const server = await startServerProcess(env);
      await server.stop();
      // What a newer release's migration leaves behind: a migration this release does not have.
      const migrated = await openDatabase({ dataDir: dataDir, databaseUrl: database?.url });
      try {
        await migrated.db.execute(sql`INSERT INTO schema_migrations (name) VALUES ('9990_next_release.sql')`);
      } finally {
        await migrated.close();
      }
      const refused = await failedServerStart({ ...env, LOG_LEVEL: 'warn' });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(
        'Could not start the shop: the database was migrated by a newer release (migrations this release does not have: 9990_next_release.sql)',
      );
      expect(refused.output).toContain('docs/operations.md, Upgrading');
    } finally {
      await database?.drop();
    }
  });
});
