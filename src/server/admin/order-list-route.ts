import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasControlCharacter, isSearchableTerm, searchMessages } from '@/shared/admin-search';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { orderStatuses } from '@/shared/order-status';
import { roleMay } from '@/shared/staff';
import type { Db } from '@/server/db/client';
import { apiErrorSchema, schemaMessages } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { staffOf } from '@/server/staff';
import { listOrderJobs, listOrders } from './order-list';
import { decodeCursor, type Cursor } from './order-query';

// The refusals below answer in the reader's language.
schemaMessages(adminApiMessages, {
  en: { tooShort: searchMessages.tooShort.en, invalidCharacter: searchMessages.invalidCharacter.en },
  sv: { tooShort: searchMessages.tooShort.sv, invalidCharacter: searchMessages.invalidCharacter.sv },
});

const t = adminApiMessages.en;

/** The list's filters and page: the search term (trigram-searchable), a status, the keyset cursor. */
export const orderListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, t.searchTooLong)
    // Control characters (NUL is an error in a database text; the searched fields are joined by one).
    .refine((q) => !hasControlCharacter(q), searchMessages.invalidCharacter.en)
    // Too short for the trigram index (an empty term means no search).
    .refine((q) => q === '' || isSearchableTerm(q), searchMessages.tooShort.en)
    .optional()
    .transform((q) => (q ? q : undefined)),
  status: z
    .enum(orderStatuses, { error: t.unknownStatus })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** One order of the list: the fields the admin page reads named; the rest of its summary as it is. */
const listedOrder = z.looseObject({
  view: z
    .enum(['money', 'job'])
    .describe('money: with totalAmount and paymentState; job: no amount (issue 38)'),
  orderNumber: z.string(),
  orderDate: z.string(),
  customerName: z.string(),
  status: z.enum(orderStatuses),
  itemsSummary: z.string(),
  totalAmount: z.string().optional().describe('Money view only'),
  paymentState: z.string().optional().describe('Money view only'),
});

const orderListAnswer = z.object({
  orders: z.array(listedOrder),
  nextCursor: z.string().nullable().describe('Pass as ?cursor= for the next page; null on the last page'),
});

/**
 * GET /api/admin/orders?q=&status=&cursor=&limit=: the orders, newest first, a page at a time
 * (keyset cursor), searched by the trigram index. The money roles get each order's money view,
 * production its job view without an amount (issue 38).
 */
export function orderListRoute(admin: FastifyInstance, db: Db): void {
  admin.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/orders',
    {
      schema: {
        summary: 'The orders, newest first, a page at a time; searched, filtered by status',
        querystring: orderListQuery,
        response: { 200: orderListAnswer, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const { q, status, cursor: rawCursor, limit } = request.query;
      let cursor: Cursor | undefined;
      if (rawCursor) {
        cursor = decodeCursor(rawCursor);
        if (!cursor) return sendError(reply, 400, adminApiMessages[locale].badCursor);
      }
      // Production gets each order's job, never its money (issue 38).
      const page = roleMay(staffOf(request).role, 'money')
        ? await listOrders(db, { q, status }, cursor, limit, locale)
        : await listOrderJobs(db, { q, status }, cursor, limit, locale);
      return reply.send({ ...page, orders: page.orders.map((order) => ({ ...order })) });
    },
  );
}
