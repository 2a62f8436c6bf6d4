import { enqueueEmailsSql } from '@/server/email';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { orderLookupMessages } from '@/shared/i18n/messages/order-lookup';
import { orderLookupApiPath, type OrderLookupAnswer } from '@/shared/order-lookup';
import { orderLookupSchema } from '@/shared/order-lookup-schema';
import type { AppContext } from '@/server/context';
import type { Db } from '@/server/db/client';
import { apiErrorSchema } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { clientKey, takeAllowance } from '@/server/http/throttle';

const HOUR_SECONDS = 60 * 60;

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** An address as a throttle key: lowercased and hashed, so the counters hold no address. */
const addressKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * Takes one lookup from the client's and the address's hourly allowance, whether or not the
 * address has orders (so a refusal says nothing about it either). Answers true when it refused
 * (429 sent). A boolean, not the reply: a FastifyReply is thenable, so an async function returning
 * it would resolve to what the reply's `then` gives (undefined) and the caller would carry on.
 */
async function throttleLookup(
  request: FastifyRequest,
  reply: FastifyReply,
  { config, database }: AppContext,
  email: string,
  locale: Locale,
): Promise<boolean> {
  const t = translate(orderLookupMessages, locale);
  const limits = config.limits;
  const client = await takeAllowance(
    database.db,
    `order-lookups:client:${clientKey(request)}`,
    1,
    limits.orderLookupsPerClientPerHour,
    HOUR_SECONDS,
  );
  if (!client.allowed) {
    const wait = client.retryAfterSeconds;
    sendError(
      reply.header('retry-after', String(wait)),
      429,
      t.perClient({ minutes: minutes(wait), email: config.seller.email }),
    );
    return true;
  }
  const address = await takeAllowance(
    database.db,
    `order-lookups:email:${addressKey(email)}`,
    1,
    limits.orderLookupsPerEmailPerHour,
    HOUR_SECONDS,
  );
  if (!address.allowed) {
    const wait = address.retryAfterSeconds;
    sendError(reply.header('retry-after', String(wait)), 429, t.perAddress({ minutes: minutes(wait) }));
    return true;
  }
  return false;
}

/**
 * One statement whatever the address: when it has orders, a lookup row (on its newest order, whose
 * stored address the email goes to) and its outbox email; otherwise nothing. The slow part (links,
 * SMTP) happens later in the outbox worker, so the answer takes the same time either way.
 */
async function queueOrderLinks(db: Db, email: string, locale: Locale): Promise<void> {
  await db.execute(sql`
    WITH newest AS (
      SELECT id FROM orders WHERE lower(customer_email) = lower(${email})
      ORDER BY lower(customer_email), order_date DESC, id DESC LIMIT 1
    ), lookup AS (
      INSERT INTO order_lookups (order_id, locale) SELECT id, ${locale} FROM newest RETURNING id, order_id
    )
    ${enqueueEmailsSql({ orderId: sql`order_id`, kind: 'order_links', ref: sql`id`, from: sql`lookup` })}`);
}

/**
 * POST /api/order-links `{ email }`: emails the address links to its orders. 202 `{ accepted: true }`
 * for every well-formed address, known or not (no enumeration); 400 for a malformed one; 429 over
 * the per-client or per-address limit.
 */
export function orderLookupRoute(
  app: FastifyInstance,
  context: AppContext,
  options: { onQueued?: () => void } = {},
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    orderLookupApiPath,
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Email links to the orders of an address (the same answer whether or not it has any)',
        body: orderLookupSchema,
        response: {
          202: z.object({ accepted: z.literal(true) }).describe('Accepted, known address or not'),
          400: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      // After the schema: a malformed address uses up no allowance.
      if (await throttleLookup(request, reply, context, request.body.email, locale)) return reply;
      await queueOrderLinks(context.database.db, request.body.email, locale);
      options.onQueued?.();
      return reply
        .code(202)
        .header('cache-control', 'no-store')
        .send({ accepted: true } satisfies OrderLookupAnswer);
    },
  );
}
