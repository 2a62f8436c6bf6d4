/** Invoicing's HTTP routes, for the app to mount: the buyer's supplementary invoices, and admin's (SIE export, supplementary invoices). */
export { sieExportRoute } from './sie-route';
export { supplementaryInvoiceAdminRoutes, supplementaryInvoiceRoutes } from './supplementary-routes';
