import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MAX_LISTED,
  accountApiPaths,
  accountLinkExpiredPath,
  accountOrderPagePath,
  accountPath,
  accountQuotePagePath,
  accountVerifyPath,
  type AccountView,
} from '@/shared/account';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { accountMessages } from '@/shared/i18n/messages/account';
import { orderPageMessages } from '@/shared/i18n/messages/order-page';
import { isOrderStatus } from '@/shared/order-status';
import { printFileKinds } from '@/shared/print-files';
import { orderLookupSchema } from '@/shared/order-lookup-schema';
import type { CatalogueContext } from '@/server/context';
import { apiErrorSchema } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { sameOriginGuard } from '@/server/http/same-origin';
import { clientKey, takeAllowancesInTurn } from '@/server/http/throttle';
import { findOrderByNumber, newOrderLink, ordersPlacedWith } from '@/server/orders';
import { findQuoteByNumber, newQuoteLink, quotesForEmail } from '@/server/quotes';
import { personalDataRoute } from './personal-data';
import { reorderLines } from './reorder';
import {
  ACCOUNT_COOKIE,
  accountCookieOptions,
  endSession,
  redeemSignInToken,
  requestSignInLink,
  sessionEmail,
  tokenHash,
} from './service';

const HOUR_SECONDS = 60 * 60;
/** Sign-in links one address may be sent in an hour, and one client may ask for (docs/accounts.md). */
export const SIGN_INS_PER_ADDRESS_PER_HOUR = 5;
export const SIGN_INS_PER_CLIENT_PER_HOUR = 20;

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

const acceptedSchema = z.object({ accepted: z.literal(true) });
const signOutBody = z
  .object({ everywhere: z.boolean().optional() })
  .nullish()
  .describe('everywhere: end every session of the address, on every browser');
const orderParams = z.object({ number: z.string().max(40) });
const verifyQuery = z.object({ token: z.string().max(200).optional() });
const redirectSchema = z.null().describe('A redirect (Location)');

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
  customer: z.object({
    customerType: z.enum(['personal', 'company']),
    name: z.string(),
    companyName: z.string(),
    orgNumber: z.string(),
    personalNumber: z.string(),
    email: z.string(),
    phone: z.string(),
    country: z.string(),
    address: z.string(),
    vatNumber: z.string(),
    buyerReference: z.string(),
    peppolId: z.string(),
    separateBilling: z.boolean(),
    billingAddress: z.string(),
  }),
});

const accountSchema = z.object({
  email: z.string(),
  company: z.object({ orgNumber: z.string(), name: z.string(), members: z.array(z.string()) }).optional(),
  orders: z.array(
    z.object({
      orderNumber: z.string(),
      placedAt: z.string(),
      total: z.string(),
      status: z.string(),
      statusLabel: z.string(),
      orderPage: z.string(),
    }),
  ),
  quotes: z.array(
    z.object({ quoteNumber: z.string(), createdAt: z.string(), status: z.string(), quotePage: z.string() }),
  ),
});

/** The path and fragment of an absolute link: the redirect stays on the origin the browser is on. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
};

/**
 * The buyer's account (issue 43, docs/accounts.md): sign-in by an emailed one-time link, the
 * session cookie, what the account holds and reordering. Encapsulated: the cookie parser and the
 * same-origin guard (as the admin's) apply to these routes only.
 */
export function accountRoutes(context: CatalogueContext, options: { onQueued?: () => void } = {}) {
  const { config, database } = context;
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(cookie);
    app.addHook('onRequest', sameOriginGuard(config.publicBaseUrl));
    const api = app.withTypeProvider<ZodTypeProvider>();

    /** The signed-in address, or undefined with 401 sent. */
    async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<string | undefined> {
      const email = await sessionEmail(database.db, request.cookies[ACCOUNT_COOKIE]);
      if (email === undefined) {
        reply.header('cache-control', 'no-store');
        sendError(reply, 401, translate(accountMessages, requestLocale(request)).signInHeading);
      }
      return email;
    }

    api.post(
      accountApiPaths.signIn,
      {
        bodyLimit: 4096,
        schema: {
          summary: 'Email a one-time sign-in link; 202 for every well-formed address, known or not',
          body: orderLookupSchema,
          response: { 202: acceptedSchema, 400: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const locale = requestLocale(request);
        const t = translate(accountMessages, locale);
        const { email } = request.body;
        // Per client first, then per address (lowercased and hashed: the counters hold no address);
        // the same for known and unknown addresses, so a refusal tells nothing either.
        const [client, address] = await takeAllowancesInTurn(database.db, [
          {
            bucket: `account-sign-in:client:${clientKey(request)}`,
            amount: 1,
            max: SIGN_INS_PER_CLIENT_PER_HOUR,
            windowSeconds: HOUR_SECONDS,
          },
          {
            bucket: `account-sign-in:email:${tokenHash(email.trim().toLowerCase())}`,
            amount: 1,
            max: SIGN_INS_PER_ADDRESS_PER_HOUR,
            windowSeconds: HOUR_SECONDS,
          },
        ]);
        if (!client?.allowed) {
          const wait = client?.retryAfterSeconds ?? HOUR_SECONDS;
          return sendError(
            reply.header('retry-after', String(wait)),
            429,
            t.perClient({ minutes: minutes(wait) }),
          );
        }
        if (!address?.allowed) {
          const wait = address?.retryAfterSeconds ?? HOUR_SECONDS;
          return sendError(
            reply.header('retry-after', String(wait)),
            429,
            t.perAddress({ minutes: minutes(wait) }),
          );
        }
        await requestSignInLink(database, email, locale);
        options.onQueued?.();
        return reply
          .code(202)
          .header('cache-control', 'no-store')
          .send({ accepted: true as const });
      },
    );

    // The emailed link: a GET (a click in a mail program) that signs in once and redirects.
    api.get(
      accountVerifyPath,
      {
        schema: {
          summary: 'The emailed link: signs in (session cookie) and redirects to /account',
          querystring: verifyQuery,
          response: { 303: redirectSchema },
        },
      },
      async (request, reply) => {
        const session = await redeemSignInToken(database.db, request.query.token);
        reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        if (!session) return reply.redirect(accountLinkExpiredPath, 303);
        reply.setCookie(ACCOUNT_COOKIE, session, accountCookieOptions(request.protocol === 'https'));
        return reply.redirect(accountPath, 303);
      },
    );

    api.get(
      accountApiPaths.account,
      {
        schema: {
          summary: 'The signed-in buyer’s account: the orders and quotes placed with the verified address',
          response: { 200: accountSchema, 401: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const email = await signedIn(request, reply);
        if (email === undefined) return reply;
        const locale: Locale = requestLocale(request);
        const [orders, quotes] = await Promise.all([
          ordersPlacedWith(database.db, email, ACCOUNT_MAX_LISTED),
          quotesForEmail(database, email, ACCOUNT_MAX_LISTED),
        ]);
        const statuses = orderPageMessages[locale];
        const view: AccountView = {
          email,
          orders: orders.map((order) => ({
            orderNumber: order.orderNumber,
            placedAt: order.placedAt,
            total: order.totalAmount,
            status: order.status,
            statusLabel: isOrderStatus(order.status) ? statuses[order.status] : order.status,
            orderPage: accountOrderPagePath(order.orderNumber),
          })),
          quotes: quotes.map((quote) => ({
            quoteNumber: quote.quoteNumber,
            createdAt: quote.createdAt.toISOString(),
            status: quote.status,
            quotePage: accountQuotePagePath(quote.quoteNumber),
          })),
        };
        return reply.header('cache-control', 'no-store').send(view);
      },
    );

    personalDataRoute(app, database.db, signedIn);

    api.post(
      accountApiPaths.signOut,
      {
        schema: {
          summary: 'Sign out this browser, or with { everywhere: true } every browser of the address',
          body: signOutBody,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await endSession(database.db, request.cookies[ACCOUNT_COOKIE], request.body?.everywhere === true);
        reply.clearCookie(ACCOUNT_COOKIE, { path: '/' });
        return reply.code(204).send(null);
      },
    );

    api.post(
      '/api/account/orders/:number/reorder',
      {
        schema: {
          summary:
            'An earlier order’s lines as POST /api/orders takes them (same uploads and print files, no prices), with notes',
          params: orderParams,
          response: { 200: reorderSchema, 401: apiErrorSchema, 404: apiErrorSchema },
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
      async (request, reply) => {
        reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        const email = await sessionEmail(database.db, request.cookies[ACCOUNT_COOKIE]);
        const order =
          email === undefined ? undefined : await findOrderByNumber(database, request.params.number);
        if (!order || order.customerEmail.trim().toLowerCase() !== email)
          return reply.redirect(accountPath, 303);
        const link = await newOrderLink(database.db, order.id, config.publicBaseUrl, order.orderNumber);
        return reply.redirect(pathOf(link), 303);
      },
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
      async (request, reply) => {
        reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        const email = await sessionEmail(database.db, request.cookies[ACCOUNT_COOKIE]);
        const quote =
          email === undefined ? undefined : await findQuoteByNumber(database, request.params.number);
        if (!quote || quote.status === 'draft' || quote.customerEmail.trim().toLowerCase() !== email)
          return reply.redirect(accountPath, 303);
        return reply.redirect(pathOf(await newQuoteLink(database.db, quote, config.publicBaseUrl)), 303);
      },
    );
  };
}
