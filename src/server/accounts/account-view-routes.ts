import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MAX_LISTED,
  accountApiPaths,
  accountOrderPagePath,
  accountQuotePagePath,
  type AccountView,
} from '@/shared/account';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { accountMessages } from '@/shared/i18n/messages/account';
import { orderPageMessages } from '@/shared/i18n/messages/order-page';
import { isOrderStatus } from '@/shared/order-status';
import { printFileKinds } from '@/shared/print-files';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { ordersPlacedWith, type LookedUpOrder } from '@/server/orders';
import { quotesForEmail } from '@/server/quotes';
import { companyHoldings, companyName, companyPeople, settleMembership } from './company';
import { openErasureRequest } from './erasure';
import { checkoutCustomerSchema, orderParams, type AccountRouteDeps } from './route-deps';
import { reorderLines } from './reorder';
import { refusals } from '@/server/http/route-scope';

const lineSchema = z.object({
  productId: z.string(),
  quantity: z.number().int(),
  customisation: z.unknown().optional(),
  sizes: z.record(z.string(), z.number().int()).optional(),
  options: z.record(z.string(), z.string()).optional(),
  notes: z.string().optional(),
  printFile: z.string().optional(),
});
const reorderSchema = z.object({
  lines: z.array(lineSchema),
  notes: z.array(z.string()),
  printFiles: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(printFileKinds),
      name: z.string(),
      bytes: z.number(),
      contentType: z.string(),
      width: z.number().optional(),
      height: z.number().optional(),
    }),
  ),
  customer: checkoutCustomerSchema,
});

const accountSchema = z.object({
  email: z.string(),
  company: z
    .object({
      orgNumber: z.string(),
      name: z.string(),
      members: z.array(z.string()),
      invited: z.array(z.string()),
    })
    .optional(),
  orders: z.array(
    z.object({
      orderNumber: z.string(),
      placedAt: z.string(),
      total: z.string(),
      status: z.string(),
      statusLabel: z.string(),
      orderPage: z.string(),
      placedBy: z.string(),
    }),
  ),
  quotes: z.array(
    z.object({
      quoteNumber: z.string(),
      createdAt: z.string(),
      status: z.string(),
      quotePage: z.string(),
      placedBy: z.string(),
    }),
  ),
  erasureRequestedAt: z.string().optional(),
});
/** The account itself (orders, quotes, the company) and an earlier order's lines to order again. */
export function registerAccountViewRoutes(deps: AccountRouteDeps): void {
  const { app, context, signedIn } = deps;
  const { database } = context;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    accountApiPaths.account,
    {
      schema: {
        summary: 'The signed-in buyer’s account: the orders and quotes placed with the verified address',
        response: { 200: accountSchema, ...refusals(401) },
      },
    },
    async (request, reply) => {
      const email = await signedIn(request, reply);
      if (email === undefined) return reply;
      const locale: Locale = requestLocale(request);
      const membership = await settleMembership(database.db, email);
      const [orders, quotes, company, people, erasureRequestedAt] = await Promise.all([
        ordersPlacedWith(database.db, email, ACCOUNT_MAX_LISTED),
        quotesForEmail(database, email, ACCOUNT_MAX_LISTED),
        membership ? companyHoldings(database, membership.orgNumber, ACCOUNT_MAX_LISTED) : undefined,
        membership ? companyPeople(database.db, membership.orgNumber) : [],
        openErasureRequest(database.db, email),
      ]);
      const statuses = orderPageMessages[locale];
      // The address's own and the company's, once each, newest first (ISO timestamps sort as text).
      const allOrders = new Map<string, { order: LookedUpOrder; placedBy: string }>();
      for (const order of company?.orders ?? [])
        allOrders.set(order.orderNumber, { order, placedBy: order.customerEmail.trim().toLowerCase() });
      for (const order of orders) allOrders.set(order.orderNumber, { order, placedBy: email });
      const allQuotes = new Map<string, { quote: (typeof quotes)[number]; placedBy: string }>();
      for (const quote of company?.quotes ?? [])
        allQuotes.set(quote.quoteNumber, { quote, placedBy: quote.customerEmail.trim().toLowerCase() });
      for (const quote of quotes) allQuotes.set(quote.quoteNumber, { quote, placedBy: email });
      const view: AccountView = {
        email,
        ...(membership && company
          ? {
              company: {
                orgNumber: membership.orgNumber,
                name: companyName(membership.orgNumber, company.orders),
                members: people.filter((person) => person.verified).map((person) => person.email),
                invited: people.filter((person) => !person.verified).map((person) => person.email),
              },
            }
          : {}),
        orders: [...allOrders.values()]
          .sort((a, b) =>
            a.order.placedAt < b.order.placedAt ? 1 : a.order.placedAt > b.order.placedAt ? -1 : 0,
          )
          .slice(0, ACCOUNT_MAX_LISTED)
          .map(({ order, placedBy }) => ({
            orderNumber: order.orderNumber,
            placedAt: order.placedAt,
            total: order.totalAmount,
            status: order.status,
            statusLabel: isOrderStatus(order.status) ? statuses[order.status] : order.status,
            orderPage: accountOrderPagePath(order.orderNumber),
            placedBy,
          })),
        quotes: [...allQuotes.values()]
          .sort((a, b) => b.quote.createdAt.getTime() - a.quote.createdAt.getTime())
          .slice(0, ACCOUNT_MAX_LISTED)
          .map(({ quote, placedBy }) => ({
            quoteNumber: quote.quoteNumber,
            createdAt: quote.createdAt.toISOString(),
            status: quote.status,
            quotePage: accountQuotePagePath(quote.quoteNumber),
            placedBy,
          })),
        ...(erasureRequestedAt ? { erasureRequestedAt } : {}),
      };
      return reply.header('cache-control', 'no-store').send(view);
    },
  );

  api.post(
    '/api/account/orders/:number/reorder',
    {
      schema: {
        summary:
          'An earlier order’s lines as POST /api/orders takes them (same uploads and print files, no prices), with notes',
        params: orderParams,
        response: { 200: reorderSchema, ...refusals(401, 404) },
      },
    },
    async (request, reply) => {
      const email = await signedIn(request, reply);
      if (email === undefined) return reply;
      const locale = requestLocale(request);
      const catalogue = await context.catalogue.current();
      const answer = await reorderLines(database, request.params.number, email, catalogue.find, locale);
      if (!answer) return sendError(reply, 404, translate(accountMessages, locale).notFound);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
