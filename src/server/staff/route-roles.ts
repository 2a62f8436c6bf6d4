import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { roleSets, type RoleSet, type StaffRole } from '@/shared/staff';

/**
 * Who may call each admin route: the one table the server checks (one onRequest hook over every
 * /api/admin route, after the session check). Keys are `METHOD path` exactly as the route is
 * registered. A new admin route needs one line here; until it has one, only the owner may call it
 * and the table test (route-roles.test.ts) fails naming it.
 *
 * The sets (src/shared/staff.ts): everyone; production (jobs, proofs, print files, board, job
 * tickets, blanks); money (payments, credit notes, reminders, bank files, invoices, exports);
 * audit; owner (staff, settings, catalogue, partners).
 */
export const routeRoles: Readonly<Record<string, RoleSet>> = {
  'GET /api/admin/session': 'everyone',
  'POST /api/admin/logout': 'everyone',
  'POST /api/admin/logout-all': 'everyone',
  'POST /api/admin/me/pin': 'everyone',
  'GET /api/admin/orders': 'everyone',
  'GET /api/admin/orders/:number': 'everyone',
  'GET /api/admin/orders/:number/history': 'everyone',
  // The order page's image thumbnails: whoever may open the order sees its images.
  'GET /api/admin/uploads/:id/thumbnail': 'everyone',
  // Each step is checked against statusStepRoles in the route (production's; money is no step);
  // cancelling an invoiced order (a credit note) only by the money roles, in the transaction.
  'PATCH /api/admin/orders/:number/status': 'everyone',
  // The API's OpenAPI document: every route's contract, no data.
  'GET /api/admin/openapi.json': 'everyone',
  // Production flags an order for the owner (what it may not do itself); the money roles clear it.
  'POST /api/admin/orders/:number/attention': 'everyone',
  'DELETE /api/admin/orders/:number/attention': 'money',
  // Notes and the thread with the buyer (issue 41): every role writes; production reads and is
  // answered no note or message naming money (src/server/order-talk).
  'POST /api/admin/orders/:number/notes': 'everyone',
  'POST /api/admin/orders/:number/messages': 'everyone',
  // The buyer's file with a message: whoever reads the thread (production: not one naming money).
  'GET /api/admin/orders/:number/messages/:id/file': 'everyone',
  // Unknown admin paths (every method) answer 404 to anyone logged in.
  'ALL /api/admin/*': 'everyone',

  // Jobs
  'POST /api/admin/proof-files': 'production',
  'POST /api/admin/orders/:number/proofs': 'production',
  'GET /api/admin/orders/:number/proofs/:version': 'production',
  'GET /api/admin/orders/:number/print-files/:id': 'production',
  'GET /api/admin/production': 'production',
  'GET /api/admin/blanks': 'production',
  'GET /api/admin/blanks.csv': 'production',
  'GET /api/admin/orders/:number/job-ticket.pdf': 'production',
  // A group order's packing list (issue 44): each garment's member, size, name and number.
  'GET /api/admin/orders/:number/packing-list.pdf': 'production',
  'GET /api/admin/orders/:number/packing-list.csv': 'production',
  // The blanks list's "blanks ordered" mark per job (issue 41).
  'PUT /api/admin/orders/:number/blanks-ordered': 'production',
  'DELETE /api/admin/orders/:number/blanks-ordered': 'production',

  // Money
  'GET /api/admin/stats': 'money',
  'GET /api/admin/orders.csv': 'money',
  'GET /api/admin/orders/:number/invoice': 'money',
  'GET /api/admin/orders/:number/invoice.pdf': 'money',
  'GET /api/admin/orders/:number/invoice.xml': 'money',
  'GET /api/admin/orders/:number/invoices/:file': 'money',
  'GET /api/admin/orders/:number/documents/:file': 'money',
  'POST /api/admin/orders/:number/payments': 'money',
  'POST /api/admin/orders/:number/refunds': 'money',
  'POST /api/admin/orders/:number/credit-notes': 'money',
  'POST /api/admin/orders/:number/settlements': 'money',
  'GET /api/admin/sie': 'money',
  'GET /api/admin/journal': 'money',
  'GET /api/admin/journal.csv': 'money',
  // The accountant's reports and closing a month (src/server/ledger/bookkeeping-routes.ts).
  'GET /api/admin/vat-report': 'money',
  'GET /api/admin/ec-sales-list': 'money',
  'GET /api/admin/oss-report': 'money',
  'GET /api/admin/closed-months': 'money',
  'POST /api/admin/closed-months': 'money',
  // Reminders, disputes and the customer ledger (src/server/reminders, src/server/customers).
  'GET /api/admin/orders/:number/reminders': 'money',
  'POST /api/admin/orders/:number/reminders': 'money',
  'POST /api/admin/orders/:number/dispute': 'money',
  'DELETE /api/admin/orders/:number/dispute': 'money',
  'GET /api/admin/customers': 'money',
  'GET /api/admin/customers/:id': 'money',
  'GET /api/admin/customers/:id/statement.pdf': 'money',
  'POST /api/admin/customers/:id/statement/email': 'money',
  // The customer register (issue 43, src/server/customers/register.ts): balances and turnover.
  'GET /api/admin/customer-register': 'money',
  'GET /api/admin/customer-register.csv': 'money',
  'GET /api/admin/customer-register/:id': 'money',
  'POST /api/admin/customer-register/:id/notes': 'money',
  'POST /api/admin/bank-files': 'money',
  'GET /api/admin/bank-payments': 'money',
  'POST /api/admin/bank-payments/:id/assign': 'money',
  'POST /api/admin/bank-payments/:id/not-ours': 'money',
  'GET /api/admin/receivables': 'money',
  // Company accounts (issue 43, src/server/accounts): who sees a company's orders and quotes.
  'GET /api/admin/companies': 'money',
  'POST /api/admin/companies/:orgNumber/people': 'money',
  'DELETE /api/admin/companies/:orgNumber/people/:email': 'money',
  // Erasure of a buyer's personal data (issue 43, src/server/accounts/erasure.ts): the owner's.
  'GET /api/admin/privacy-requests': 'owner',
  'POST /api/admin/privacy-requests/:id/erase': 'owner',

  // Quotes (issue 40): the owner and the bookkeeper write and send them; production may look.
  'GET /api/admin/quotes': 'everyone',
  'GET /api/admin/quotes/:number': 'everyone',
  // The PDF carries the amounts: not for production (issue 38).
  'GET /api/admin/quotes/:number/quote.pdf': 'money',
  'POST /api/admin/quotes': 'money',
  // Orders entered and changed by staff (issue 41): they issue invoices and credit notes.
  'POST /api/admin/orders': 'money',
  'PATCH /api/admin/orders/:number/lines': 'money',
  'POST /api/admin/orders/:number/lines/preview': 'money',
  'PATCH /api/admin/quotes/:number': 'money',
  'POST /api/admin/quotes/:number/send': 'money',

  // Audit
  'GET /api/admin/audit': 'audit',
  'GET /api/admin/audit.csv': 'audit',

  // Owner
  // The audit view's person filter lists the names (the bookkeeper reads the audit too).
  'GET /api/admin/staff': 'audit',
  'POST /api/admin/staff': 'owner',
  'PATCH /api/admin/staff/:id': 'owner',
  'GET /api/admin/products': 'owner',
  'GET /api/admin/products/:id': 'owner',
  'GET /api/admin/products/:id/history': 'owner',
  'PUT /api/admin/products/:id': 'owner',
  'POST /api/admin/products': 'owner',
  'POST /api/admin/product-pictures': 'owner',
  'DELETE /api/admin/staff/:id': 'owner',
  'POST /api/admin/staff/:id/pin': 'owner',
  'GET /api/admin/partner-applications': 'owner',
};

/**
 * A route's key in the table. Fastify adds HEAD for every GET: it goes with its GET. The catch-all
 * answers every method: one key, ALL.
 */
export function routeKey(method: string, url: string): string {
  if (url.endsWith('/*')) return `ALL ${url}`;
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

/** The roles that may call a route; a route not in the table is the owner's alone. */
export function rolesFor(method: string, url: string): readonly StaffRole[] {
  const set = routeRoles[routeKey(method, url)];
  return set ? roleSets[set] : roleSets.owner;
}

export function mayCall(role: StaffRole, request: FastifyRequest): boolean {
  return rolesFor(request.method, request.routeOptions.url ?? request.url).includes(role);
}

export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * Keeps a list of every route registered in the admin scope (its onRoute hook), so the table test
 * can call each one, and logs a route the table has no line for.
 */
export function trackAdminRoutes(admin: FastifyInstance, registered: RegisteredRoute[]): void {
  admin.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      registered.push({ method, url: route.url });
      if (!(routeKey(method, route.url) in routeRoles))
        admin.log.warn(
          `Admin route ${method} ${route.url} has no role in src/server/staff/route-roles.ts: owner only`,
        );
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the admin scope as registered (method, url): the role table's test reads it. */
    adminRouteList: RegisteredRoute[];
  }
}
