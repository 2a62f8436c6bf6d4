import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPANY_INVITES_PER_MEMBER_PER_HOUR, accountApiPaths } from '@/shared/account';
import { translate } from '@/shared/i18n/define';
import { accountMessages } from '@/shared/i18n/messages/account';
import { orderLookupSchema } from '@/shared/order-lookup-schema';
import { orderTokenHeader } from '@/shared/order-view';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { findBuyerOrder } from '@/server/orders';
import { findQuoteForToken } from '@/server/quotes';
import {
  claimForCompany,
  claimState,
  inviteMember,
  orderClaimSubject,
  quoteClaimSubject,
  removeMember,
  settleMembership,
  type ClaimSubject,
} from './company';
import {
  SIGN_INS_PER_ADDRESS_PER_HOUR,
  acceptedSchema,
  orderParams,
  type AccountRouteDeps,
} from './route-deps';
import { ACCOUNT_COOKIE, sessionEmail, tokenHash } from './service';
import { refuseOverHourlyLimits } from '@/server/http/hourly-limits';
import { refusals } from '@/server/http/route-scope';

const memberParams = z.object({ email: z.string().max(255) });
const claimStateSchema = z.object({ state: z.enum(['claimable', 'company', 'none']) });

/** A member invites colleagues and removes people of the company. */
export function registerCompanyMemberRoutes(deps: AccountRouteDeps): void {
  const { app, context, signedIn, onQueued } = deps;
  const { database } = context;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    accountApiPaths.companyMembers,
    {
      bodyLimit: 4096,
      schema: {
        summary:
          'A company member invites a colleague by email: a sign-in link worded as the company’s invitation (202; others 403)',
        body: orderLookupSchema,
        response: { 202: acceptedSchema, ...refusals(400, 401, 403, 429) },
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
      const refused = await refuseOverHourlyLimits(database.db, reply, [
        {
          bucket: `account-company-invite:member:${tokenHash(inviter)}`,
          max: COMPANY_INVITES_PER_MEMBER_PER_HOUR,
          refusal: (wait) => t.invitesPerMember({ minutes: wait }),
        },
        {
          bucket: `account-sign-in:email:${tokenHash(invitee)}`,
          max: SIGN_INS_PER_ADDRESS_PER_HOUR,
          refusal: (wait) => t.perAddress({ minutes: wait }),
        },
      ]);
      if (refused) return reply;
      if ((await inviteMember(database, inviter, invitee, locale)) === 'not-member')
        return sendError(reply, 403, t.notMember);
      onQueued?.();
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
        response: { 204: z.null(), ...refusals(401, 403, 404, 409) },
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
}

/** An order or a quote a company member may claim, and what its routes say of it. */
interface ClaimKind {
  /** The path's word: /api/account/company/<segment>/:number. */
  segment: 'orders' | 'quotes';
  noun: string;
  /** The reader's messages when the token opens nothing (404) and when it is not claimable (403). */
  notFound: 'notFound' | 'quoteNotFound';
  refused: 'claimRefused' | 'quoteClaimRefused';
  /** The subject the request's number and token (x-order-token header) open; undefined otherwise. */
  open: (request: FastifyRequest<{ Params: { number: string } }>) => Promise<ClaimSubject | undefined>;
}

/**
 * Whether an order or a quote (its token) is the member's company's, and claiming it for the
 * company: one rule for both (company.ts claimState), decision 0078.
 */
export function registerCompanyClaimRoutes(deps: AccountRouteDeps): void {
  const { database } = deps.context;
  const kinds: ClaimKind[] = [
    {
      segment: 'orders',
      noun: 'order',
      notFound: 'notFound',
      refused: 'claimRefused',
      open: async (request) => {
        const order = await findBuyerOrder(database, request, request.params.number, 'header');
        return order && orderClaimSubject(order);
      },
    },
    {
      segment: 'quotes',
      noun: 'quote',
      notFound: 'quoteNotFound',
      refused: 'quoteClaimRefused',
      open: async (request) => {
        const token = request.headers[orderTokenHeader];
        const quote = await findQuoteForToken(
          database,
          request.params.number,
          typeof token === 'string' ? token : undefined,
        );
        // A draft is staff's still: no buyer's page shows it as a quote to act on.
        return quote && quote.status !== 'draft' ? quoteClaimSubject(quote) : undefined;
      },
    },
  ];
  for (const kind of kinds) registerClaimRoutesOf(deps, kind);
}

function registerClaimRoutesOf(deps: AccountRouteDeps, kind: ClaimKind): void {
  const { app, context, signedIn } = deps;
  const { database } = context;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The subject the request's token opens, and the reader's address; undefined once answered. */
  async function memberAndSubject(
    request: FastifyRequest<{ Params: { number: string } }>,
    reply: FastifyReply,
  ): Promise<{ email: string; subject: ClaimSubject } | undefined> {
    const email = await signedIn(request, reply);
    if (email === undefined) return undefined;
    const subject = await kind.open(request);
    if (!subject) {
      sendError(reply, 404, translate(accountMessages, requestLocale(request))[kind.notFound]);
      return undefined;
    }
    return { email, subject };
  }

  api.get(
    `/api/account/company/${kind.segment}/:number`,
    {
      schema: {
        summary: `With the ${kind.noun}’s token (x-order-token): whether the ${kind.noun} is the reader’s company’s, may be claimed for it, or neither (none when signed out)`,
        params: orderParams,
        response: { 200: claimStateSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Asked by every company order's and quote's page: signed out is an answer (none), not an error.
      const email = await sessionEmail(database.db, request.cookies[ACCOUNT_COOKIE]);
      if (email === undefined) return reply.send({ state: 'none' as const });
      const found = await memberAndSubject(request, reply);
      if (!found) return reply;
      const state = await claimState(database.db, found.email, found.subject);
      return reply.header('cache-control', 'no-store').send({ state });
    },
  );

  api.post(
    `/api/account/company/${kind.segment}/:number/claim`,
    {
      schema: {
        summary: `A member claims a ${kind.noun} made with the company’s organisation number for the company; the ${kind.noun}’s token (x-order-token) proves it`,
        params: orderParams,
        response: { 200: claimStateSchema, ...refusals(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const found = await memberAndSubject(request, reply);
      if (!found) return reply;
      const state = await claimForCompany(database.db, found.email, found.subject);
      if (state === 'none')
        return sendError(reply, 403, translate(accountMessages, requestLocale(request))[kind.refused]);
      return reply.header('cache-control', 'no-store').send({ state });
    },
  );
}
