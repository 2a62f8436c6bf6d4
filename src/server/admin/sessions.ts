import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { AdminSessionLimits } from '@/server/config';
import { adminSessions } from '@/server/db/schema';
import { PIN_SETTING } from './pin';

export const SESSION_COOKIE = 'admin_session';
/** Defaults of ADMIN_SESSION_IDLE_MINUTES (8 h without a request) and ADMIN_SESSION_MAX_HOURS (12 h). */
export const DEFAULT_SESSION_LIMITS: AdminSessionLimits = {
  idleSeconds: 8 * 60 * 60,
  maxAgeSeconds: 12 * 60 * 60,
};
/** last_seen_at is written at most this often, so reading the dashboard is not a stream of writes. */
const TOUCH_EVERY_SECONDS = 60;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a session remembers of the PIN: the sha256 of its stored scrypt hash (never the hash itself). */
export function pinFingerprint(pinHash: string): string {
  return createHash('sha256').update(pinHash, 'utf8').digest('hex');
}

/** The same fingerprint, computed by the database from the PIN hash stored now. */
const currentPinFingerprint = sql`(SELECT encode(sha256(convert_to(value, 'UTF8')), 'hex')
  FROM shop_settings WHERE key = ${PIN_SETTING})`;

/**
 * A new session for the PIN hash the login was checked against (default: the one stored now).
 * Answers the cookie's token; only its sha256 is stored.
 */
export async function createSession(
  db: Db,
  pinHash?: string,
  limits: AdminSessionLimits = DEFAULT_SESSION_LIMITS,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(adminSessions).values({
    tokenHash: hashToken(token),
    pinFingerprint:
      pinHash === undefined ? sql`coalesce(${currentPinFingerprint}, '')` : pinFingerprint(pinHash),
  });
  // Housekeeping: forget sessions that can no longer be used.
  await db.delete(adminSessions).where(
    sql`${adminSessions.lastSeenAt} < now() - make_interval(secs => ${limits.idleSeconds})
          OR ${adminSessions.createdAt} < now() - make_interval(secs => ${limits.maxAgeSeconds})`,
  );
  return token;
}

/**
 * True when the token belongs to a live session: used within the idle time, younger than the
 * absolute lifetime, and opened with the PIN that is valid now. Refreshes its idle timer.
 */
export async function checkSession(
  db: Db,
  token: string | undefined,
  limits: AdminSessionLimits = DEFAULT_SESSION_LIMITS,
): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const tokenHash = hashToken(token);
  const rows = await db
    .select({
      fresh: sql<boolean>`${adminSessions.lastSeenAt} > now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})`,
    })
    .from(adminSessions)
    .where(
      sql`${adminSessions.tokenHash} = ${tokenHash}
        AND ${adminSessions.lastSeenAt} > now() - make_interval(secs => ${limits.idleSeconds})
        AND ${adminSessions.createdAt} > now() - make_interval(secs => ${limits.maxAgeSeconds})
        AND ${adminSessions.pinFingerprint} = ${currentPinFingerprint}`,
    );
  const row = rows[0];
  if (!row) return false;
  if (!row.fresh)
    await db
      .update(adminSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(adminSessions.tokenHash, tokenHash));
  return true;
}

export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
}

/** Logs out every session, on every device. Answers how many ended. */
export async function deleteAllSessions(db: Db): Promise<number> {
  const ended = await db.delete(adminSessions).returning({ tokenHash: adminSessions.tokenHash });
  return ended.length;
}
