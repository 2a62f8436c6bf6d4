import {
  randomBytes,
  randomInt,
  scrypt,
  timingSafeEqual,
  type BinaryLike,
  type ScryptOptions,
} from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { shopSettings } from '@/server/db/schema';

const KEY_LENGTH = 32;
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
export const PIN_SETTING = 'admin_pin_hash';

function derive(pin: BinaryLike, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin, salt, KEY_LENGTH, SCRYPT, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** "scrypt$<salt b64>$<key b64>" */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(pin, Buffer.from(salt, 'base64'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Ten random digits: typed easily, and 10^10 guesses are out of reach with the login throttle. */
function generatePin(): string {
  return Array.from({ length: 10 }, () => String(randomInt(10))).join('');
}

/** The process's stdout, or a stand-in in tests. */
export interface Terminal {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** Where a generated PIN is written when no terminal can show it. */
export const GENERATED_PIN_FILE = 'admin-pin.txt';

/**
 * Tells the operator a generated PIN without writing it to the log (logs are shipped, kept and
 * read by many): on a terminal it is printed there; otherwise it goes to a file only the shop's
 * user can read, and the log says where.
 */
function revealGeneratedPin(pin: string, dataDir: string, log: FastifyBaseLogger, terminal: Terminal): void {
  const advice = 'set ADMIN_PIN to choose your own';
  if (terminal.isTTY) {
    terminal.write(`\nGenerated admin PIN: ${pin} (shown only this once; ${advice})\n\n`);
    log.warn('Generated an admin PIN and printed it on the terminal (not in the log)');
    return;
  }
  mkdirSync(dataDir, { recursive: true });
  const file = resolve(dataDir, GENERATED_PIN_FILE);
  writeFileSync(file, `${pin}\n`, { mode: 0o600 });
  // The mode above applies only to a new file: an older one gets it too.
  chmodSync(file, 0o600);
  log.warn(
    { file },
    `Generated an admin PIN and wrote it to ${file} (readable only by this user; ${advice}, then delete the file)`,
  );
}

async function storedPinHash(db: Database['db']): Promise<string | undefined> {
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, PIN_SETTING));
  return row?.value;
}

/** The PIN hash valid now, as stored (every instance reads the same one). */
export async function currentPinHash(database: Database): Promise<string | undefined> {
  return storedPinHash(database.db);
}

/**
 * Makes the stored PIN hash match the PIN in force, and answers it. Sessions are tied to this
 * stored hash (sessions.ts), so replacing it ends them all.
 *
 * ADMIN_PIN set: the stored hash is kept when that PIN verifies against it (a restart with the same
 * PIN keeps sessions), and replaced otherwise (a new PIN ends them). The replacement is a
 * compare-and-swap, so instances starting together with the same new PIN agree on one hash.
 * ADMIN_PIN empty: the stored hash; at first start a PIN is generated, stored as a hash and shown
 * once (never in the log). With several instances only the insert that wins shows its PIN.
 */
export async function loadPinHash(
  database: Database,
  configuredPin: string | undefined,
  log: FastifyBaseLogger,
  dataDir: string,
  terminal: Terminal = process.stdout,
): Promise<string> {
  const { db } = database;
  const existing = await storedPinHash(db);
  if (configuredPin) {
    if (existing && (await verifyPin(configuredPin, existing))) return existing;
    const hash = await hashPin(configuredPin);
    if (existing === undefined) {
      await db.insert(shopSettings).values({ key: PIN_SETTING, value: hash }).onConflictDoNothing();
    } else {
      await db.execute(
        sql`UPDATE shop_settings SET value = ${hash}, updated_at = now()
            WHERE key = ${PIN_SETTING} AND value = ${existing}`,
      );
    }
    // Another instance may have stored its own hash of the same PIN first: use the stored one.
    const now = await storedPinHash(db);
    if (now && (await verifyPin(configuredPin, now))) {
      if (existing !== undefined && now !== existing)
        log.info('ADMIN_PIN changed: every admin session ended');
      return now;
    }
    throw new Error(
      'Another instance stored a different ADMIN_PIN at the same time; give all instances the same one',
    );
  }
  if (existing) return existing;
  const pin = generatePin();
  const hash = await hashPin(pin);
  const inserted = await db
    .insert(shopSettings)
    .values({ key: PIN_SETTING, value: hash })
    .onConflictDoNothing()
    .returning({ value: shopSettings.value });
  if (inserted[0]) {
    revealGeneratedPin(pin, dataDir, log, terminal);
    return hash;
  }
  const winner = await storedPinHash(db);
  if (!winner) throw new Error('Admin PIN hash missing after insert');
  return winner;
}
