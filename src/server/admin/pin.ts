import { randomBytes, randomInt, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { shopSettings } from '../db/schema';

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

/**
 * The hash the login checks against. ADMIN_PIN wins when set (hashed in memory, never stored).
 * Otherwise the stored hash; at first start one PIN is generated, stored as a hash and printed once.
 * With several instances on one database only the insert that wins prints its PIN; the others read
 * the winner's hash.
 */
export async function loadPinHash(database: Database, configuredPin: string | undefined, log: FastifyBaseLogger): Promise<string> {
  if (configuredPin) return hashPin(configuredPin);
  const { db } = database;
  const existing = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, PIN_SETTING));
  if (existing[0]) return existing[0].value;
  const pin = generatePin();
  const hash = await hashPin(pin);
  const inserted = await db
    .insert(shopSettings)
    .values({ key: PIN_SETTING, value: hash })
    .onConflictDoNothing()
    .returning({ value: shopSettings.value });
  if (inserted[0]) {
    log.warn(`Generated admin PIN: ${pin} (shown only this once; set ADMIN_PIN to choose your own)`);
    return hash;
  }
  const winner = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, PIN_SETTING));
  if (!winner[0]) throw new Error('Admin PIN hash missing after insert');
  return winner[0].value;
}
