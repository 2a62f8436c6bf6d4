import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { checkoutBody } from '../helpers/orders';
import { makePng } from '../helpers/png';
import { startServerProcess, type ServerProcess } from '../helpers/process-server';
import { request } from '../helpers/server';

/**
 * DATA_DIR holds every buyer's personnummer and address, the staff PINs' hashes and the shop's
 * payments: on a shared host no other user may read or change any of it (issue: backup archives
 * were -rw-r--r--, PGlite's files world-writable, DATA_DIR drwxr-xr-x). The real server process
 * and the real backup command, started from a shell whose umask (022) lets everyone read.
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

/** Everything under `root` (itself included) that grants group or others anything, with its mode. */
function sharedEntries(root: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const info = lstatSync(path);
    if (info.isSymbolicLink()) return;
    if ((info.mode & 0o077) !== 0)
      found.push(`${relative(root, path) || '.'} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return found;
}

function countEntries(root: string): number {
  let count = 0;
  const visit = (path: string) => {
    count += 1;
    if (lstatSync(path).isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return count;
}

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** `npm run backup|restore -- FILE` from a shell with umask 022 (from source, as backup.test.ts). */
function opsCommand(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  const command = ['umask 022', `exec "${process.execPath}" --import tsx src/server/ops-cli.ts "$@"`].join(
    '; ',
  );
  const child = spawn('/bin/sh', ['-c', command, 'ops-cli', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** An order with a print file of its own, and its confirmation email written to the outbox. */
async function placeOrderWithUpload(shop: ServerProcess, dataDir: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(makePng(64))], { type: 'image/png' }), 'logo.png');
  const uploaded = await request<{ id: string }>(shop, '/api/print-files', { method: 'POST', body: form });
  expect(uploaded.status).toBe(201);
  const placed = await request<{ orderNumber: string }>(shop, '/api/orders', {
    method: 'POST',
    json: { ...checkoutBody(randomUUID(), 1), printFiles: [uploaded.body.id] },
  });
  expect(placed.status).toBe(201);
  const confirmation = join(dataDir, 'outbox', `${placed.body.orderNumber}-buyer_confirmation.eml`);
  await expect.poll(() => existsSync(confirmation), { timeout: 120_000, interval: 250 }).toBe(true);
  return placed.body.orderNumber;
}

it(
  'npm start on a new DATA_DIR, an order with an upload, a backup, a restore and an old world-readable DATA_DIR: nothing for group or others',
  { timeout: 900_000 },
  async () => {
    // A DATA_DIR the shop creates itself.
    const dataDir = join(tempDir('shop-private-a-'), 'data');
    const archive = join(tempDir('shop-private-file-'), 'nightly', 'shop.tar');
    const shop = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PIN: '4711' });
    try {
      await placeOrderWithUpload(shop, dataDir);
      // The database, the upload, the outbox are all there, and all private.
      for (const part of ['db', 'uploads', 'outbox'])
        expect(existsSync(join(dataDir, part)), part).toBe(true);
      expect(modeOf(dataDir)).toBe('700');
      expect(sharedEntries(dataDir)).toEqual([]);

      // The backup of the running shop: 0600 in a 0700 folder the command created.
      const backedUp = await opsCommand(['backup', archive], dataDir);
      expect(backedUp.output).toContain('from the running shop');
      expect(backedUp.code).toBe(0);
      expect(modeOf(archive)).toBe('600');
      expect(modeOf(join(archive, '..'))).toBe('700');
    } finally {
      await shop.stop();
    }
    // PGlite writes its statistics as it closes: those are private too.
    expect(sharedEntries(dataDir)).toEqual([]);

    // A restore creates a 0700 DATA_DIR with nothing for anyone else in it.
    const restoredDir = join(tempDir('shop-private-b-'), 'restored');
    const restored = await opsCommand(['restore', archive], restoredDir);
    expect(restored.output).toContain('Restored');
    expect(restored.code).toBe(0);
    expect(modeOf(restoredDir)).toBe('700');
    expect(sharedEntries(restoredDir)).toEqual([]);

    // A DATA_DIR from before this rule, open to everyone: the shop tightens all of it at start.
    const visit = (path: string) => {
      const info = lstatSync(path);
      chmodSync(path, info.isDirectory() ? 0o777 : 0o666);
      if (info.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    };
    visit(restoredDir);
    expect(sharedEntries(restoredDir)).toHaveLength(countEntries(restoredDir));
    const again = await startServerProcess({ DATA_DIR: restoredDir, ADMIN_PIN: '4711' });
    try {
      expect(sharedEntries(restoredDir)).toEqual([]);
      expect(again.logs.some((line) => line.includes('took group and other permissions off'))).toBe(true);
      await placeOrderWithUpload(again, restoredDir);
      expect(sharedEntries(restoredDir)).toEqual([]);
    } finally {
      await again.stop();
    }
    expect(sharedEntries(restoredDir)).toEqual([]);
  },
);
