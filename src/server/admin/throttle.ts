import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from './sql';

/**
 * Limits on wrong PINs, counted in the database so every instance shares them.
 * Per client: 5 per 15 minutes (480 a day). Everyone together: 60 per hour (1 440 a day), so even
 * a guesser spread over many addresses needs days to try half of the 10 000 four-digit PINs.
 * The global limit can lock the real admin out for up to an hour during an attack; that is the
 * price of making a short PIN unguessable.
 */
export const THROTTLE_LIMITS = [
  { scope: 'client', max: 5, windowSeconds: 15 * 60 },
  { scope: 'global', max: 60, windowSeconds: 60 * 60 },
] as const;

export interface ThrottleResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

function buckets(clientKey: string) {
  return THROTTLE_LIMITS.map((limit) => ({ ...limit, bucket: limit.scope === 'global' ? 'global' : `client:${clientKey}` }));
}

/**
 * Counts one attempt in every bucket before the PIN is checked (so concurrent guesses cannot pass
 * the limit together). Not allowed when any bucket is already over its limit.
 */
export async function reserveAttempt(db: Db, clientKey: string): Promise<ThrottleResult> {
  let allowed = true;
  let retryAfterSeconds = 0;
  for (const { bucket, max, windowSeconds } of buckets(clientKey)) {
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
    if (row && row.failures > max) {
      allowed = false;
      retryAfterSeconds = Math.max(1, Number(row.retry_after));
      // A client already over its own limit does not use up everyone's budget.
      break;
    }
  }
  return { allowed, retryAfterSeconds };
}

/** A right PIN gives its reserved attempt back, and clears the client's own count. */
export async function releaseAttempt(db: Db, clientKey: string): Promise<void> {
  await db.execute(sql`UPDATE admin_login_attempts SET failures = greatest(failures - 1, 0) WHERE bucket = 'global'`);
  await db.execute(sql`DELETE FROM admin_login_attempts WHERE bucket = ${`client:${clientKey}`}`);
}
