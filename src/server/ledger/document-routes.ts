import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { documentNumberPattern } from '@/shared/ledger';
import type { AppContext } from '@/server/context';
import { apiErrorSchema } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { sendInvoice, sendOrderEInvoice, sendPdf } from '@/server/invoicing';
import { findBuyerOrder, findOrderByNumber, orderShippedOn, type OrderRow } from '@/server/orders';
import { documentParams, documentQuery, documentResponse } from './contract';
import { documentOfOrder, documentPdf, documentPdfFileName, issuedDocument } from './documents';
import { refusals } from '@/server/http/route-scope';

/** `INV-1.pdf` / `KR-2.xml` → the document number, or undefined for anything else. */
function fileParam(file: string, extension: '.pdf' | '.xml'): string | undefined {
  if (!file.endsWith(extension)) return undefined;
  const number = file.slice(0, -extension.length);
  return documentNumberPattern.test(number) ? number : undefined;
}

interface DocumentRequest {
  file: string;
  inline?: string;
  locale: ReturnType<typeof requestLocale>;
}

async function sendDocument(
  request: DocumentRequest,
  reply: FastifyReply,
  context: AppContext,
  order: OrderRow | undefined,
  notFound: string,
  /** The former address of supplementary invoices (…/invoices/…) serves only those. */
  onlySupplementary = false,
): Promise<FastifyReply> {
  const { file } = request;
  const db = context.database.db;
  const pdfNumber = fileParam(file, '.pdf');
  const xmlNumber = onlySupplementary ? undefined : fileParam(file, '.xml');
  const number = pdfNumber ?? xmlNumber ?? (documentNumberPattern.test(file) ? file : undefined);
  const row = order && number ? await documentOfOrder(db, order.id, number) : undefined;
  if (!order || !row || (onlySupplementary && row.kind !== 'supplementary_invoice'))
    return sendError(reply, 404, notFound);
  // A reminder is a PDF only (no HTML page, no e-invoice).
  if (row.kind === 'reminder' && !pdfNumber) return sendError(reply, 404, notFound);
  // The document's Peppol e-invoice (a CreditNote for a credit note), or why there is none (422/409).
  if (xmlNumber) {
    const issued = await issuedDocument(db, row, context.config.seller);
    return sendOrderEInvoice(reply, issued, () => orderShippedOn(db, order.id), request.locale);
  }
  if (!pdfNumber) return sendInvoice(reply, await issuedDocument(db, row, context.config.seller));
  const pdf = await documentPdf(db, row, context.config.seller);
  return sendPdf(reply, pdf, documentPdfFileName(row), request.inline === '1');
}

/** The document routes' shared contract: the buyer's and the admin's differ in who opens them. */
const documentSchema = (summary: string) => ({
  summary,
  params: documentParams,
  querystring: documentQuery,
  response: {
    200: documentResponse,
    409: apiErrorSchema.describe('The e-invoice of an intra-Community supply not yet shipped'),
    422: apiErrorSchema.describe('No e-invoice: a private buyer, or no Peppol address'),
    ...refusals(404),
  },
});

/**
 * Registers a document route pair: …/documents/:file, and the supplementary invoices' former
 * address …/invoices/:file (those only), with the order `find` opens for the request.
 */
function registerDocumentRoutes(
  scope: FastifyInstance,
  context: AppContext,
  prefix: '/api/orders' | '/api/admin/orders',
  find: (request: FastifyRequest, number: string) => Promise<OrderRow | undefined>,
  notFound: (request: FastifyRequest) => string,
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  for (const onlySupplementary of [false, true]) {
    const path = `${prefix}/:number/${onlySupplementary ? 'invoices' : 'documents'}/:file`;
    const summary = onlySupplementary
      ? 'A supplementary invoice at its former address (PDF or page)'
      : 'A document of the order: PDF, Peppol e-invoice (.xml) or page';
    app.get(path, { schema: documentSchema(summary) }, async (request, reply) => {
      const order = await find(request, request.params.number);
      const document = { ...request.params, ...request.query, locale: requestLocale(request) };
      return sendDocument(document, reply, context, order, notFound(request), onlySupplementary);
    });
  }
}

/**
 * The buyer's documents behind the order's token (header or `?token=`): GET
 * /api/orders/:number/documents/:number.pdf (.xml: its e-invoice; without either, the HTML page); the supplementary
 * invoices also at their former address /api/orders/:number/invoices/:invoice(.pdf).
 */
export function ledgerRoutes(app: FastifyInstance, context: AppContext): void {
  registerDocumentRoutes(
    app,
    context,
    '/api/orders',
    (request, number) => findBuyerOrder(context.database, request, number, 'header-or-link'),
    () => 'Order not found',
  );
}

/**
 * GET /api/admin/orders/:number/documents/:number.pdf (and the supplementary invoices' former
 * address); …/:number.xml the document's Peppol e-invoice (422 or 409 saying why there is none).
 */
export function registerAdminDocuments(admin: FastifyInstance, context: AppContext): void {
  registerDocumentRoutes(
    admin,
    context,
    '/api/admin/orders',
    (_request, number) => findOrderByNumber(context.database, number),
    (request) => adminApiMessages[requestLocale(request)].invoiceNotFound,
  );
}
