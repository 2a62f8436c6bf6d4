import type { FastifyReply } from 'fastify';
import type { Db } from '@/server/db/client';
import { sendError } from './errors';
import { takeAllowancesInTurn } from './throttle';

const HOUR_SECONDS = 60 * 60;

/** One of a request's hourly allowances, and its refusal worded with the whole minutes to wait. */
export interface HourlyLimit {
  bucket: string;
  max: number;
  refusal: (minutes: number) => string;
}

/**
 * Takes one of each hourly allowance in turn (throttle.ts); the first one refused is answered 429
 * with Retry-After and its own message, and the answer is true: the handler must stop. False when
 * every allowance was taken. A boolean, never the reply: Fastify's reply is a thenable that
 * resolves to undefined once sent, so an async function answering it reads as "not refused".
 */
export async function refuseOverHourlyLimits(
  db: Db,
  reply: FastifyReply,
  limits: readonly HourlyLimit[],
): Promise<boolean> {
  const taken = await takeAllowancesInTurn(
    db,
    limits.map(({ bucket, max }) => ({ bucket, max, amount: 1, windowSeconds: HOUR_SECONDS })),
  );
  for (const [index, limit] of limits.entries()) {
    const allowance = taken[index];
    if (allowance?.allowed) continue;
    const wait = allowance?.retryAfterSeconds ?? HOUR_SECONDS;
    const minutes = Math.max(1, Math.ceil(wait / 60));
    sendError(reply.header('retry-after', String(wait)), 429, limit.refusal(minutes));
    return true;
  }
  return false;
}
