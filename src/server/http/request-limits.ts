import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '@/shared/i18n/define';
import { limitMessages } from '@/shared/i18n/messages/limits';
import { formatCount } from '@/shared/money-format';
import type { AppContext } from '@/server/context';
import { sendError } from './errors';
import { requestLocale } from './locale';
import { clientKey, takeAllowance, type Allowance, type AllowanceRequest } from './throttle';

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

/** A recipient address's order bucket: lowercased and hashed, so the table holds no address. */
export function orderRecipientBucket(email: string): string {
  return `orders:email:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
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

/** A refusal by a throttle: the 429's wait and message. */
export interface ThrottleRefusal {
  retryAfterSeconds: number;
  message: string;
}

/**
 * An order's throttle: one order from the client's and the recipient address's hourly allowance,
 * in turn (the address's is taken only when the client's was). The checkout takes them in the
 * statement that stores the order (order-writer.ts), so an order refused for its content uses up
 * nothing; `refusal` words the 429 when one was refused.
 */
export interface OrderThrottle {
  allowances: AllowanceRequest[];
  refusal(taken: readonly Allowance[]): ThrottleRefusal | undefined;
}

export function orderThrottle(request: FastifyRequest, { config }: AppContext, email: string): OrderThrottle {
  const t = translate(limitMessages, requestLocale(request));
  const shop = config.seller.email;
  const refusal = (allowance: Allowance | undefined, message: (minutes: number) => string) => {
    const wait = allowance?.retryAfterSeconds ?? HOUR_SECONDS;
    return { retryAfterSeconds: wait, message: message(minutes(wait)) };
  };
  return {
    allowances: [
      {
        bucket: `orders:client:${clientKey(request)}`,
        amount: 1,
        max: config.limits.ordersPerClientPerHour,
        windowSeconds: HOUR_SECONDS,
      },
      {
        bucket: orderRecipientBucket(email),
        amount: 1,
        max: config.limits.ordersPerEmailPerHour,
        windowSeconds: HOUR_SECONDS,
      },
    ],
    refusal([client, recipient]) {
      if (!client?.allowed) return refusal(client, (m) => t.ordersPerClient({ minutes: m, email: shop }));
      if (!recipient?.allowed)
        return refusal(recipient, (m) => t.ordersPerRecipient({ minutes: m, email: shop }));
      return undefined;
    },
  };
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
