import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_MAX_LISTED, accountPath } from '@/shared/account';
import { findOrderByNumber, newOrderLink, type OrderRow } from '@/server/orders';
import { findQuoteByNumber, newQuoteLink, quotesForEmail } from '@/server/quotes';
import { companyHoldings, companySees, orderClaimSubject, settleMembership } from './company';
import { orderParams, redirectSchema, type AccountRouteDeps } from './route-deps';
import { ACCOUNT_COOKIE, sessionEmail } from './service';

/** The path and fragment of an absolute link: the redirect stays on the origin the browser is on. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
};

/** An order's or a quote's page opened from the account (a redirect with a fresh link). */
export function registerAccountPageRoutes(deps: AccountRouteDeps): void {
  const { app, context } = deps;
  const { config } = context;
  const { database } = context;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Whether the address sees an order in its account: its own, or its company's. */
  async function accountSeesOrder(email: string, order: OrderRow): Promise<boolean> {
    if (order.customerEmail.trim().toLowerCase() === email) return true;
    const membership = await settleMembership(database.db, email);
    return (
      membership !== undefined && companySees(database.db, membership.orgNumber, orderClaimSubject(order))
    );
  }

  /** Whether the address sees a quote in its account: its own, or its company's. */
  async function accountSeesQuote(email: string, quoteNumber: string): Promise<boolean> {
    const own = await quotesForEmail(database, email, ACCOUNT_MAX_LISTED);
    if (own.some((quote) => quote.quoteNumber === quoteNumber)) return true;
    const membership = await settleMembership(database.db, email);
    if (!membership) return false;
    const { quotes } = await companyHoldings(database, membership.orgNumber, ACCOUNT_MAX_LISTED);
    return quotes.some((quote) => quote.quoteNumber === quoteNumber);
  }

  /** Redirects to a fresh link of what the session's address sees (freshLink), else to the account. */
  async function openFromAccount(
    request: FastifyRequest,
    reply: FastifyReply,
    freshLink: (email: string) => Promise<string | undefined>,
  ): Promise<FastifyReply> {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const email = await sessionEmail(database.db, request.cookies[ACCOUNT_COOKIE]);
    const link = email === undefined ? undefined : await freshLink(email);
    return reply.redirect(link === undefined ? accountPath : pathOf(link), 303);
  }

  // An order's or a quote's page from the account: a fresh link of its own, as an email's, so the
  // page opens as it always does (token in the fragment or query); a stranger goes to the account.
  api.get(
    '/account/orders/:number',
    {
      schema: {
        summary: 'Opens one of the signed-in buyer’s orders on its page (a redirect with a fresh link)',
        params: orderParams,
        response: { 303: redirectSchema },
      },
    },
    async (request, reply) =>
      openFromAccount(request, reply, async (email) => {
        const order = await findOrderByNumber(database, request.params.number);
        if (!order || !(await accountSeesOrder(email, order))) return undefined;
        return newOrderLink(database.db, order.id, config.publicBaseUrl, order.orderNumber);
      }),
  );

  api.get(
    '/account/quotes/:number',
    {
      schema: {
        summary: 'Opens one of the signed-in buyer’s quotes on its page (a redirect with a fresh link)',
        params: orderParams,
        response: { 303: redirectSchema },
      },
    },
    async (request, reply) =>
      openFromAccount(request, reply, async (email) => {
        const quote = await findQuoteByNumber(database, request.params.number);
        if (!quote || quote.status === 'draft' || !(await accountSeesQuote(email, quote.quoteNumber)))
          return undefined;
        return newQuoteLink(database.db, quote, config.publicBaseUrl);
      }),
  );
}
