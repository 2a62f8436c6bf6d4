import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountApiPaths, accountLinkExpiredPath, accountPath, accountVerifyPath } from '@/shared/account';
import { translate } from '@/shared/i18n/define';
import { accountMessages } from '@/shared/i18n/messages/account';
import { orderLookupSchema } from '@/shared/order-lookup-schema';
import { requestLocale } from '@/server/http/locale';
import { clientKey } from '@/server/http/throttle';
import {
  SIGN_INS_PER_ADDRESS_PER_HOUR,
  SIGN_INS_PER_CLIENT_PER_HOUR,
  acceptedSchema,
  redirectSchema,
  type AccountRouteDeps,
} from './route-deps';
import {
  ACCOUNT_COOKIE,
  ACCOUNT_HINT_COOKIE,
  accountCookieOptions,
  accountHintCookieOptions,
  endSession,
  redeemSignInToken,
  requestSignInLink,
  tokenHash,
} from './service';
import { refuseOverHourlyLimits } from '@/server/http/hourly-limits';
import { refusals } from '@/server/http/route-scope';

const signOutBody = z
  .object({ everywhere: z.boolean().optional() })
  .nullish()
  .describe('everywhere: end every session of the address, on every browser');
const verifyQuery = z.object({ token: z.string().max(200).optional() });

/** Asking for a link (throttled), the emailed link that signs in, and signing out. */
export function registerSignInRoutes(deps: AccountRouteDeps): void {
  const { app, context, onQueued } = deps;
  const { database } = context;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    accountApiPaths.signIn,
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Email a one-time sign-in link; 202 for every well-formed address, known or not',
        body: orderLookupSchema,
        response: { 202: acceptedSchema, ...refusals(400, 429) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const t = translate(accountMessages, locale);
      const { email } = request.body;
      // Per client first, then per address (lowercased and hashed: the counters hold no address);
      // the same for known and unknown addresses, so a refusal tells nothing either.
      const refused = await refuseOverHourlyLimits(database.db, reply, [
        {
          bucket: `account-sign-in:client:${clientKey(request)}`,
          max: SIGN_INS_PER_CLIENT_PER_HOUR,
          refusal: (wait) => t.perClient({ minutes: wait }),
        },
        {
          bucket: `account-sign-in:email:${tokenHash(email.trim().toLowerCase())}`,
          max: SIGN_INS_PER_ADDRESS_PER_HOUR,
          refusal: (wait) => t.perAddress({ minutes: wait }),
        },
      ]);
      if (refused) return reply;
      await requestSignInLink(database, email, locale);
      onQueued?.();
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
      const secure = request.protocol === 'https';
      reply.setCookie(ACCOUNT_COOKIE, session, accountCookieOptions(secure));
      reply.setCookie(ACCOUNT_HINT_COOKIE, '1', accountHintCookieOptions(secure));
      return reply.redirect(accountPath, 303);
    },
  );

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
      reply.clearCookie(ACCOUNT_HINT_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
  );
}
