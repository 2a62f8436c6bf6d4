import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MAX_LISTED,
  COMPANY_INVITES_PER_MEMBER_PER_HOUR,
  accountApiPaths,
  accountLinkExpiredPath,
  accountOrderPagePath,
  accountPath,
  accountQuotePagePath,
  accountVerifyPath,
  adminCompaniesPath,
  type AccountView,
} from '@/shared/account';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { accountMessages } from '@/shared/i18n/messages/account';
import { orderPageMessages } from '@/shared/i18n/messages/order-page';
import { isOrderStatus } from '@/shared/order-status';
import { printFileKinds } from '@/shared/print-files';
import { normaliseOrgNumber } from '@/shared/swedish-id';
import { companyMemberOrigins } from '@/server/db/accounts-schema';
import { orderLookupSchema } from '@/shared/order-lookup-schema';
import type { AppContext, CatalogueContext } from '@/server/context';
import { apiErrorSchema } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { sameOriginGuard } from '@/server/http/same-origin';
import { clientKey, takeAllowancesInTurn } from '@/server/http/throttle';
import {
  findBuyerOrder,
  findOrderByNumber,
  newOrderLink,
  ordersPlacedWith,
  type LookedUpOrder,
  type OrderRow,
} from '@/server/orders';
import { findQuoteByNumber, newQuoteLink, quotesForEmail } from '@/server/quotes';
import {
  claimOrder,
  claimState,
  companiesForStaff,
  companyHoldings,
  companyName,
  companyPeople,
  companySeesOrder,
  inviteMember,
  linkPerson,
  removeMember,
  unlinkPerson,
  settleMembership,
} from './company';
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
});
const memberParams = z.object({ email: z.string().max(255) });
const claimStateSchema = z.object({ state: z.enum(['claimable', 'company', 'none']) });

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

    /** Whether the address sees an order in its account: its own, or its company's. */
    async function accountSeesOrder(email: string, order: OrderRow): Promise<boolean> {
      if (order.customerEmail.trim().toLowerCase() === email) return true;
      const membership = await settleMembership(database.db, email);
      return membership !== undefined && companySeesOrder(database.db, membership.orgNumber, order);
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
        const membership = await settleMembership(database.db, email);
        const [orders, quotes, company, people] = await Promise.all([
          ordersPlacedWith(database.db, email, ACCOUNT_MAX_LISTED),
          quotesForEmail(database, email, ACCOUNT_MAX_LISTED),
          membership ? companyHoldings(database, membership.orgNumber, ACCOUNT_MAX_LISTED) : undefined,
          membership ? companyPeople(database.db, membership.orgNumber) : [],
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

    api.post(
      accountApiPaths.companyMembers,
      {
        bodyLimit: 4096,
        schema: {
          summary:
            'A company member invites a colleague by email: a sign-in link worded as the company’s invitation (202; others 403)',
          body: orderLookupSchema,
          response: {
            202: acceptedSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const inviter = await signedIn(request, reply);
        if (inviter === undefined) return reply;
        const locale = requestLocale(request);
        const t = translate(accountMessages, locale);
        if (!(await settleMembership(database.db, inviter))) return sendError(reply, 403, t.notMember);
        const invitee = request.body.email.trim().toLowerCase();
        // Per member, then the invitee's address counts as a sign-in link does: invitations cannot
        // mail an address more than asking to sign in can.
        const [member, address] = await takeAllowancesInTurn(database.db, [
          {
            bucket: `account-company-invite:member:${tokenHash(inviter)}`,
            amount: 1,
            max: COMPANY_INVITES_PER_MEMBER_PER_HOUR,
            windowSeconds: HOUR_SECONDS,
          },
          {
            bucket: `account-sign-in:email:${tokenHash(invitee)}`,
            amount: 1,
            max: SIGN_INS_PER_ADDRESS_PER_HOUR,
            windowSeconds: HOUR_SECONDS,
          },
        ]);
        if (!member?.allowed) {
          const wait = member?.retryAfterSeconds ?? HOUR_SECONDS;
          return sendError(
            reply.header('retry-after', String(wait)),
            429,
            t.invitesPerMember({ minutes: minutes(wait) }),
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
        if ((await inviteMember(database, inviter, invitee, locale)) === 'not-member')
          return sendError(reply, 403, t.notMember);
        options.onQueued?.();
        return reply
          .code(202)
          .header('cache-control', 'no-store')
          .send({ accepted: true as const });
      },
    );

    api.delete(
      '/api/account/company/members/:email',
      {
        schema: {
          summary: 'A company member removes a person of the company (themselves too), never its last member',
          params: memberParams,
          response: {
            204: z.null(),
            401: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const remover = await signedIn(request, reply);
        if (remover === undefined) return reply;
        const t = translate(accountMessages, requestLocale(request));
        const outcome = await removeMember(database.db, remover, request.params.email);
        if (outcome === 'not-member') return sendError(reply, 403, t.notMember);
        if (outcome === 'unknown') return sendError(reply, 404, t.notInCompany);
        if (outcome === 'last') return sendError(reply, 409, t.lastMember);
        return reply.code(204).send(null);
      },
    );

    /** The order the request's token opens (x-order-token header), and the reader's address; undefined once answered. */
    async function memberAndOrder(
      request: FastifyRequest<{ Params: { number: string } }>,
      reply: FastifyReply,
    ): Promise<{ email: string; order: OrderRow } | undefined> {
      const email = await signedIn(request, reply);
      if (email === undefined) return undefined;
      const order = await findBuyerOrder(database, request, request.params.number, 'header');
      if (!order) {
        sendError(reply, 404, translate(accountMessages, requestLocale(request)).notFound);
        return undefined;
      }
      return { email, order };
    }

    api.get(
      '/api/account/company/orders/:number',
      {
        schema: {
          summary:
            'With the order’s token (x-order-token): whether the order is the reader’s company’s, may be claimed for it, or neither (none when signed out)',
          params: orderParams,
          response: { 200: claimStateSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        // Asked by every company order's page: signed out is an answer (none), not an error.
        const email = await sessionEmail(database.db, request.cookies[ACCOUNT_COOKIE]);
        if (email === undefined) return reply.send({ state: 'none' as const });
        const found = await memberAndOrder(request, reply);
        if (!found) return reply;
        const state = await claimState(database.db, found.email, found.order);
        return reply.header('cache-control', 'no-store').send({ state });
      },
    );

    api.post(
      '/api/account/company/orders/:number/claim',
      {
        schema: {
          summary:
            'A member claims an order placed with the company’s organisation number for the company; the order’s token (x-order-token) proves it',
          params: orderParams,
          response: { 200: claimStateSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const found = await memberAndOrder(request, reply);
        if (!found) return reply;
        const state = await claimOrder(database.db, found.email, found.order);
        if (state === 'none')
          return sendError(reply, 403, translate(accountMessages, requestLocale(request)).claimRefused);
        return reply.header('cache-control', 'no-store').send({ state });
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
        if (email === undefined || !order || !(await accountSeesOrder(email, order)))
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
        if (
          email === undefined ||
          !quote ||
          quote.status === 'draft' ||
          !(await accountSeesQuote(email, quote.quoteNumber))
        )
          return reply.redirect(accountPath, 303);
        return reply.redirect(pathOf(await newQuoteLink(database.db, quote, config.publicBaseUrl)), 303);
      },
    );
  };
}

const companyParams = z.object({ orgNumber: z.string().min(1).max(20) });
const companyPersonParams = companyParams.extend({ email: z.string().max(255) });
const adminCompaniesSchema = z.object({
  companies: z.array(
    z.object({
      orgNumber: z.string(),
      createdAt: z.string(),
      people: z.array(
        z.object({ email: z.string(), addedBy: z.enum(companyMemberOrigins), verified: z.boolean() }),
      ),
    }),
  ),
});

/**
 * Staff's side of company accounts (docs/accounts.md), mounted in the admin area:
 * - GET /api/admin/companies: every company account with its people
 * - POST /api/admin/companies/:orgNumber/people `{ email }` → 204: link a person (the company is made if new)
 * - DELETE /api/admin/companies/:orgNumber/people/:email → 204: unlink; 404 when not linked
 */
export function companyAdminRoutes(admin: FastifyInstance, context: AppContext): void {
  const { database } = context;
  const api = admin.withTypeProvider<ZodTypeProvider>();

  api.get(
    adminCompaniesPath,
    {
      schema: {
        summary: 'Company accounts (organisation number) with their people, verified or invited',
        response: { 200: adminCompaniesSchema },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ companies: await companiesForStaff(database.db) }),
  );

  api.post(
    `${adminCompaniesPath}/:orgNumber/people`,
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Link a person (email) to a company account, making the account if it is new',
        params: companyParams,
        body: orderLookupSchema,
        response: { 204: z.null(), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const orgNumber = normaliseOrgNumber(request.params.orgNumber) ?? request.params.orgNumber.trim();
      await linkPerson(database.db, orgNumber, request.body.email);
      return reply.code(204).send(null);
    },
  );

  api.delete(
    `${adminCompaniesPath}/:orgNumber/people/:email`,
    {
      schema: {
        summary: 'Unlink a person from a company account',
        params: companyPersonParams,
        response: { 204: z.null(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const removed = await unlinkPerson(database.db, request.params.orgNumber, request.params.email);
      if (!removed)
        return sendError(reply, 404, translate(accountMessages, requestLocale(request)).notInCompany);
      return reply.code(204).send(null);
    },
  );
}
