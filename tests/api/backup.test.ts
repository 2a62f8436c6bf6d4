import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { adminLogin } from '../helpers/admin';
import { checkoutBody } from '../helpers/orders';
import { makePng } from '../helpers/png';
import { startServerProcess, type ServerProcess } from '../helpers/process-server';
import { request } from '../helpers/server';

/**
 * `npm run backup` while the shop runs and takes orders, `npm run restore` into a new folder, the
 * shop started there: every order placed before the backup is found with its invoice and print
 * file, and every order placed during it is either wholly there (with its file) or not at all.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), name));
  dirs.push(dir);
  return dir;
};

/** The backup/restore command as `npm run backup|restore` runs it (from source here). */
function opsCommand(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/ops-cli.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

interface Placed {
  orderNumber: string;
  accessToken: string;
  fileId: string;
  sha256: string;
}

let colour = 0;
/** Uploads a print file of its own and places an order that claims it. */
async function placeOrderWithFile(shop: { url: string }): Promise<Placed> {
  colour++;
  const png = makePng(16 + (colour % 50), [colour % 256, (colour * 7) % 256, 40]);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `logo-${colour}.png`);
  const uploaded = await request<{ id: string }>(shop, '/api/print-files', { method: 'POST', body: form });
  expect(uploaded.status).toBe(201);
  const placed = await request<{ orderNumber: string; accessToken: string }>(shop, '/api/orders', {
    method: 'POST',
    json: { ...checkoutBody(randomUUID(), colour), printFiles: [uploaded.body.id] },
  });
  expect(placed.status).toBe(201);
  return {
    ...placed.body,
    fileId: uploaded.body.id,
    sha256: createHash('sha256').update(png).digest('hex'),
  };
}

/** What the restored shop answers for an order: its page, its invoice PDF, its print file's bytes. */
async function lookUp(shop: ServerProcess, cookie: string, order: Placed) {
  const page = await request<{ orderNumber: string }>(shop, `/api/orders/${order.orderNumber}`, {
    headers: { 'x-order-token': order.accessToken },
  });
  if (page.status !== 200) return { found: false as const, status: page.status };
  const invoice = await fetch(
    `${shop.url}/api/orders/${order.orderNumber}/invoice.pdf?token=${encodeURIComponent(order.accessToken)}`,
  );
  const pdf = Buffer.from(await invoice.arrayBuffer());
  const file = await fetch(`${shop.url}/api/admin/orders/${order.orderNumber}/print-files/${order.fileId}`, {
    headers: { cookie },
  });
  const bytes = Buffer.from(await file.arrayBuffer());
  return {
    found: true as const,
    invoice: `${invoice.status} ${pdf.subarray(0, 5).toString('latin1')}`,
    file: `${file.status} ${createHash('sha256').update(bytes).digest('hex')}`,
  };
}

it(
  'a backup taken while the shop takes orders restores into a new folder with every order, invoice and file',
  { timeout: 600_000 },
  async () => {
    const original = tempDir('shop-backup-a-');
    const archive = join(tempDir('shop-backup-file-'), 'nightly.tar');
    const shop = await startServerProcess({
      DATA_DIR: original,
      ADMIN_PIN: '4711',
      UPLOAD_CLIENT_FILES_PER_HOUR: '100000',
    });
    const before: Placed[] = [];
    const during: Placed[] = [];
    try {
      for (let i = 0; i < 5; i++) before.push(await placeOrderWithFile(shop));

      // Orders keep coming while the backup runs.
      let backingUp = true;
      const ordering = (async () => {
        while (backingUp && during.length < 40) during.push(await placeOrderWithFile(shop));
      })();
      const backedUp = await opsCommand(['backup', archive], original);
      backingUp = false;
      await ordering;
      expect(backedUp.output).toContain('from the running shop');
      expect(backedUp.code).toBe(0);
    } finally {
      await shop.stop();
    }

    // Refuses a folder with anything in it, and changes nothing there.
    const occupied = tempDir('shop-backup-occupied-');
    writeFileSync(join(occupied, 'keep.txt'), 'mine');
    const refused = await opsCommand(['restore', archive], occupied);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('not empty');
    expect(readdirSync(occupied)).toEqual(['keep.txt']);

    const restoredDir = join(tempDir('shop-backup-b-'), 'data');
    const restored = await opsCommand(['restore', archive], restoredDir);
    expect(restored.output).toContain('Restored');
    expect(restored.code).toBe(0);

    const again = await startServerProcess({ DATA_DIR: restoredDir, ADMIN_PIN: '4711' });
    try {
      const cookie = await adminLogin(again);
      for (const order of before) {
        expect(await lookUp(again, cookie, order)).toEqual({
          found: true,
          invoice: '200 %PDF-',
          file: `200 ${order.sha256}`,
        });
      }
      // An order placed during the backup is there whole, or not at all.
      for (const order of during) {
        const seen = await lookUp(again, cookie, order);
        if (seen.found)
          expect(seen).toEqual({ found: true, invoice: '200 %PDF-', file: `200 ${order.sha256}` });
        else expect(seen.status).toBe(404);
      }
    } finally {
      await again.stop();
    }
  },
);
