import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '@tests/helpers/server';
import type { Database } from '@/server/db/client';
import { currentPinHash, GENERATED_PIN_FILE, hashPin, loadPinHash, verifyPin } from './pin';

let database: Database;
beforeAll(async () => {
  database = await openTestPglite();
});
afterAll(() => database.close());

function recordingLog(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const record = (...args: unknown[]) => lines.push(args.map((a) => JSON.stringify(a)).join(' '));
  const log = { warn: record, info: record } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const dataDir = mkdtempSync(join(tmpdir(), 'shop-pin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const pipe = { isTTY: false, write: () => true };

describe('admin PIN', () => {
  it('without ADMIN_PIN and no terminal: generated once into a 0600 file in DATA_DIR, never into the log', async () => {
    const first = recordingLog();
    const hash = await loadPinHash(database, undefined, first.log, dataDir, pipe);
    const file = join(dataDir, GENERATED_PIN_FILE);
    const pin = readFileSync(file, 'utf8').trim();
    expect(pin).toMatch(/^\d{10}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.lines).toHaveLength(1);
    expect(first.lines[0]).toContain(file);
    expect(first.lines.join('')).not.toContain(pin);
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain(pin);
    expect(await verifyPin(pin, hash)).toBe(true);

    const second = recordingLog();
    expect(await loadPinHash(database, undefined, second.log, dataDir, pipe)).toBe(hash);
    expect(second.lines).toEqual([]);
  });

  it('on a terminal the generated PIN is printed there, not logged', async () => {
    const fresh = await openTestPglite();
    try {
      const printed: string[] = [];
      const { log, lines } = recordingLog();
      const hash = await loadPinHash(fresh, undefined, log, dataDir, {
        isTTY: true,
        write: (text: string) => printed.push(text),
      });
      const pin = /Generated admin PIN: (\d{10})/.exec(printed.join(''))?.[1] ?? '';
      expect(await verifyPin(pin, hash)).toBe(true);
      expect(lines.join('')).not.toContain(pin);
    } finally {
      await fresh.close();
    }
  });

  it('ADMIN_PIN: its hash is stored, kept while the PIN stays, replaced when it changes', async () => {
    const fresh = await openTestPglite();
    try {
      const { log } = recordingLog();
      const first = await loadPinHash(fresh, '4711', log, dataDir, pipe);
      expect(await currentPinHash(fresh)).toBe(first);
      expect(await loadPinHash(fresh, '4711', log, dataDir, pipe)).toBe(first);
      const changed = await loadPinHash(fresh, '1234', log, dataDir, pipe);
      expect(changed).not.toBe(first);
      expect(await currentPinHash(fresh)).toBe(changed);
      expect(await verifyPin('1234', changed)).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('ADMIN_PIN wins and is checked against its hash; wrong PINs and broken hashes fail', async () => {
    const { log, lines } = recordingLog();
    const hash = await loadPinHash(database, '4711', log, dataDir, pipe);
    // It replaced the generated PIN (sessions ended), and never logs the PIN itself.
    expect(lines.join('')).toContain('ADMIN_PIN changed');
    expect(lines.join('')).not.toContain('4711');
    // A chosen PIN shorter than the shop's own is worth a warning (it falls within days at the limits).
    expect(lines.join('')).toContain('ADMIN_PIN is shorter than the 10 digits');
    expect(await verifyPin('4711', hash)).toBe(true);
    expect(await verifyPin('4712', hash)).toBe(false);
    expect(await verifyPin('4711', 'plain$text')).toBe(false);
    expect(await hashPin('4711')).not.toBe(hash);
  });
});
