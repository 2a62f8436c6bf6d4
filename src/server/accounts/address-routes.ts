import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountApiPaths, type CheckoutPrefill } from '@/shared/account';
import { countryCodes } from '@/shared/countries';
import { translate } from '@/shared/i18n/define';
import { addressMessages } from '@/shared/i18n/messages/account-addresses';
import { MAX_SAVED_ADDRESSES } from '@/shared/saved-address';
import { savedAddressInput } from '@/shared/saved-address-schema';
import { schemaMessages } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { changeAddress, removeAddress, savedAddresses, saveAddress } from './addresses';
import { checkoutCustomerOf, lastOrderPlacedWith } from './reorder';
import { sessionEmail, ACCOUNT_COOKIE } from './service';
import { checkoutCustomerSchema, type AccountRouteDeps } from './route-deps';
import { refusals } from '@/server/http/route-scope';

// The body's refusals are worded in English by the shared schema; answered in the reader's language.
schemaMessages(addressMessages);

const addressSchema = z.object({
  id: z.number(),
  label: z.string(),
  country: z.enum(countryCodes),
  address: z.string(),
  savedAt: z.string(),
});
const addressListSchema = z.object({ addresses: z.array(addressSchema), max: z.number() });
const addressParams = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
const prefillSchema = z.discriminatedUnion('signedIn', [
  z.object({ signedIn: z.literal(false) }),
  z.object({
    signedIn: z.literal(true),
    email: z.string(),
    customer: checkoutCustomerSchema.optional(),
    addresses: z.array(addressSchema),
  }),
]);

/**
 * The signed-in buyer's saved delivery addresses and what their checkout starts from (issue 43,
 * docs/accounts.md, decision 0076):
 * - GET /api/account/addresses → `{ addresses, max }`
 * - POST /api/account/addresses `{ label, country, address }` → 201 `{ address }`; 409 at the limit
 * - PUT /api/account/addresses/:id (the same body) → 200 `{ address }`; DELETE → 204
 * - GET /api/account/checkout → `CheckoutPrefill`
 * All need the session cookie (401); another account's address answers 404, as one that never was.
 */
export function registerAddressRoutes({ app, context, signedIn }: AccountRouteDeps): void {
  const { db } = context.database;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const notFound = (locale: 'sv' | 'en') => translate(addressMessages, locale).notFound;

  api.get(
    accountApiPaths.addresses,
    {
      schema: {
        summary: 'The signed-in buyer’s saved delivery addresses',
        response: { 200: addressListSchema, ...refusals(401) },
      },
    },
    async (request, reply) => {
      const email = await signedIn(request, reply);
      if (email === undefined) return reply;
      return reply
        .header('cache-control', 'no-store')
        .send({ addresses: await savedAddresses(db, email), max: MAX_SAVED_ADDRESSES });
    },
  );

  api.post(
    accountApiPaths.addresses,
    {
      bodyLimit: 8192,
      schema: {
        summary: `Save a delivery address (at most ${MAX_SAVED_ADDRESSES} per account)`,
        body: savedAddressInput,
        response: { 201: z.object({ address: addressSchema }), ...refusals(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const email = await signedIn(request, reply);
      if (email === undefined) return reply;
      const saved = await saveAddress(db, email, request.body);
      if (saved === 'full')
        return sendError(
          reply,
          409,
          translate(addressMessages, requestLocale(request)).tooMany({ max: MAX_SAVED_ADDRESSES }),
        );
      return reply.code(201).header('cache-control', 'no-store').send({ address: saved });
    },
  );

  api.put(
    '/api/account/addresses/:id',
    {
      bodyLimit: 8192,
      schema: {
        summary: 'Change one of the signed-in buyer’s saved addresses',
        params: addressParams,
        body: savedAddressInput,
        response: { 200: z.object({ address: addressSchema }), ...refusals(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const email = await signedIn(request, reply);
      if (email === undefined) return reply;
      const changed = await changeAddress(db, email, request.params.id, request.body);
      if (!changed) return sendError(reply, 404, notFound(requestLocale(request)));
      return reply.header('cache-control', 'no-store').send({ address: changed });
    },
  );

  api.delete(
    '/api/account/addresses/:id',
    {
      schema: {
        summary: 'Remove one of the signed-in buyer’s saved addresses',
        params: addressParams,
        response: { 204: z.null(), ...refusals(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const email = await signedIn(request, reply);
      if (email === undefined) return reply;
      if (!(await removeAddress(db, email, request.params.id)))
        return sendError(reply, 404, notFound(requestLocale(request)));
      return reply.code(204).send(null);
    },
  );

  api.get(
    accountApiPaths.checkout,
    {
      schema: {
        summary:
          'What a signed-in buyer’s checkout form starts from: their last order’s buyer details and their saved addresses; `{ signedIn: false }` without a session',
        response: { 200: prefillSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const email = await sessionEmail(db, request.cookies[ACCOUNT_COOKIE]);
      if (email === undefined) return reply.send({ signedIn: false } satisfies CheckoutPrefill);
      const [order, addresses] = await Promise.all([
        lastOrderPlacedWith(context.database, email),
        savedAddresses(db, email),
      ]);
      const prefill: CheckoutPrefill = {
        signedIn: true,
        email,
        ...(order ? { customer: checkoutCustomerOf(order) } : {}),
        addresses,
      };
      return reply.send(prefill);
    },
  );
}
