import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkoutSchemas } from '@/shared/checkout-schema';
import { checkoutValidationMessages } from '@/shared/i18n/messages/checkout-validation';
import type { Locale } from '@/shared/i18n/locale';
import { quoteMessages } from '@/shared/i18n/messages/quotes';
import { staffOrderMessages } from '@/shared/i18n/messages/staff-orders';
import { documentKinds } from '@/shared/ledger';
import { textField } from '@/shared/text';
import type { CatalogueContext } from '@/server/context';
import { schemaMessages } from '@/server/http/contract';
import { requestLocale } from '@/server/http/locale';
import { type ContractApi, refusals, routesAnswering } from '@/server/http/route-scope';
import { orderTotalMessage } from '@/server/http/request-limits';
import type { InvoiceCurrencyRate } from '@/shared/invoicing/invoice-currency';
import {
  changeOrderLines,
  OrderError,
  orderNumberPattern,
  placeQuotedOrder,
  previewOrderLines,
  priceOrderLinesOnly,
} from '@/server/orders';
import {
  acceptKeyHash,
  claimAcceptance,
  findQuoteByNumber,
  recordAcceptedOrder,
  priceStaffQuote,
  QuoteError,
  staffQuoteSchema,
  validUntilFor,
  withStaffPrices,
} from '@/server/quotes';
import { recordAudit, staffOf } from '@/server/staff';
import { orderDetail } from './order-detail';

/**
 * Orders entered and changed by staff (issue 41), for the money roles (route-roles.ts):
 *
 * - POST /api/admin/orders: an order for a customer by phone or email, with the checkout's rules and
 *   prices, a negotiated unit price per line (with its reason, audited) and free lines like a
 *   quote's; invoiced and numbered like any order; the buyer's confirmation only when asked for.
 * - PATCH /api/admin/orders/:number/lines: the order's lines changed before production; the
 *   difference is settled by a supplementary invoice or credit notes (orders' changeOrderLines).
 * - POST /api/admin/orders/:number/lines/preview: the same body, nothing stored: what the change
 *   would cost and which document would settle it, for the editor to show before saving.
 */

schemaMessages(checkoutValidationMessages, quoteMessages, staffOrderMessages);

/** The staff order's body: the staff quote's customer and lines, plus the key and the buyer's email. */
export function staffOrderSchema(locale: Locale) {
  const quote = staffQuoteSchema(locale);
  const m = checkoutValidationMessages[locale];
  const t = staffOrderMessages[locale];
  const { customer, lines, freeLines, neededBy, invoiceCurrency } = quote.shape;
  return z
    .object({
      customer,
      lines,
      freeLines,
      neededBy,
      invoiceCurrency,
      /** true: the buyer gets the usual confirmation with the invoice and the order page's link. */
      notifyBuyer: z.boolean({ error: t.invalidOrder }).optional(),
      /** The quote the customer said yes to (by phone or email): accepted by staff, linked to the order. */
      quoteNumber: z.string({ error: t.invalidOrder }).max(40, t.invalidOrder).optional(),
      idempotencyKey: z
        .string({ error: m.idempotencyKey })
        .regex(/^[A-Za-z0-9_-]{16,100}$/, m.idempotencyKey),
    })
    .superRefine((order, ctx) => {
      if (order.lines.length + order.freeLines.length === 0) {
        const empty = checkoutSchemas(locale).orderRequestSchema.shape.lines.safeParse([]);
        const message = empty.success ? t.invalidOrder : (empty.error.issues[0]?.message ?? t.invalidOrder);
        ctx.addIssue({ code: 'custom', path: ['lines'], message });
      }
      order.lines.forEach((line, index) => {
        if (line.unitPrice !== undefined && (line.reason ?? '') === '')
          ctx.addIssue({ code: 'custom', path: ['lines', index, 'reason'], message: t.reasonRequired });
      });
    });
}

/** The change's body: the order's new lines (all of them), free lines, and why. */
export function lineChangeSchema(locale: Locale) {
  const order = staffOrderSchema(locale);
  const t = staffOrderMessages[locale];
  const { lines, freeLines } = order.shape;
  return z
    .object({
      lines,
      freeLines,
      reason: textField({
        required: t.reasonRequired,
        min: [1, t.reasonRequired],
        max: [300, t.reasonRequired],
        invalidCharacter: t.reasonRequired,
      }),
    })
    .superRefine((change, ctx) => {
      if (change.lines.length + change.freeLines.length === 0) {
        const empty = checkoutSchemas(locale).orderRequestSchema.shape.lines.safeParse([]);
        const message = empty.success ? t.invalidOrder : (empty.error.issues[0]?.message ?? t.invalidOrder);
        ctx.addIssue({ code: 'custom', path: ['lines'], message });
      }
      change.lines.forEach((line, index) => {
        if (line.unitPrice !== undefined && (line.reason ?? '') === '')
          ctx.addIssue({ code: 'custom', path: ['lines', index, 'reason'], message: t.reasonRequired });
      });
    });
}

const staffOrderBody = staffOrderSchema('en');
const lineChangeBody = lineChangeSchema('en');

const createdOrderSchema = z.object({
  orderNumber: z.string(),
  accessToken: z.string().describe('Opens the buyer’s order page: /orders/:number#token='),
  total: z.string().describe('Decimal kronor, VAT as the order’s rule says'),
});

const documentSchema = z.object({
  kind: z.enum(documentKinds),
  number: z.string(),
  issuedOn: z.string(),
  dueOn: z.string().nullable(),
  total: z.string().describe('Decimal kronor; negative for a credit note'),
  net: z.string(),
  vat: z.string(),
  pdf: z.string(),
  xml: z.string().nullable().describe('The Peppol e-invoice, when the buyer has one'),
  corrects: z.string().nullable(),
  reason: z.string().nullable(),
  balance: z.string().nullable(),
  reminds: z.string().optional(),
});

/**
 * The admin order detail (GET /api/admin/orders/:number, the money view): the fields this change
 * is about named, every other field of the detail passed as it is.
 */
const orderDetailSchema = z.looseObject({
  view: z.literal('money'),
  orderNumber: z.string(),
  status: z.string(),
  totalAmount: z.string(),
  items: z.array(z.unknown()).describe('The order’s lines after the change'),
  documents: z.array(documentSchema),
  quoteNumber: z.string().nullable(),
  lineChanges: z.array(
    z.object({
      at: z.string(),
      reason: z.string(),
      totalBefore: z.string(),
      totalAfter: z.string(),
      documents: z.array(z.string()),
    }),
  ),
});

const orderNumberParams = z.object({ number: z.string().max(40) });

const storedLineSchema = z.looseObject({
  productId: z.string(),
  name: z.string(),
  quantity: z.number(),
  unitPrice: z.string(),
  lineTotal: z.string(),
});

const lineChangePreviewSchema = z.object({
  totalBefore: z.string().describe('Decimal kronor, VAT as the order’s rule says'),
  totalAfter: z.string(),
  difference: z
    .string()
    .describe('After minus before; positive: a supplementary invoice, negative: credit notes'),
  settledBy: z.enum(['supplementary_invoice', 'credit_note', 'none']),
  lines: z.array(storedLineSchema).describe('The order’s lines after the change, priced'),
});

interface StaffOrderRouteOptions {
  onQueued?: () => void;
  invoiceRate?: () => Promise<InvoiceCurrencyRate>;
  /** Checkout's OSS question (priceCheckout): a staff order's VAT rule is decided as checkout decides it. */
  distanceSalesInBuyerCountry?: (netOre: number) => Promise<boolean>;
}

/** What each group of the staff orders' routes is registered with. */
interface StaffOrderDeps {
  api: ContractApi;
  context: CatalogueContext;
  options: StaffOrderRouteOptions;
  pricing: ReturnType<typeof pricingFor>;
}

/** The checkout's pricing context for a request: today's catalogue, VIES, the EUR rate, the order cap. */
function pricingFor(context: CatalogueContext, options: StaffOrderRouteOptions) {
  const { config } = context;
  return async (request: FastifyRequest, locale: Locale) => {
    const catalogue = await context.catalogue.current();
    return {
      locale,
      findProduct: catalogue.find,
      ...(config.vies ? { vies: config.vies } : {}),
      ...(options.invoiceRate ? { invoiceRate: options.invoiceRate } : {}),
      ...(options.distanceSalesInBuyerCountry
        ? { distanceSalesInBuyerCountry: options.distanceSalesInBuyerCountry }
        : {}),
      maxTotal: { kr: config.limits.orderMaxTotalSek, message: orderTotalMessage(request, context) },
      // A quote's validity means nothing to an order; pricing asks for one.
      validUntil: validUntilFor(new Date(), config.quotes.validDays),
    };
  };
}

export function staffOrderAdminRoutes(
  admin: FastifyInstance,
  context: CatalogueContext,
  options: StaffOrderRouteOptions = {},
): void {
  // The quote's and the order's refusals (status, message, field messages) are answered as they are.
  routesAnswering(
    admin,
    [QuoteError, OrderError],
    { context, options, pricing: pricingFor(context, options) },
    [registerStaffOrderCreate, registerLineChangePreview, registerLineChange],
  );
}

/** POST /api/admin/orders: an order entered by staff (or a quote accepted by phone made the order). */
function registerStaffOrderCreate({ api, context, options, pricing }: StaffOrderDeps): void {
  const { database, config } = context;
  api.post(
    '/api/admin/orders',
    {
      schema: {
        summary:
          'Enter an order for a customer (phone, email): checkout’s rules and prices, negotiated unit prices with a reason, free lines',
        body: staffOrderBody,
        response: { 201: createdOrderSchema, 200: createdOrderSchema, ...refusals(400, 409) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const body = request.body;
      const staff = staffOf(request);
      const quote =
        body.quoteNumber === undefined ? undefined : await findQuoteByNumber(database, body.quoteNumber);
      if (body.quoteNumber !== undefined && !quote) {
        const message = staffOrderMessages[locale].quoteNotFound;
        return reply.code(400).send({ error: message, fieldErrors: { quoteNumber: message } });
      }
      const { priced, customer, negotiated } = await priceStaffQuote(
        { ...body, note: undefined, send: false },
        await pricing(request, locale),
      );
      const { idempotencyKey, ...rest } = body;
      // Accepted on the customer's word, by this person; the same key again is the same acceptance.
      if (quote) await claimAcceptance(database, quote, acceptKeyHash(idempotencyKey), staff.name, locale);
      const placed = await placeQuotedOrder(
        database,
        {
          idempotencyKey,
          customer,
          lines: priced.lines,
          vatTreatment: priced.vatTreatment,
          invoiceCurrency: priced.invoiceCurrency ? 'EUR' : 'SEK',
          neededBy: priced.neededBy,
          // The same key with another body is refused (409); the same body again is the same order.
          quoteReference: `staff\0${createHash('sha256').update(JSON.stringify(rest)).digest('hex')}`,
          notifyBuyer: body.notifyBuyer === true,
        },
        {
          seller: config.seller,
          locale,
          ...(options.invoiceRate ? { invoiceRate: options.invoiceRate } : {}),
          onCreated: () => options.onQueued?.(),
        },
      );
      if (quote) await recordAcceptedOrder(database, quote.id, placed.orderNumber);
      if (placed.created)
        await recordAudit(database.db, {
          staffId: staff.id,
          action: 'order_create',
          target: placed.orderNumber,
          after: {
            total: placed.total,
            negotiated,
            freeLines: body.freeLines.length,
            notifyBuyer: body.notifyBuyer === true,
            ...(quote ? { quote: quote.quoteNumber } : {}),
          },
        });
      return reply
        .code(placed.created ? 201 : 200)
        .header('cache-control', 'no-store')
        .send({ orderNumber: placed.orderNumber, accessToken: placed.accessToken, total: placed.total });
    },
  );
}

/** The change's lines priced by the checkout's rules (its refusals), with staff's prices in place. */
async function priceChange(
  pricing: StaffOrderDeps['pricing'],
  request: FastifyRequest,
  locale: Locale,
  body: z.output<typeof lineChangeBody>,
) {
  const { findProduct } = await pricing(request, locale);
  const catalogueLines = priceOrderLinesOnly(
    body.lines.map(({ unitPrice: _price, reason: _reason, ...line }) => line),
    { locale, findProduct },
  );
  return withStaffPrices(catalogueLines, body);
}

/** POST /api/admin/orders/:number/lines/preview: what the change would cost; nothing stored. */
function registerLineChangePreview({ api, context, pricing }: StaffOrderDeps): void {
  const { database } = context;
  api.post(
    '/api/admin/orders/:number/lines/preview',
    {
      schema: {
        summary:
          'What a change of an order’s lines would cost and which document would settle it; nothing is stored',
        params: orderNumberParams,
        body: lineChangeBody,
        response: { 200: lineChangePreviewSchema, ...refusals(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const { number } = request.params;
      if (!orderNumberPattern.test(number))
        return reply.code(404).send({ error: staffOrderMessages[locale].orderNotFound });
      const { lines } = await priceChange(pricing, request, locale, request.body);
      const preview = await previewOrderLines(database, { orderNumber: number, lines, locale });
      return reply
        .header('cache-control', 'no-store')
        .send({ ...preview, lines: preview.lines.map((line) => ({ ...line })) });
    },
  );
}

/** PATCH /api/admin/orders/:number/lines: the change saved, the difference settled by documents. */
function registerLineChange({ api, context, options, pricing }: StaffOrderDeps): void {
  const { database, config } = context;
  api.patch(
    '/api/admin/orders/:number/lines',
    {
      schema: {
        summary:
          'Change an order’s lines before production; a supplementary invoice or a credit note settles the difference',
        params: orderNumberParams,
        body: lineChangeBody,
        response: { 200: orderDetailSchema, ...refusals(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const t = staffOrderMessages[locale];
      const { number } = request.params;
      if (!orderNumberPattern.test(number)) return reply.code(404).send({ error: t.orderNotFound });
      const body = request.body;
      const staff = staffOf(request);
      const { lines, negotiated } = await priceChange(pricing, request, locale, body);
      await changeOrderLines(database, {
        orderNumber: number,
        lines,
        reason: body.reason,
        staffId: staff.id,
        seller: config.seller,
        locale,
        audit: (tx, change) =>
          recordAudit(tx, {
            staffId: staff.id,
            action: 'order_lines',
            target: number,
            orderId: change.orderId,
            before: { total: change.totalBefore },
            after: {
              total: change.totalAfter,
              documents: change.documents,
              negotiated,
              reason: body.reason,
            },
          }),
      });
      options.onQueued?.();
      const detail = await orderDetail(database.db, number, locale);
      if (!detail) return reply.code(404).send({ error: t.orderNotFound });
      return reply.header('cache-control', 'no-store').send({ ...detail });
    },
  );
}
