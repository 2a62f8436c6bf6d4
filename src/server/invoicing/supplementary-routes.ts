import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Locale } from '@/shared/i18n/locale';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { orderAdminMessages } from '@/shared/i18n/messages/order-admin';
import { amountReceivedSchema, paidOnSchema } from '@/shared/payment';
import { orderTokenHeader } from '@/shared/order-view';
import type { AppContext } from '@/server/context';
import { sendError, sendValidationError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { findOrderByNumber, findOrderForToken, type OrderRow } from '@/server/orders';
import { recordAudit, staffOf } from '@/server/staff';
import { invoiceContentSecurityPolicy, renderInvoiceHtml } from './invoice-html';
import { sendInvoicePdf } from './http';
import { supplementaryInvoiceDocument } from './invoice-document';
import { findSupplementaryInvoice, recordSupplementaryPayment } from './supplementary';

interface InvoiceParams {
  Params: { number: string; invoice: string };
  Querystring: { token?: unknown; inline?: unknown };
}

/** `INV-123` (HTML) or `INV-123.pdf`: the invoice number and the format asked for. */
function parseInvoiceParam(param: string): { invoiceNumber: string; pdf: boolean } {
  return param.endsWith('.pdf')
    ? { invoiceNumber: param.slice(0, -'.pdf'.length), pdf: true }
    : { invoiceNumber: param, pdf: false };
}

/** The token as the order's other documents take it: the header, or `?token=` for a new tab. */
function tokenOf(request: FastifyRequest<InvoiceParams>): string | undefined {
  const header = request.headers[orderTokenHeader];
  if (typeof header === 'string' && header !== '') return header;
  const query = request.query.token;
  return typeof query === 'string' && query !== '' ? query : undefined;
}

/** Answers one supplementary invoice of `order` as HTML (its own CSP, like the order's invoice) or PDF. */
async function sendSupplementaryInvoice(
  request: FastifyRequest<InvoiceParams>,
  reply: FastifyReply,
  order: OrderRow | undefined,
  context: AppContext,
  notFoundMessage: string,
): Promise<FastifyReply> {
  const { invoiceNumber, pdf } = parseInvoiceParam(request.params.invoice);
  const record = order && (await findSupplementaryInvoice(context.database.db, order.id, invoiceNumber));
  if (!order || !record) return sendError(reply, 404, notFoundMessage);
  const invoice = supplementaryInvoiceDocument(order, record, context.config.seller);
  if (pdf) return sendInvoicePdf(reply, invoice, request.query.inline === '1');
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', invoiceContentSecurityPolicy)
    .type('text/html; charset=utf-8')
    .send(renderInvoiceHtml(invoice));
}

/**
 * GET /api/orders/:number/invoices/:invoice (HTML) and …/:invoice.pdf: a supplementary invoice,
 * behind the order's token like the order's own invoice (404 for anything else).
 */
export function supplementaryInvoiceRoutes(app: FastifyInstance, context: AppContext): void {
  app.get<InvoiceParams>('/api/orders/:number/invoices/:invoice', async (request, reply) => {
    const order = await findOrderForToken(context.database, request.params.number, tokenOf(request));
    return sendSupplementaryInvoice(request, reply, order, context, 'Order not found');
  });
}

/** The admin's copies, registered inside the admin scope (session checked there). */
export function supplementaryInvoiceAdminRoutes(admin: FastifyInstance, context: AppContext): void {
  admin.get<InvoiceParams>('/api/admin/orders/:number/invoices/:invoice', async (request, reply) => {
    const order = await findOrderByNumber(context.database, request.params.number);
    return sendSupplementaryInvoice(
      request,
      reply,
      order,
      context,
      adminApiMessages[requestLocale(request)].invoiceNotFound,
    );
  });

  /**
   * POST /api/admin/orders/:number/invoices/:invoice/payment `{ paidOn?, amountReceived? }`: records
   * the invoice's payment once (200 with the invoice); 404 unknown, 400 invalid, 409 already paid
   * or dated before the invoice. The SIE export books it on its day.
   */
  admin.post<{ Params: { number: string; invoice: string } }>(
    '/api/admin/orders/:number/invoices/:invoice/payment',
    { bodyLimit: 1024 },
    async (request, reply) => {
      const locale = requestLocale(request);
      const t = adminApiMessages[locale];
      const parsed = paymentSchemas[locale].safeParse(request.body ?? {});
      if (!parsed.success) return sendValidationError(reply, parsed.error, undefined, locale);
      const order = await findOrderByNumber(context.database, request.params.number);
      if (!order) return sendError(reply, 404, t.invoiceNotFound);
      const person = staffOf(request);
      // The payment and its audit row commit together.
      const result = await context.database.db.transaction(async (tx) => {
        const recorded = await recordSupplementaryPayment(tx, order, request.params.invoice, parsed.data);
        if (recorded.ok)
          await recordAudit(tx, {
            staffId: person.id,
            action: 'payment',
            target: recorded.invoice.invoiceNumber,
            orderId: order.id,
            before: { payment: null },
            after: { payment: recorded.invoice.payment },
          });
        return recorded;
      });
      if (result.ok) return reply.send(result.invoice);
      if (result.reason === 'not-found') return sendError(reply, 404, t.invoiceNotFound);
      const { date } = result;
      return sendError(
        reply,
        409,
        result.reason === 'already-paid' ? t.invoiceAlreadyPaid({ date }) : t.paidBeforeIssue({ date }),
      );
    },
  );
}

function paymentSchemaFor(locale: Locale) {
  const t = orderAdminMessages[locale];
  return z.strictObject({
    paidOn: paidOnSchema(t.paidOnInvalid).optional(),
    amountReceived: amountReceivedSchema(t.amountInvalid).optional(),
  });
}
const paymentSchemas = { sv: paymentSchemaFor('sv'), en: paymentSchemaFor('en') } as const;
