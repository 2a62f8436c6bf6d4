import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminSessions } from '../db/schema';

export const SESSION_COOKIE = 'admin_session';
/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reading the dashboard is not a stream of writes. */
const TOUCH_EVERY_MS = 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Db): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(adminSessions).values({ tokenHash: hashToken(token) });
  // Housekeeping: forget long-expired sessions.
  await db.delete(adminSessions).where(sql`${adminSessions.lastSeenAt} < now() - make_interval(secs => ${(SESSION_IDLE_MS * 2) / 1000})`);
  return token;
}

/** True when the token belongs to a live session; refreshes its idle timer. */
export async function checkSession(db: Db, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const tokenHash = hashToken(token);
  const idle = SESSION_IDLE_MS / 1000;
  const rows = await db
    .select({ fresh: sql<boolean>`${adminSessions.lastSeenAt} > now() - make_interval(secs => ${TOUCH_EVERY_MS / 1000})` })
    .from(adminSessions)
    .where(sql`${adminSessions.tokenHash} = ${tokenHash} AND ${adminSessions.lastSeenAt} > now() - make_interval(secs => ${idle})`);
  const row = rows[0];
  if (!row) return false;
  if (!row.fresh) await db.update(adminSessions).set({ lastSeenAt: sql`now()` }).where(eq(adminSessions.tokenHash, tokenHash));
  return true;
}

export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
}
