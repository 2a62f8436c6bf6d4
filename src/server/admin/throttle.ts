import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';

/**
 * Limits on wrong PINs, counted in the database so every instance shares them.
 * Per client: 5 per 15 minutes (480 a day). Everyone together: 60 per hour (1 440 a day), so even
 * a guesser spread over many addresses needs days to try half of the 10 000 four-digit PINs.
 * During a global lockout a browser that has logged in before (its device cookie's hash is in
 * admin_devices) still gets 10 tries an hour of its own, so an attack cannot lock the real admin
 * out; a guesser has no such cookie (it is only issued after a right PIN).
 */
export const THROTTLE_LIMITS = [
  { scope: 'client', max: 5, windowSeconds: 15 * 60 },
  { scope: 'global', max: 60, windowSeconds: 60 * 60 },
] as const;
export const DEVICE_LIMIT = { max: 10, windowSeconds: 60 * 60 } as const;

export const DEVICE_COOKIE = 'admin_device';
/** A browser is remembered this long after its last successful login. */
export const DEVICE_DAYS = 180;

export interface ThrottleResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

function hashDevice(token: string): string {
  return createHash('sha256').update(`admin-device\0${token}`).digest('hex');
}

/** Counts one attempt in a bucket; answers whether it is over `max` and when its window ends. */
async function count(db: Db, bucket: string, max: number, windowSeconds: number) {
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

/** The stored hash of a device cookie when it belongs to a browser that logged in before. */
export async function knownDevice(db: Db, token: string | undefined): Promise<string | undefined> {
  if (!token || token.length > 100) return undefined;
  const hash = hashDevice(token);
  const [row] = await queryRows<{ token_hash: string }>(
    db,
    sql`SELECT token_hash FROM admin_devices
        WHERE token_hash = ${hash} AND last_login_at > now() - make_interval(days => ${DEVICE_DAYS})`,
  );
  return row?.token_hash;
}

/**
 * Counts one attempt before the PIN is checked (so concurrent guesses cannot pass the limit
 * together): in the client's bucket, then the global one. When the global one is full, a known
 * device may still try within its own bucket.
 */
export async function reserveAttempt(
  db: Db,
  clientKey: string,
  deviceHash?: string,
): Promise<ThrottleResult> {
  const [client, global] = THROTTLE_LIMITS;
  const own = await count(db, `client:${clientKey}`, client.max, client.windowSeconds);
  // A client already over its own limit does not use up everyone's budget.
  if (own.over) return { allowed: false, retryAfterSeconds: own.retryAfterSeconds };
  const everyone = await count(db, 'global', global.max, global.windowSeconds);
  if (!everyone.over) return { allowed: true, retryAfterSeconds: 0 };
  if (deviceHash) {
    const device = await count(db, `device:${deviceHash}`, DEVICE_LIMIT.max, DEVICE_LIMIT.windowSeconds);
    if (!device.over) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: device.retryAfterSeconds };
  }
  return { allowed: false, retryAfterSeconds: everyone.retryAfterSeconds };
}

/** A right PIN gives its reserved attempt back, and clears the client's and the device's counts. */
export async function releaseAttempt(db: Db, clientKey: string, deviceHash?: string): Promise<void> {
  await db.execute(
    sql`UPDATE admin_login_attempts SET failures = greatest(failures - 1, 0) WHERE bucket = 'global'`,
  );
  await db.execute(
    sql`DELETE FROM admin_login_attempts
        WHERE bucket = ${`client:${clientKey}`} OR bucket = ${`device:${deviceHash ?? ''}`}`,
  );
}

/**
 * Remembers the browser after a right PIN: its existing device token is kept fresh, else a new one
 * is made. Answers the token for the cookie.
 */
export async function rememberDevice(db: Db, existingToken: string | undefined): Promise<string> {
  const known = await knownDevice(db, existingToken);
  const token = known && existingToken ? existingToken : randomBytes(32).toString('base64url');
  await db.execute(
    sql`INSERT INTO admin_devices (token_hash) VALUES (${hashDevice(token)})
        ON CONFLICT (token_hash) DO UPDATE SET last_login_at = now()`,
  );
  return token;
}

/** Housekeeping: browsers not logged in from for DEVICE_DAYS are forgotten. */
export async function deleteExpiredDevices(db: Db): Promise<void> {
  await db.execute(
    sql`DELETE FROM admin_devices WHERE last_login_at < now() - make_interval(days => ${DEVICE_DAYS})`,
  );
}
