import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountApiPaths, adminPrivacyRequestsPath } from '@/shared/account';
import { translate } from '@/shared/i18n/define';
import { accountPrivacyMessages } from '@/shared/i18n/messages/account-privacy';
import type { AppContext } from '@/server/context';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { staffOf } from '@/server/staff';
import { carryOutErasure, privacyRequestsForStaff, requestErasure } from './erasure';
import type { AccountRouteDeps } from './route-deps';
import { refusals } from '@/server/http/route-scope';

const outcomeSchema = z.object({
  ordersKept: z.number(),
  ordersAnonymised: z.number(),
  messages: z.number(),
  quotes: z.number(),
  sessions: z.number(),
  signInLinks: z.number(),
  addresses: z.number(),
  memberships: z.number(),
  groupEntries: z.number(),
});
const requestsSchema = z.object({
  requests: z.array(
    z.object({
      id: z.number(),
      email: z.string().nullable(),
      requestedAt: z.string(),
      completedAt: z.string().nullable(),
      completedBy: z.string().nullable(),
      outcome: outcomeSchema.nullable(),
      orders: z.number(),
    }),
  ),
});
const requestParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/**
 * POST /api/account/erasure → 202 `{ requestedAt }`: the signed-in buyer asks for erasure of their
 * personal data (GDPR art. 17; what bokföringslagen keeps stays, src/server/accounts/erasure.ts).
 * Asking again while a request is open answers the same request.
 */
export function registerErasureRequestRoute({ app, context, signedIn }: AccountRouteDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    accountApiPaths.erasure,
    {
      schema: {
        summary:
          'The signed-in buyer asks for erasure of their personal data; staff carry it out and the buyer is emailed',
        response: { 202: z.object({ requestedAt: z.string() }), ...refusals(401) },
      },
    },
    async (request, reply) => {
      const email = await signedIn(request, reply);
      if (email === undefined) return reply;
      const requestedAt = await requestErasure(context.database.db, email, requestLocale(request));
      return reply.code(202).header('cache-control', 'no-store').send({ requestedAt });
    },
  );
}

/**
 * Staff's side of erasure (owner; docs/accounts.md):
 * - GET /api/admin/privacy-requests: open requests first, then those carried out (no address once told)
 * - POST /api/admin/privacy-requests/:id/erase → 200 `{ outcome }`: carried out (audited), the buyer emailed
 */
export function privacyAdminRoutes(
  admin: FastifyInstance,
  context: AppContext,
  options: { onQueued?: () => void } = {},
): void {
  const api = admin.withTypeProvider<ZodTypeProvider>();
  const { database } = context;

  api.get(
    adminPrivacyRequestsPath,
    {
      schema: {
        summary: 'Requests to erase a buyer’s personal data, open ones first',
        response: { 200: requestsSchema },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ requests: await privacyRequestsForStaff(database.db) }),
  );

  api.post(
    `${adminPrivacyRequestsPath}/:id/erase`,
    {
      schema: {
        summary:
          'Carry out an erasure: the account and its rows go, orders bokföringslagen no longer keeps are anonymised (audited; the buyer is emailed)',
        params: requestParams,
        response: { 200: z.object({ outcome: outcomeSchema }), ...refusals(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const t = translate(accountPrivacyMessages, requestLocale(request));
      const outcome = await carryOutErasure(database, request.params.id, staffOf(request).id);
      if (outcome === undefined) return sendError(reply, 404, t.notFound);
      if (outcome === 'done') return sendError(reply, 409, t.alreadyDone);
      options.onQueued?.();
      return reply.header('cache-control', 'no-store').send({ outcome });
    },
  );
}
