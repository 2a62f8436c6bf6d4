import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { adminOrderMoney } from './admin-view';
import { registerAdminDocuments } from './document-routes';
import { registerLedgerExports } from './export-routes';
import {
  registerCreditNotes,
  registerPayments,
  registerRefunds,
  type MoneyRouteOptions,
} from './payment-routes';
import { smallDifferenceRoutes } from './small-difference-routes';

export { bookkeepingAdminRoutes, distanceSaleDecider, distanceSalesRoute } from './bookkeeping-routes';
export { ledgerRoutes } from './document-routes';

/**
 * The ledger's admin routes, mounted in the admin scope (session checked there); their contracts
 * are declared at each route (./contract.ts), their answers made in ./admin-view.ts:
 * - POST /api/admin/orders/:number/payments `{ amount, paidOn, reference?, method?, invoice? }` → 201
 * - POST /api/admin/orders/:number/refunds (the same fields; at most what was paid beyond what is owed)
 * - POST /api/admin/orders/:number/credit-notes `{ reason, lines? | amount?, invoice? }` → 201
 * - POST /api/admin/orders/:number/settlements (./small-difference-routes.ts)
 * - GET /api/admin/orders/:number/documents/:number.pdf (and the supplementary invoices' former address);
 *   …/:number.xml the document's Peppol e-invoice (422 or 409 saying why there is none)
 * - GET /api/admin/sie?from&to
 * - GET /api/admin/journal?from&to and /api/admin/journal.csv?from&to (the invoice journal)
 * Each write answers the order's money (documents, payments, balance, payment state).
 */
export function ledgerAdminRoutes(
  admin: FastifyInstance,
  context: AppContext,
  options: MoneyRouteOptions = {},
): void {
  registerAdminDocuments(admin, context);
  registerPayments(admin, context, options);
  registerRefunds(admin, context, options);
  registerCreditNotes(admin, context, options);
  smallDifferenceRoutes(admin, context, { moneyOf: (order) => adminOrderMoney(context.database.db, order) });
  registerLedgerExports(admin, context);
}
