import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { activeStaffSql } from '@/server/staff';

/**
 * Limits on PIN guesses, counted in the database (admin_login_attempts) so every instance shares
 * them. A login attempt is counted before its PIN is checked (concurrent guesses cannot pass a limit
 * together); a right PIN gives back only its own unit. Nothing ever clears a count early: not a
 * right PIN, not a PIN change, so a right PIN between wrong ones buys no new guesses.
 *
 * Two kinds of browser, each with its own budget (docs/security-staff-sign-in.md has the figures):
 * - an unknown browser (no device cookie, or one we do not know) counts against its address and
 *   against the whole shop's hourly budget;
 * - a known browser (its device cookie was issued at a right PIN and is bound to that person)
 *   counts against its own bucket and its person's daily one, never the address's or the shop's:
 *   strangers who fill those cannot lock a member out of their own browser, and a member who
 *   collects many device cookies still has one daily budget.
 */
export const LOGIN_LIMITS = {
  /** Per address, unknown browsers: 5 per 15 minutes. */
  client: { max: 5, windowSeconds: 15 * 60 },
  /** Every unknown browser together: 60 per hour (1 440 a day). */
  shop: { max: 60, windowSeconds: 60 * 60 },
  /** One known browser: 5 per 15 minutes. */
  device: { max: 5, windowSeconds: 15 * 60 },
  /** All known browsers of one person together: 20 a day. */
  member: { max: 20, windowSeconds: 24 * 60 * 60 },
} as const;

/** Getting a new PIN of one's own: 5 tries an hour per person (right or wrong current PIN). */
export const PIN_CHANGE_LIMIT = { max: 5, windowSeconds: 60 * 60 } as const;

/**
 * Refused logins recorded in the audit when refused by the throttle (not checked): at most this many
 * an hour, so a flood of refused requests cannot fill the append-only log. Every checked wrong PIN
 * is recorded, whatever this says.
 */
export const THROTTLED_AUDIT_LIMIT = { max: 600, windowSeconds: 60 * 60 } as const;

export const DEVICE_COOKIE = 'admin_device';
/** A browser is remembered this long after its last successful login. */
export const DEVICE_DAYS = 180;
/** Browsers remembered per person; a login on one more forgets the longest unused. */
export const DEVICES_PER_MEMBER = 10;

export interface ThrottleResult {
  allowed: boolean;
  retryAfterSeconds: number;
  /** The buckets this attempt was counted in (given back by a right PIN). */
  buckets: string[];
}

/** A browser that logged in before, and whose it is. */
export interface KnownDevice {
  hash: string;
  staffId: number;
  staffName: string;
}

function hashDevice(token: string): string {
  return createHash('sha256').update(`admin-device\0${token}`).digest('hex');
}

/** Counts one attempt in a bucket; answers whether it is over `max` and when its window ends. */
async function count(db: Db, bucket: string, limit: { max: number; windowSeconds: number }) {
  const { max, windowSeconds } = limit;
  const [row] = await queryRows<{ failures: number; retry_after: string }>(
    db,
    sql`INSERT INTO admin_login_attempts AS a (bucket, window_start, failures) VALUES (${bucket}, now(), 1)
        ON CONFLICT (bucket) DO UPDATE SET
          failures = CASE WHEN a.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN 1
                          ELSE least(a.failures + 1, ${max + 1}) END,
          window_start = CASE WHEN a.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN now()
                              ELSE a.window_start END
        RETURNING failures,
          ceil(extract(epoch FROM (window_start + make_interval(secs => ${windowSeconds}) - now())))::text AS retry_after`,
  );
  return {
    over: !!row && row.failures > max,
    retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? windowSeconds)),
  };
}

/**
 * Counts one attempt in each bucket in turn; the first one over its limit refuses it, and the
 * buckets after it are not touched (one address's flood does not use up the shop's budget).
 */
async function countInTurn(
  db: Db,
  buckets: readonly { bucket: string; limit: { max: number; windowSeconds: number } }[],
): Promise<ThrottleResult> {
  const counted: string[] = [];
  for (const { bucket, limit } of buckets) {
    const result = await count(db, bucket, limit);
    counted.push(bucket);
    if (result.over) return { allowed: false, retryAfterSeconds: result.retryAfterSeconds, buckets: counted };
  }
  return { allowed: true, retryAfterSeconds: 0, buckets: counted };
}

/**
 * The browser behind a device cookie when it logged in before (within DEVICE_DAYS) and its person
 * may still log in; otherwise undefined (an unknown browser).
 */
export async function knownDevice(db: Db, token: string | undefined): Promise<KnownDevice | undefined> {
  if (!token || token.length > 100) return undefined;
  const [row] = await queryRows<{ token_hash: string; staff_id: string; name: string }>(
    db,
    sql`SELECT d.token_hash, d.staff_id::text AS staff_id, s.name
        FROM admin_devices d JOIN ${activeStaffSql} s ON s.id = d.staff_id
        WHERE d.token_hash = ${hashDevice(token)}
          AND d.last_login_at > now() - make_interval(days => ${DEVICE_DAYS})`,
  );
  return row && { hash: row.token_hash, staffId: Number(row.staff_id), staffName: row.name };
}

/** Counts one login attempt (before the PIN is checked) in the budget of the browser it comes from. */
export function reserveLoginAttempt(
  db: Db,
  clientKey: string,
  device: KnownDevice | undefined,
): Promise<ThrottleResult> {
  if (device)
    return countInTurn(db, [
      { bucket: `device:${device.hash}`, limit: LOGIN_LIMITS.device },
      { bucket: `member:${device.staffId}`, limit: LOGIN_LIMITS.member },
    ]);
  return countInTurn(db, [
    { bucket: `client:${clientKey}`, limit: LOGIN_LIMITS.client },
    { bucket: 'global', limit: LOGIN_LIMITS.shop },
  ]);
}

/**
 * A right PIN gives back the one unit its attempt took, in the buckets it was counted in. It
 * never clears the wrong attempts counted there before it.
 */
export async function giveBackAttempt(db: Db, attempt: ThrottleResult): Promise<void> {
  if (!attempt.allowed || attempt.buckets.length === 0) return;
  await db.execute(
    sql`UPDATE admin_login_attempts SET failures = greatest(failures - 1, 0)
        WHERE bucket IN (${sql.join(
          attempt.buckets.map((bucket) => sql`${bucket}`),
          sql`, `,
        )})`,
  );
}

/** Counts one request for a new own PIN (right current PIN or not); never given back. */
export function reservePinChange(db: Db, staffId: number): Promise<ThrottleResult> {
  return countInTurn(db, [{ bucket: `pin-change:${staffId}`, limit: PIN_CHANGE_LIMIT }]);
}

/** Whether a login refused by the throttle may still be written to the audit this hour. */
export async function mayAuditThrottled(db: Db): Promise<boolean> {
  return !(await count(db, 'audit:throttled-logins', THROTTLED_AUDIT_LIMIT)).over;
}

/**
 * Remembers the browser after a right PIN, bound to the person who logged in: its existing device
 * token is kept fresh (and moves to this person on a shared computer), else a new one is made. A
 * person keeps at most DEVICES_PER_MEMBER browsers. Answers the token for the cookie.
 */
export async function rememberDevice(
  db: Db,
  existingToken: string | undefined,
  staffId: number,
): Promise<string> {
  const known = existingToken && existingToken.length <= 100 ? existingToken : undefined;
  const [row] = known
    ? await queryRows<{ token_hash: string }>(
        db,
        sql`SELECT token_hash FROM admin_devices WHERE token_hash = ${hashDevice(known)}
              AND last_login_at > now() - make_interval(days => ${DEVICE_DAYS})`,
      )
    : [];
  const token = row && known ? known : randomBytes(32).toString('base64url');
  await db.execute(
    sql`INSERT INTO admin_devices (token_hash, staff_id) VALUES (${hashDevice(token)}, ${staffId})
        ON CONFLICT (token_hash) DO UPDATE SET last_login_at = now(), staff_id = EXCLUDED.staff_id`,
  );
  await db.execute(
    sql`DELETE FROM admin_devices WHERE staff_id = ${staffId} AND token_hash NOT IN (
          SELECT token_hash FROM admin_devices WHERE staff_id = ${staffId}
          ORDER BY last_login_at DESC LIMIT ${DEVICES_PER_MEMBER})`,
  );
  return token;
}

/** Housekeeping: browsers not logged in from for DEVICE_DAYS are forgotten. */
export async function deleteExpiredDevices(db: Db): Promise<void> {
  await db.execute(
    sql`DELETE FROM admin_devices WHERE last_login_at < now() - make_interval(days => ${DEVICE_DAYS})`,
  );
}
