import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '../../../tests/helpers/server';
import type { Database } from '../db/client';
import { hashPin, loadPinHash, verifyPin } from './pin';

let database: Database;
beforeAll(async () => {
  database = await openTestPglite();
});
afterAll(() => database.close());

function recordingLog(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const log = { warn: (message: string) => lines.push(message) } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('admin PIN', () => {
  it('without ADMIN_PIN: generated once, printed once, stored only as a hash, the same on the next start', async () => {
    const first = recordingLog();
    const hash = await loadPinHash(database, undefined, first.log);
    expect(first.lines).toHaveLength(1);
    const pin = /Generated admin PIN: (\d{10})/.exec(first.lines[0] ?? '')?.[1] ?? '';
    expect(pin).toHaveLength(10);
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain(pin);
    expect(await verifyPin(pin, hash)).toBe(true);

    const second = recordingLog();
    expect(await loadPinHash(database, undefined, second.log)).toBe(hash);
    expect(second.lines).toEqual([]);
  });

  it('ADMIN_PIN wins and is checked against its hash; wrong PINs and broken hashes fail', async () => {
    const { log, lines } = recordingLog();
    const hash = await loadPinHash(database, '4711', log);
    expect(lines).toEqual([]);
    expect(await verifyPin('4711', hash)).toBe(true);
    expect(await verifyPin('4712', hash)).toBe(false);
    expect(await verifyPin('4711', 'plain$text')).toBe(false);
    expect(await hashPin('4711')).not.toBe(hash);
  });
});
