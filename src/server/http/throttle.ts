import { sql } from 'drizzle-orm';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Db } from '@/server/db/client';
import { GroupCommit } from '@/server/db/group-commit';

/**
 * Throttle counters in the database (table throttle_counters), so every instance on one database
 * shares them. A bucket counts units (requests, bytes, files) in a fixed window that starts at
 * its first use; the first use after the window ended starts a new one from zero.
 */

/** Longest client key kept: an IPv6 address is 39 characters; anything longer is cut, never stored whole. */
const MAX_CLIENT_KEY = 64;

/**
 * Who a throttle counts: the client address Fastify derived (TRUST_PROXY decides which hop), IPv6
 * by /64 (one subscriber usually holds a whole /64), bounded in length.
 */
export function clientKey(request: FastifyRequest): string {
  let ip = request.ip;
  try {
    ip = normalizeIP(request.ip, 64);
  } catch {
    // Not an address (a test's fake socket): use the text as it is, bounded below.
  }
  return ip.slice(0, MAX_CLIENT_KEY);
}

export interface Allowance {
  allowed: boolean;
  /** When refused: seconds until the window ends. */
  retryAfterSeconds: number;
}

async function rows<T extends Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute<T>(query)) as { rows: T[] }).rows;
}

/**
 * Takes `amount` from the bucket's allowance of `max` per window, atomically, only when it all
 * fits: concurrent callers on any instance can never take more than `max` together. Calls that
 * arrive while a statement is in flight go together in the next one (take_allowances, migration
 * 3300: one round trip and one commit for the group, each taken in arrival order as if alone).
 */
export async function takeAllowance(
  db: Db,
  bucket: string,
  amount: number,
  max: number,
  windowSeconds: number,
): Promise<Allowance> {
  const [answer] = await takeAllowancesInTurn(db, [{ bucket, amount, max, windowSeconds }]);
  if (!answer) throw new Error('take_allowances answered no row for a request');
  return answer;
}

export interface AllowanceRequest {
  bucket: string;
  amount: number;
  max: number;
  windowSeconds: number;
}

/**
 * Several allowances in turn, in one request to the group (one statement, one commit, where
 * takeAllowance after takeAllowance costs one each): each is taken only when every one before it
 * was allowed, as if each call waited for the one before; the first refusal is the answer and the
 * ones after it take nothing (migration 3500). Answers one Allowance per request, a skipped one
 * refused with no wait of its own.
 */
export async function takeAllowancesInTurn(
  db: Db,
  requests: readonly AllowanceRequest[],
): Promise<Allowance[]> {
  const tooMuch = requests.findIndex((r) => r.amount > r.max);
  if (tooMuch >= 0) return takeUpTo(db, requests, tooMuch);
  let group = allowanceGroups.get(db);
  if (!group) {
    group = new GroupCommit((chains) => takeAllowances(db, chains));
    allowanceGroups.set(db, group);
  }
  return group.submit(requests);
}

const skipped: Allowance = { allowed: false, retryAfterSeconds: 0 };

/**
 * A request for more than its whole allowance is refused without touching its bucket, once the
 * ones before it were allowed; the ones after it take nothing.
 */
async function takeUpTo(
  db: Db,
  requests: readonly AllowanceRequest[],
  tooMuch: number,
): Promise<Allowance[]> {
  const before = tooMuch === 0 ? [] : await takeAllowancesInTurn(db, requests.slice(0, tooMuch));
  const refusal: Allowance = before.every((a) => a.allowed)
    ? { allowed: false, retryAfterSeconds: requests[tooMuch]?.windowSeconds ?? 0 }
    : skipped;
  return [...before, refusal, ...requests.slice(tooMuch + 1).map(() => skipped)];
}

const allowanceGroups = new WeakMap<Db, GroupCommit<readonly AllowanceRequest[], Allowance[]>>();

/** One allowance request as take_allowances reads it: numbered in its group, chained to the one before. */
export interface NumberedAllowance {
  ord: number;
  bucket: string;
  amount: number;
  max: number;
  window_seconds: number;
  /** Taken only when the request numbered so was allowed (the one before it in its chain). */
  after: number | null;
}

/**
 * Numbers a group's chains for take_allowances (or take_allowances_within, which a caller's own
 * statement runs): ords from 0 across the group, each request chained to the one before it in its
 * chain.
 */
export function numberAllowanceChains(
  chains: readonly (readonly AllowanceRequest[])[],
): NumberedAllowance[][] {
  let ord = 0;
  return chains.map((chain) =>
    chain.map((r, index) => {
      const own = ord++;
      return {
        ord: own,
        bucket: r.bucket,
        amount: r.amount,
        max: r.max,
        window_seconds: r.windowSeconds,
        after: index === 0 ? null : own - 1,
      };
    }),
  );
}

/** What take_allowances answers for one request, as a row. */
export type AllowanceRow = {
  ord: number;
  allowed: boolean;
  /** Seconds as text (bigint); null for a request skipped because the one before it was refused. */
  retry_after: string | null;
};

/** Each chain's answers, from the function's rows by ord. */
export function allowancesOf(
  chains: readonly (readonly NumberedAllowance[])[],
  answers: readonly AllowanceRow[],
): Allowance[][] {
  const byOrd = new Map(answers.map((a) => [Number(a.ord), a]));
  return chains.map((chain) =>
    chain.map(({ ord }) => {
      const answer = byOrd.get(ord);
      if (!answer) throw new Error('take_allowances answered no row for a request');
      return {
        allowed: answer.allowed,
        retryAfterSeconds: answer.allowed || answer.retry_after === null ? 0 : Number(answer.retry_after),
      };
    }),
  );
}

async function takeAllowances(db: Db, chains: (readonly AllowanceRequest[])[]): Promise<Allowance[][]> {
  const numbered = numberAllowanceChains(chains);
  const answers = await rows<AllowanceRow>(
    db,
    sql`SELECT ord, allowed, retry_after::text FROM take_allowances(${JSON.stringify(numbered.flat())}::jsonb)`,
  );
  return allowancesOf(numbered, answers);
}

/** Gives back what was taken but not used (a reservation larger than the file that came). */
export async function returnAllowance(db: Db, bucket: string, amount: number): Promise<void> {
  if (amount <= 0) return;
  await db.execute(
    sql`UPDATE throttle_counters SET used = greatest(used - ${amount}, 0)
        WHERE bucket = ${bucket} AND expires_at > now()`,
  );
}

/**
 * Counts one event whether or not it is allowed (what @fastify/rate-limit's store does): the
 * count is kept at most one over `max`, so a flood cannot overflow it.
 */
export async function countHit(
  db: Db,
  bucket: string,
  max: number,
  windowSeconds: number,
): Promise<{ current: number; ttlMs: number }> {
  const [row] = await rows<{ used: string; ttl_ms: string }>(
    db,
    sql`INSERT INTO throttle_counters AS t (bucket, expires_at, used)
        VALUES (${bucket}, now() + make_interval(secs => ${windowSeconds}), 1)
        ON CONFLICT (bucket) DO UPDATE SET
          used = CASE WHEN t.expires_at <= now() THEN 1 ELSE least(t.used + 1, ${max + 1}) END,
          expires_at = CASE WHEN t.expires_at <= now() THEN excluded.expires_at ELSE t.expires_at END
        RETURNING used::text, greatest(0, ceil(extract(epoch FROM expires_at - now()) * 1000))::text AS ttl_ms`,
  );
  return { current: Number(row?.used ?? 1), ttlMs: Number(row?.ttl_ms ?? windowSeconds * 1000) };
}

/** Housekeeping: counters whose window ended say nothing any more. Answers how many went. */
export async function deleteExpiredThrottles(db: Db): Promise<number> {
  const deleted = await rows<{ bucket: string }>(
    db,
    sql`DELETE FROM throttle_counters WHERE expires_at <= now() RETURNING bucket`,
  );
  return deleted.length;
}
