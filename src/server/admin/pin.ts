import type { FastifyBaseLogger } from 'fastify';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { shopSettings } from '@/server/db/schema';
import { GENERATED_PIN_DIGITS, generatePin, hashPin, syncOwnerPin, verifyPin } from '@/server/staff';

export const PIN_SETTING = 'admin_pin_hash';

// The hashing lives with staff (each person's PIN); ADMIN_PIN is the first owner's.
export { hashPin, verifyPin };

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
 * Makes the stored PIN hash match the PIN in force, gives it to the shop's first owner, and answers
 * it. The owner's sessions are tied to their PIN hash (sessions.ts), so replacing it ends them.
 *
 * ADMIN_PIN set: the stored hash is kept when that PIN verifies against it (a restart with the same
 * PIN keeps sessions, and a PIN the owner chose in admin since), and replaced otherwise (a new
 * ADMIN_PIN becomes the owner's PIN: how a forgotten one is recovered). The replacement is a
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
  if (configuredPin && configuredPin.length < GENERATED_PIN_DIGITS)
    // The one PIN a person chooses: at the login limits a short one falls within days (docs/security-staff-sign-in.md).
    log.warn(
      `ADMIN_PIN is shorter than the ${GENERATED_PIN_DIGITS} digits the shop makes for everyone else: leave it empty (a PIN is generated) or give the owner a new PIN in admin`,
    );
  const hash = await storePinHash(database, configuredPin, log, dataDir, terminal);
  // The PIN in force is the first owner's (a fresh shop's first account; see syncOwnerPin).
  await syncOwnerPin(database.db, configuredPin, hash);
  return hash;
}

async function storePinHash(
  database: Database,
  configuredPin: string | undefined,
  log: FastifyBaseLogger,
  dataDir: string,
  terminal: Terminal,
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
        log.info('ADMIN_PIN changed: it is the owner’s PIN now, the owner’s sessions ended');
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
