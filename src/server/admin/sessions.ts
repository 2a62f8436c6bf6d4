import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { AdminSessionLimits } from '@/server/config';
import { adminSessions } from '@/server/db/schema';
import { queryRows } from '@/server/db/query-rows';
import { activeStaffSql, type SessionStaff } from '@/server/staff';

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

/** What a session remembers of the PIN: the sha256 of its person's stored scrypt hash (never the hash itself). */
export function pinFingerprint(pinHash: string): string {
  return createHash('sha256').update(pinHash, 'utf8').digest('hex');
}

/** The session cookie as set at login: httpOnly, SameSite=Strict, Secure behind HTTPS, the whole site. */
export function sessionCookieOptions(token: string, secure: boolean) {
  return [SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: '/' }] as const;
}

/**
 * A new session for a person, tied to the PIN hash their login was checked against. Answers the
 * cookie's token; only its sha256 is stored.
 */
export async function createSession(
  db: Db,
  person: { id: number; pinHash: string },
  limits: AdminSessionLimits = DEFAULT_SESSION_LIMITS,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(adminSessions).values({
    tokenHash: hashToken(token),
    staffId: person.id,
    pinFingerprint: pinFingerprint(person.pinHash),
  });
  // Housekeeping: forget sessions that can no longer be used.
  await db.delete(adminSessions).where(
    sql`${adminSessions.lastSeenAt} < now() - make_interval(secs => ${limits.idleSeconds})
          OR ${adminSessions.createdAt} < now() - make_interval(secs => ${limits.maxAgeSeconds})`,
  );
  return token;
}

/**
 * The person whose live session the token is: used within the idle time, younger than the
 * absolute lifetime, its person not removed, and opened with the PIN that person has now (a reset
 * or changed PIN ends it; the comparison is in SQL, so every instance sees it at once). Refreshes
 * its idle timer.
 */
export async function checkSession(
  db: Db,
  token: string | undefined,
  limits: AdminSessionLimits = DEFAULT_SESSION_LIMITS,
): Promise<SessionStaff | undefined> {
  if (!token || token.length > 100) return undefined;
  const tokenHash = hashToken(token);
  const [row] = await queryRows<{ id: string; name: string; role: SessionStaff['role']; fresh: boolean }>(
    db,
    sql`SELECT s.id::text AS id, s.name, s.role,
          a.last_seen_at > now() - make_interval(secs => ${TOUCH_EVERY_SECONDS}) AS fresh
        FROM admin_sessions a JOIN ${activeStaffSql} s ON s.id = a.staff_id
        WHERE a.token_hash = ${tokenHash}
          AND a.last_seen_at > now() - make_interval(secs => ${limits.idleSeconds})
          AND a.created_at > now() - make_interval(secs => ${limits.maxAgeSeconds})
          AND a.pin_fingerprint = s.pin_fingerprint`,
  );
  if (!row) return undefined;
  if (!row.fresh)
    await db
      .update(adminSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(adminSessions.tokenHash, tokenHash));
  return { id: Number(row.id), name: row.name, role: row.role };
}

export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
}

/** Logs a person out of every session, on every device. Answers how many ended. */
export async function deleteAllSessions(db: Db, staffId: number): Promise<number> {
  const ended = await db
    .delete(adminSessions)
    .where(eq(adminSessions.staffId, staffId))
    .returning({ tokenHash: adminSessions.tokenHash });
  return ended.length;
}
