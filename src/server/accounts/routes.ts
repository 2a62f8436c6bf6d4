import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCompaniesPath } from '@/shared/account';
import { translate } from '@/shared/i18n/define';
import { accountMessages } from '@/shared/i18n/messages/account';
import { normaliseOrgNumber } from '@/shared/swedish-id';
import { companyMemberOrigins } from '@/server/db/accounts-schema';
import { orderLookupSchema } from '@/shared/order-lookup-schema';
import type { AppContext, CatalogueContext } from '@/server/context';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { sameOriginGuard } from '@/server/http/same-origin';
import { staffOf } from '@/server/staff';
import { registerAccountViewRoutes } from './account-view-routes';
import { registerAddressRoutes } from './address-routes';
import { companiesForStaff, linkPerson, unlinkPerson } from './company';
import { registerDesignLibraryRoutes } from './design-routes';
import { registerCompanyClaimRoutes, registerCompanyMemberRoutes } from './company-routes';
import { registerAccountPageRoutes } from './page-routes';
import { personalDataRoute } from './personal-data';
import { registerErasureRequestRoute } from './privacy-routes';
import { signedInReader, type AccountRouteDeps } from './route-deps';
import { registerSignInRoutes } from './sign-in-routes';
import { refusals } from '@/server/http/route-scope';

export { privacyAdminRoutes } from './privacy-routes';
export { SIGN_INS_PER_ADDRESS_PER_HOUR, SIGN_INS_PER_CLIENT_PER_HOUR } from './route-deps';

/**
 * The buyer's account (issue 43, docs/accounts.md): sign-in by an emailed one-time link, the
 * session cookie, what the account holds and reordering. Encapsulated: the cookie parser and the
 * same-origin guard (as the admin's) apply to these routes only. Each group of routes is registered
 * by its own function with the same dependencies.
 */
export function accountRoutes(context: CatalogueContext, options: { onQueued?: () => void } = {}) {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(cookie);
    app.addHook('onRequest', sameOriginGuard(context.config.publicBaseUrl));
    const signedIn = signedInReader(context);
    const deps: AccountRouteDeps = { app, context, signedIn, onQueued: options.onQueued };
    registerSignInRoutes(deps);
    registerAccountViewRoutes(deps);
    personalDataRoute(app, context.database.db, signedIn);
    registerCompanyMemberRoutes(deps);
    registerCompanyClaimRoutes(deps);
    registerAccountPageRoutes(deps);
    registerErasureRequestRoute(deps);
    registerDesignLibraryRoutes(deps);
    registerAddressRoutes(deps);
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
        summary: 'Link a person (email) to a company account, making the account if it is new (audited)',
        params: companyParams,
        body: orderLookupSchema,
        response: { 204: z.null(), ...refusals(400) },
      },
    },
    async (request, reply) => {
      const orgNumber = normaliseOrgNumber(request.params.orgNumber) ?? request.params.orgNumber.trim();
      await linkPerson(database.db, orgNumber, request.body.email, staffOf(request).id);
      return reply.code(204).send(null);
    },
  );

  api.delete(
    `${adminCompaniesPath}/:orgNumber/people/:email`,
    {
      schema: {
        summary: 'Unlink a person from a company account (audited)',
        params: companyPersonParams,
        response: { 204: z.null(), ...refusals(404) },
      },
    },
    async (request, reply) => {
      const removed = await unlinkPerson(
        database.db,
        request.params.orgNumber,
        request.params.email,
        staffOf(request).id,
      );
      if (!removed)
        return sendError(reply, 404, translate(accountMessages, requestLocale(request)).notInCompany);
      return reply.code(204).send(null);
    },
  );
}
