import {
  createHmac,
  randomBytes,
  randomInt,
  scrypt,
  timingSafeEqual,
  type BinaryLike,
  type ScryptOptions,
} from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import type { StaffRole } from '@/shared/staff';

const KEY_LENGTH = 32;
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;

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

/** The shop's HMAC key for PIN lookups, made once (32 random bytes) and shared by every instance. */
const LOOKUP_KEY_SETTING = 'staff_pin_key';

/**
 * Why two values per PIN. Each person has their own PIN and a login sends only the PIN, so the
 * server must find whose it is. Salted scrypt hashes cannot be searched: finding the person would
 * mean one slow hash per staff member on every login (and per wrong guess). So each row also keeps
 * `pin_lookup`, an HMAC-SHA256 of the PIN under a random key of the shop's own, found with one
 * unique-index probe; the slow hash is then checked for that one row.
 *
 * The key keeps the lookup column from being a plain fast hash anyone can precompute for every
 * 4–20 character PIN. It lives in shop_settings (every instance needs the same one), so someone
 * holding a copy of the whole database can still test PINs at HMAC speed: short PINs are guarded by
 * the login throttle and by keeping the database private, as they were with one shared PIN.
 */
export async function pinLookupKey(db: Db): Promise<Buffer> {
  const fresh = randomBytes(32).toString('base64');
  await db.execute(
    sql`INSERT INTO shop_settings (key, value) VALUES (${LOOKUP_KEY_SETTING}, ${fresh}) ON CONFLICT (key) DO NOTHING`,
  );
  const [row] = await queryRows<{ value: string }>(
    db,
    sql`SELECT value FROM shop_settings WHERE key = ${LOOKUP_KEY_SETTING}`,
  );
  if (!row) throw new Error('The staff PIN lookup key is missing after insert');
  return Buffer.from(row.value, 'base64');
}

export function pinLookup(key: Buffer, pin: string): string {
  return createHmac('sha256', key).update(pin, 'utf8').digest('hex');
}

export interface StaffWithPin {
  id: number;
  name: string;
  role: StaffRole;
  pinHash: string;
}

interface StaffPinRow extends Record<string, unknown> {
  id: string;
  name: string;
  role: StaffRole;
  pin_hash: string;
}

const fromRow = (row: StaffPinRow): StaffWithPin => ({
  id: Number(row.id),
  name: row.name,
  role: row.role,
  pinHash: row.pin_hash,
});

/**
 * Whose PIN this is, among the people who may log in: found by its lookup value, then checked
 * against that person's slow hash. A person without a lookup value (the owner right after the
 * upgrade from the one shared PIN, whose PIN the server never saw) is checked by hash, and gets
 * the lookup value when it matches.
 */
export async function findStaffByPin(db: Db, pin: string): Promise<StaffWithPin | undefined> {
  const lookup = pinLookup(await pinLookupKey(db), pin);
  const [found] = await queryRows<StaffPinRow>(
    db,
    sql`SELECT id::text AS id, name, role, pin_hash FROM staff
        WHERE pin_lookup = ${lookup} AND removed_at IS NULL`,
  );
  if (found) return (await verifyPin(pin, found.pin_hash)) ? fromRow(found) : undefined;
  const legacy = await queryRows<StaffPinRow>(
    db,
    sql`SELECT id::text AS id, name, role, pin_hash FROM staff
        WHERE pin_lookup IS NULL AND removed_at IS NULL ORDER BY id LIMIT 5`,
  );
  for (const row of legacy) {
    if (!(await verifyPin(pin, row.pin_hash))) continue;
    await db.execute(
      sql`UPDATE staff SET pin_lookup = ${lookup} WHERE id = ${row.id}::bigint AND pin_lookup IS NULL`,
    );
    return fromRow(row);
  }
  return undefined;
}

/**
 * Digits in a PIN the shop makes. Ten random digits are typed like a phone number, and at the
 * login limits an exhaustive search of 10^10 takes thousands of years (docs/security-staff-sign-in.md).
 */
export const GENERATED_PIN_DIGITS = 10;

/** A new random PIN of GENERATED_PIN_DIGITS digits (uniform: crypto's randomInt per digit). */
export function generatePin(): string {
  return Array.from({ length: GENERATED_PIN_DIGITS }, () => String(randomInt(10))).join('');
}

/**
 * A PIN for someone, made by the shop, that nobody else has, with the columns to store. Nobody
 * chooses a PIN (ADMIN_PIN aside, which only the operator sets), so no answer can tell a member
 * whether a PIN they thought of is someone else's. A clash of two random PINs is all but
 * impossible; it is drawn again, and the caller learns nothing from it.
 */
export async function issuePin(
  db: Db,
  forStaffId?: number,
): Promise<{ pin: string; pinHash: string; pinLookup: string }> {
  for (let draw = 0; draw < 5; draw++) {
    const pin = generatePin();
    if (await pinTaken(db, pin, forStaffId)) continue;
    return { pin, ...(await pinColumns(db, pin)) };
  }
  throw new Error('Five random PINs in a row were taken: the PIN lookup is broken');
}

/** True when another person who may log in already has this PIN (PINs are unique within the shop). */
async function pinTaken(db: Db, pin: string, exceptStaffId?: number): Promise<boolean> {
  const lookup = pinLookup(await pinLookupKey(db), pin);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id::text AS id FROM staff WHERE pin_lookup = ${lookup} AND removed_at IS NULL
          AND id <> ${exceptStaffId ?? 0}`,
  );
  if (rows.length > 0) return true;
  // A person still without a lookup value (see findStaffByPin) is checked by hash.
  const legacy = await queryRows<{ id: string; pin_hash: string }>(
    db,
    sql`SELECT id::text AS id, pin_hash FROM staff
        WHERE pin_lookup IS NULL AND removed_at IS NULL AND id <> ${exceptStaffId ?? 0} LIMIT 5`,
  );
  for (const row of legacy) if (await verifyPin(pin, row.pin_hash)) return true;
  return false;
}

/** The hash and lookup value to store for a new PIN. */
async function pinColumns(db: Db, pin: string): Promise<{ pinHash: string; pinLookup: string }> {
  return { pinHash: await hashPin(pin), pinLookup: pinLookup(await pinLookupKey(db), pin) };
}

/** Where the ADMIN_PIN hash last given to the owner is kept (see syncOwnerPin). */
const APPLIED_SETTING = 'admin_pin_applied';

/**
 * Makes the shop's first owner hold the PIN in force at start (the stored ADMIN_PIN hash or the
 * generated one, see admin's loadPinHash). A fresh shop gets its owner here; a changed ADMIN_PIN is
 * given to the first owner again (a forgotten PIN is recovered by setting a new one and
 * restarting), which ends the owner's sessions only. An unchanged ADMIN_PIN leaves the owner's own
 * later PIN changes alone.
 */
export async function syncOwnerPin(
  db: Db,
  configuredPin: string | undefined,
  settingHash: string,
): Promise<void> {
  const lookup = configuredPin ? pinLookup(await pinLookupKey(db), configuredPin) : null;
  await db.transaction(async (tx) => {
    // One instance at a time (several may start together).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('staff_owner_pin'))`);
    const [applied] = await queryRows<{ value: string }>(
      tx,
      sql`SELECT value FROM shop_settings WHERE key = ${APPLIED_SETTING}`,
    );
    const [owner] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id::text AS id FROM staff WHERE role = 'owner' AND removed_at IS NULL ORDER BY id LIMIT 1`,
    );
    if (owner && applied?.value === settingHash) return;
    if (lookup) {
      const taken = await queryRows<{ id: string }>(
        tx,
        sql`SELECT id::text AS id FROM staff WHERE pin_lookup = ${lookup} AND removed_at IS NULL
              AND id <> ${owner?.id ?? '0'}::bigint`,
      );
      if (taken.length > 0)
        throw new Error('ADMIN_PIN is another staff member’s PIN: choose another one for the owner');
    }
    if (owner) {
      await tx.execute(
        sql`UPDATE staff SET pin_hash = ${settingHash}, pin_lookup = ${lookup} WHERE id = ${owner.id}::bigint`,
      );
    } else {
      await tx.execute(
        sql`INSERT INTO staff (name, role, pin_hash, pin_lookup) VALUES ('Ägare', 'owner', ${settingHash}, ${lookup})`,
      );
    }
    await tx.execute(
      sql`INSERT INTO shop_settings (key, value) VALUES (${APPLIED_SETTING}, ${settingHash})
          ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    );
  });
}
