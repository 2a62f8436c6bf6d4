import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutSchemas, orderRequestSchema } from '@/shared/checkout-schema';
import { checkEuVatNumber, isOtherEuCountry, type VatNumberCheckAnswer } from '@/shared/invoicing/vat-number';
import { buyerDocumentPdfPath } from '@/shared/ledger';
import { orderPrintFiles } from '@/server/print-files';
import { orderApprovalDate } from '@/server/proofs';
import { threadOf } from '@/server/order-talk';
import { sendInvoice, sendOrderEInvoice, sendPdf } from '@/server/invoicing';
import { orderInvoice, orderInvoicePdf, orderMoney, supplementaryInvoicesOf } from '@/server/ledger';
import type { CatalogueContext } from '@/server/context';
import { apiErrorSchema } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { fileResponse, refuseBodyInReaderLanguage } from '@/server/http/route-parts';
import { orderThrottle, orderTotalMessage } from '@/server/http/request-limits';
import { quoteNumberOfOrder } from '@/server/quotes';
import { orderActivity } from './activity';
import { buyerCancelRoute } from './buyer-cancel';
import { findBuyerOrder } from './buyer-token';
import { buyerLineChanges, buyerOrderView, buyerOrderViewSchema, orderActivitySchema } from './buyer-view';
import { placedOrderAnswer, placedOrderSchema } from './contract';
import { orderShippedOn } from './facts';
import { orderLineChangesOf } from './line-change';
import { OrderError, placeOrder, type OrderServiceOptions } from './service';
import { checkVies } from './vies';
import { refusals } from '@/server/http/route-scope';

const notFound = (reply: FastifyReply) => sendError(reply, 404, 'Order not found');

/** An order in a buyer's path; an unknown or odd number is a 404 (findBuyerOrder says nothing more). */
const orderParams = z.object({ number: z.string().max(100) });

/**
 * The token of a buyer's order route: the x-order-token header (what the order page sends, never
 * in a URL) or, for what an email's link opens, `?token=` (decisions 0007 and 0018).
 */
const linkQuery = z.object({
  token: z
    .string()
    .max(200)
    .optional()
    .describe('The order’s token, for links; the page sends x-order-token'),
});

const pdfQuery = linkQuery.extend({
  inline: z.enum(['1']).optional().describe('1: shown in the browser rather than downloaded'),
});

type OrderOptions = Pick<
  OrderServiceOptions,
  'onCreated' | 'invoiceRate' | 'distanceSalesInBuyerCountry' | 'reusableOrders'
>;

/**
 * The buyer's order routes: the checkout (POST /api/orders), the order as its page reads it, its
 * activity, its invoice (HTML, PDF, Peppol XML) and the buyer's cancellation. Each declares its
 * contract (docs/api.md); the buyer's view is built in ./buyer-view.
 */
export function orderRoutes(
  app: FastifyInstance,
  context: CatalogueContext,
  options: OrderOptions = {},
): void {
  checkoutRoute(app, context, options);
  vatNumberRoute(app, context);
  orderViewRoutes(app, context);
  invoiceRoutes(app, context);
  // The buyer's cancellation before proof approval (buyer-cancel.ts); the outbox is nudged after it.
  buyerCancelRoute(app, context, options.onCreated);
}

/**
 * POST /api/orders, the checkout: the shared checkout schema, refused in the buyer's language with
 * the checkout form's own messages and fieldErrors keys; the same idempotency key answers the same
 * order (200); the throttle counts only a request that passed the schema.
 */
function checkoutRoute(app: FastifyInstance, context: CatalogueContext, options: OrderOptions): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/orders',
    {
      // Refusals in the buyer's language (the page's: its cookie or Accept-Language), as before contracts.
      preValidation: refuseBodyInReaderLanguage((locale) => checkoutSchemas(locale).orderRequestSchema),
      schema: {
        summary: 'Place an order (the checkout); the same idempotency key again answers the same order',
        body: orderRequestSchema,
        response: {
          201: placedOrderSchema,
          200: placedOrderSchema.describe('The order placed before with the same idempotency key'),
          ...refusals(400, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      try {
        const catalogue = await context.catalogue.current();
        const placed = await placeOrder(context.database, request.body, {
          ...options,
          locale,
          findProduct: catalogue.find,
          seller: context.config.seller,
          ...(context.config.vies ? { vies: context.config.vies } : {}),
          throttle: orderThrottle(request, context, request.body.customer.email),
          maxTotal: {
            kr: context.config.limits.orderMaxTotalSek,
            message: orderTotalMessage(request, context),
          },
        });
        return reply
          .code(placed.created ? 201 : 200)
          .header('cache-control', 'no-store')
          .send(placedOrderAnswer(placed));
      } catch (error) {
        if (error instanceof OrderError) {
          if (error.retryAfterSeconds !== undefined)
            reply.header('retry-after', String(error.retryAfterSeconds));
          return reply
            .code(error.status as 400)
            .send({ error: error.message, fieldErrors: error.fieldErrors });
        }
        throw error;
      }
    },
  );
}

// The cart asks before ordering whether VIES knows an EU company's VAT number (vies.ts).
function vatNumberRoute(app: FastifyInstance, context: CatalogueContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/vat-numbers/:vatNumber',
    {
      schema: {
        summary: "Whether the EU's VIES knows a company's VAT number (unchecked when it cannot be asked)",
        params: z.object({ vatNumber: z.string().max(200) }),
        querystring: z.object({ country: z.string().max(10).optional() }),
        response: {
          200: z.object({ status: z.enum(['valid', 'invalid', 'unavailable', 'unchecked']) }),
          ...refusals(400),
        },
      },
    },
    async (request, reply) => {
      const country = request.query.country ?? '';
      const vatNumber = request.params.vatNumber.slice(0, 40);
      const wellFormed = isOtherEuCountry(country) && checkEuVatNumber(vatNumber, country) === 'ok';
      const answer: VatNumberCheckAnswer = {
        status:
          wellFormed && context.config.vies
            ? (await checkVies(context.config.vies, vatNumber)).status
            : 'unchecked',
      };
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}

/** The order as its page reads it, and its activity (the timeline, proofs and payments). */
function orderViewRoutes(app: FastifyInstance, context: CatalogueContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  api.get(
    '/api/orders/:number',
    {
      schema: {
        summary:
          'The order as its buyer reads it, in the reader’s language (token in x-order-token or ?token=)',
        params: orderParams,
        querystring: linkQuery,
        response: { 200: buyerOrderViewSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const order = await findBuyerOrder(context.database, request, request.params.number, 'header-or-link');
      if (!order) return notFound(reply);
      const [
        printFiles,
        approvedOn,
        supplementary,
        { payments: _payments, ...money },
        messages,
        quoteNumber,
        changes,
      ] = await Promise.all([
        orderPrintFiles(db, order.id, order.items),
        orderApprovalDate(db, order.id),
        supplementaryInvoicesOf(db, order),
        orderMoney(db, order, buyerDocumentPdfPath),
        threadOf(db, order.id, 'buyer'),
        quoteNumberOfOrder(db, order.orderNumber),
        orderLineChangesOf(db, order.id),
      ]);
      const locale = requestLocale(request);
      return reply.header('cache-control', 'no-store').send(
        buyerOrderView(locale, order, context, {
          printFiles,
          approvedOn,
          supplementaryInvoices: supplementary,
          money,
          messages,
          quoteNumber,
          lineChanges: buyerLineChanges(locale, changes),
        }),
      );
    },
  );

  // The order page's timeline and proofs: the token comes as a header, never in the URL.
  api.get(
    '/api/orders/:number/activity',
    {
      schema: {
        summary: 'The order’s timeline, proofs and payments (token in x-order-token only)',
        params: orderParams,
        response: { 200: orderActivitySchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const order = await findBuyerOrder(context.database, request, request.params.number, 'header');
      if (!order) return notFound(reply);
      return reply.header('cache-control', 'no-store').send(await orderActivity(db, order));
    },
  );
}

/** The order's invoice as issued: its stored snapshot and PDF bytes, never today's settings. */
function invoiceRoutes(app: FastifyInstance, context: CatalogueContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const { seller } = context.config;
  api.get(
    '/api/orders/:number/invoice',
    {
      schema: {
        summary: 'The order’s invoice as a page (token in x-order-token or ?token=)',
        params: orderParams,
        querystring: linkQuery,
        response: { 200: fileResponse('The invoice', 'text/html'), ...refusals(404) },
      },
    },
    async (request, reply) => {
      const order = await findBuyerOrder(context.database, request, request.params.number, 'header-or-link');
      if (!order) return notFound(reply);
      return sendInvoice(reply, await orderInvoice(db, order, seller));
    },
  );

  // The same invoice as PDF (?inline=1 opens it in the browser) and as Peppol BIS 3 e-invoice.
  api.get(
    '/api/orders/:number/invoice.pdf',
    {
      schema: {
        summary: 'The order’s invoice as PDF (token in x-order-token or ?token=)',
        params: orderParams,
        querystring: pdfQuery,
        response: { 200: fileResponse('The invoice', 'application/pdf'), ...refusals(404) },
      },
    },
    async (request, reply) => {
      const order = await findBuyerOrder(context.database, request, request.params.number, 'header-or-link');
      if (!order) return notFound(reply);
      const { pdf, fileName } = await orderInvoicePdf(db, order, seller);
      return sendPdf(reply, pdf, fileName, request.query.inline === '1');
    },
  );

  api.get(
    '/api/orders/:number/invoice.xml',
    {
      schema: {
        summary:
          'The order’s invoice as a Peppol BIS Billing 3.0 e-invoice (token in x-order-token or ?token=)',
        params: orderParams,
        querystring: linkQuery,
        response: {
          200: fileResponse('The e-invoice (UBL)', 'application/xml'),
          409: apiErrorSchema.describe('Not shipped yet: the e-invoice needs its delivery date'),
          422: apiErrorSchema.describe('An invoice the e-invoice format cannot carry'),
          ...refusals(404),
        },
      },
    },
    async (request, reply) => {
      const order = await findBuyerOrder(context.database, request, request.params.number, 'header-or-link');
      if (!order) return notFound(reply);
      return sendOrderEInvoice(
        reply,
        await orderInvoice(db, order, seller),
        () => orderShippedOn(db, order.id),
        requestLocale(request),
      );
    },
  );
}

export { orderLookupRoute } from './lookup';
