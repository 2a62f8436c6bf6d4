import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '@/shared/i18n/define';
import { limitMessages } from '@/shared/i18n/messages/limits';
import { formatCount } from '@/shared/money-format';
import type { AppContext } from '@/server/context';
import { sendError } from './errors';
import { requestLocale } from './locale';
import { clientKey, takeAllowance, takeAllowancesInTurn } from './throttle';

/**
 * Throttles of orders and partner applications, in the database's shared counters
 * (throttle_counters), so every instance counts together. @fastify/rate-limit is not used: its
 * store interface counts every request before the route knows whether it is valid, and a refused
 * order (a typo in the form) should not use up a buyer's allowance.
 */
const HOUR_SECONDS = 60 * 60;

function minutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/** A recipient address as a throttle key: lowercased and hashed, so the table holds no address. */
function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/**
 * Sends the 429 and answers true ("refused"). The throttles answer a boolean, never the reply: a
 * FastifyReply is thenable, so an async function returning it resolves to what the reply's `then`
 * gives (undefined), and the route carried on: a refused order was stored and emailed anyway.
 */
function refuse(reply: FastifyReply, retryAfterSeconds: number, message: string): true {
  sendError(reply.header('retry-after', String(retryAfterSeconds)), 429, message);
  return true;
}

/**
 * Takes one order from the client's and the recipient address's hourly allowance. Answers true
 * when it refused (the 429 is sent), false when the order may go ahead.
 */
export async function throttleOrder(
  request: FastifyRequest,
  reply: FastifyReply,
  { config, database }: AppContext,
  email: string,
): Promise<boolean> {
  const t = translate(limitMessages, requestLocale(request));
  const shop = config.seller.email;
  // Both in one request to the throttle group (one statement and commit per checkout): the
  // address's allowance is taken only when the client's was, as if asked one after the other.
  const [client, recipient] = await takeAllowancesInTurn(database.db, [
    {
      bucket: `orders:client:${clientKey(request)}`,
      amount: 1,
      max: config.limits.ordersPerClientPerHour,
      windowSeconds: HOUR_SECONDS,
    },
    {
      bucket: `orders:email:${emailKey(email)}`,
      amount: 1,
      max: config.limits.ordersPerEmailPerHour,
      windowSeconds: HOUR_SECONDS,
    },
  ]);
  if (!client?.allowed) {
    const wait = client?.retryAfterSeconds ?? HOUR_SECONDS;
    return refuse(reply, wait, t.ordersPerClient({ minutes: minutes(wait), email: shop }));
  }
  if (!recipient?.allowed) {
    const wait = recipient?.retryAfterSeconds ?? HOUR_SECONDS;
    return refuse(reply, wait, t.ordersPerRecipient({ minutes: minutes(wait), email: shop }));
  }
  return false;
}

/** Takes one partner application from the client's hourly allowance; true when it refused (429 sent). */
export async function throttlePartnerApplication(
  request: FastifyRequest,
  reply: FastifyReply,
  { config, database }: AppContext,
): Promise<boolean> {
  const taken = await takeAllowance(
    database.db,
    `partner-applications:client:${clientKey(request)}`,
    1,
    config.limits.partnerApplicationsPerClientPerHour,
    HOUR_SECONDS,
  );
  if (taken.allowed) return false;
  const t = translate(limitMessages, requestLocale(request));
  const wait = taken.retryAfterSeconds;
  return refuse(reply, wait, t.partnerApplications({ minutes: minutes(wait), email: config.seller.email }));
}

/** The refusal of an order above ORDER_MAX_TOTAL_SEK, in the visitor's language. */
export function orderTotalMessage(request: FastifyRequest, { config }: AppContext): string {
  const t = translate(limitMessages, requestLocale(request));
  return t.orderTotal({ max: formatCount(config.limits.orderMaxTotalSek), email: config.seller.email });
}
