import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import type { Database } from '@/server/db/client';
import { pdfText } from '@tests/helpers/ledger';
import { checkoutBody } from '@tests/helpers/orders';
import { generousLimits, openTestPglite, request } from '@tests/helpers/server';

/**
 * The shop restarted with other seller settings on the same database: what was issued before stays
 * as it was issued, what is issued after carries the new settings.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'shop-issued-'));
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One instance of the shop on the shared database with these seller settings. */
async function start(db: Database, seller: Record<string, string>) {
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      RATES_URL: '',
      DATA_DIR: dataDir,
      ADMIN_PIN: '4711',
      ...generousLimits,
      ...seller,
    }),
    database: db,
    clientDir: resolve('dist/test-client-absent'),
  });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

async function place(server: { url: string }, key: string): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: checkoutBody(`${key}-${Date.now()}-abcdefgh`),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body;
}

async function invoicePdf(server: { url: string }, order: PlacedOrderAnswer): Promise<Buffer> {
  const response = await fetch(
    `${server.url}/api/orders/${order.orderNumber}/invoice.pdf?token=${encodeURIComponent(order.accessToken)}`,
  );
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('issued documents never change', () => {
  // Two app starts and four PDFs: more than the default 30 s on a loaded machine.
  it(
    'a SELLER_* change and a restart leave an issued invoice byte-identical; new invoices carry the new settings',
    { timeout: 120_000 },
    async () => {
      database = await openTestPglite();
      const before = await start(database, {
        SELLER_NAME: 'Gamla Tryckeriet AB',
        SELLER_BANKGIRO: '123-4566',
      });
      const read = await place(before, 'issued-read-before');
      const unread = await place(before, 'issued-unread-before');
      const issuedPdf = await invoicePdf(before, read);
      expect(await pdfText(issuedPdf)).toContain('Gamla Tryckeriet AB');
      await before.app.close();

      // The owner renames the company and changes the bankgiro, then restarts.
      const after = await start(database, { SELLER_NAME: 'Nya Tryckeriet AB', SELLER_BANKGIRO: '5050-1238' });
      try {
        expect((await invoicePdf(after, read)).equals(issuedPdf)).toBe(true);
        // An invoice issued before the change but first opened after it still says what it said.
        const unreadText = await pdfText(await invoicePdf(after, unread));
        expect(unreadText).toContain('Gamla Tryckeriet AB');
        expect(unreadText).toContain('123-4566');
        expect(unreadText).not.toContain('Nya Tryckeriet AB');
        // What is issued from now on carries the new settings.
        const fresh = await pdfText(await invoicePdf(after, await place(after, 'issued-after')));
        expect(fresh).toContain('Nya Tryckeriet AB');
        expect(fresh).toContain('5050-1238');
      } finally {
        await after.app.close();
      }
    },
  );
});
