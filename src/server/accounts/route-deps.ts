import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { translate } from '@/shared/i18n/define';
import { accountMessages } from '@/shared/i18n/messages/account';
import type { CatalogueContext } from '@/server/context';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { ACCOUNT_COOKIE, ACCOUNT_HINT_COOKIE, sessionEmail } from './service';

/** What every group of the account's routes is registered with (src/server/accounts/routes.ts). */
export interface AccountRouteDeps {
  /** The account's encapsulated instance: the cookie parser and the same-origin guard apply. */
  app: FastifyInstance;
  context: CatalogueContext;
  /** The signed-in address, or undefined with 401 sent. */
  signedIn: (request: FastifyRequest, reply: FastifyReply) => Promise<string | undefined>;
  /** Called when an email was queued (the outbox is kicked). */
  onQueued?: (() => void) | undefined;
}

/** Sign-in links one address may be sent in an hour, and one client may ask for (docs/accounts.md). */
export const SIGN_INS_PER_ADDRESS_PER_HOUR = 5;
export const SIGN_INS_PER_CLIENT_PER_HOUR = 20;

export const acceptedSchema = z.object({ accepted: z.literal(true) });
export const orderParams = z.object({ number: z.string().max(40) });
/** An earlier order's buyer as the checkout form takes them (the reorder's and the checkout's prefill). */
export const checkoutCustomerSchema = z.object({
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
});
export const redirectSchema = z.null().describe('A redirect (Location)');

/** The reader of the session cookie every signed-in route starts with. */
export function signedInReader(context: CatalogueContext): AccountRouteDeps['signedIn'] {
  return async (request, reply) => {
    const email = await sessionEmail(context.database.db, request.cookies[ACCOUNT_COOKIE]);
    if (email === undefined) {
      // A session that ended elsewhere (signed out everywhere, expired): the browser forgets it,
      // so its pages stop asking.
      if (request.cookies[ACCOUNT_COOKIE] !== undefined) reply.clearCookie(ACCOUNT_COOKIE, { path: '/' });
      if (request.cookies[ACCOUNT_HINT_COOKIE] !== undefined)
        reply.clearCookie(ACCOUNT_HINT_COOKIE, { path: '/' });
      reply.header('cache-control', 'no-store');
      sendError(reply, 401, translate(accountMessages, requestLocale(request)).signInHeading);
    }
    return email;
  };
}
