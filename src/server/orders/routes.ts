import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkoutSchemas } from '@/shared/checkout-schema';
import { countryNameIn } from '@/shared/countries';
import type { Locale } from '@/shared/i18n/locale';
import { orderLineText, sentDetails } from '@/shared/i18n/order-line-text';
import { invoicingMessages } from '@/shared/i18n/messages/invoicing';
import { orderPageMessages } from '@/shared/i18n/messages/order-page';
import { ocrForInvoiceNumber } from '@/shared/invoicing/ocr-reference';
import { checkEuVatNumber, isOtherEuCountry, type VatNumberCheckAnswer } from '@/shared/invoicing/vat-number';
import { pricesIncludeVat } from '@/shared/invoicing/vat-treatment';
import type { OrderLineChangeView, OrderView } from '@/shared/order-view';
import type { OrderPrintFile } from '@/shared/print-files';
import type { SupplementaryInvoiceSummary } from '@/shared/supplementary-invoices';
import { orderPrintFiles } from '@/server/print-files';
import { orderApprovalDate } from '@/server/proofs';
import { threadOf } from '@/server/order-talk';
import type { OrderMessage } from '@/shared/order-talk';
import {
  invoiceForOrder,
  sendInvoice,
  sendOrderEInvoice,
  sendPdf,
  type ForeignAmounts,
} from '@/server/invoicing';
import { orderInvoice, orderInvoicePdf, orderMoney, supplementaryInvoicesOf } from '@/server/ledger';
import { buyerDocumentPdfPath, decimalFromOre, oreFromDecimal, type OrderMoney } from '@/shared/ledger';
import type { AppContext, CatalogueContext } from '@/server/context';
import { sendError, sendValidationError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { orderThrottle, orderTotalMessage } from '@/server/http/request-limits';
import type { CalendarDate } from '@/shared/dates';
import { invoiceDueDate } from '@/shared/receivables/aging';
import { orderDelivery } from '@/shared/delivery';
import { orderActivity } from './activity';
import { buyerCancelRoute } from './buyer-cancel';
import { findBuyerOrder } from './buyer-token';
import { orderShippedOn } from './facts';
import { orderLineChangesOf, type OrderLineChangeRow } from './line-change';
import { OrderError, placeOrder, type OrderRow, type OrderServiceOptions } from './service';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import { checkVies } from './vies';
import { quoteNumberOfOrder } from '@/server/quotes';

interface OrderParams {
  Params: { number: string };
  Querystring: { token?: unknown };
}

/** A goods line in words, as the change email lists it: quantity, name, what the invoice shows (no notes). */
function lineInWords(locale: Locale, line: StoredOrderLine): string {
  const text = orderLineText(locale, line);
  return `${line.quantity} × ${[text.name, ...sentDetails(text).map((part) => part.text)].join(', ')}`;
}

/** The order's changes by staff as its buyer reads them (the change email's facts, in the reader's language). */
export function buyerLineChanges(
  locale: Locale,
  changes: readonly OrderLineChangeRow[],
): OrderLineChangeView[] {
  const goods = (lines: readonly StoredOrderLine[]) =>
    lines.filter((line) => line.fee === undefined).map((line) => lineInWords(locale, line));
  return changes.map((change) => ({
    at: change.createdAt.toISOString(),
    reason: change.reason,
    before: goods(change.itemsBefore),
    after: goods(change.itemsAfter),
    totalBefore: change.totalBefore,
    totalAfter: change.totalAfter,
    documents: change.documentNumbers,
  }));
}

/**
 * A euro invoice's line amounts as the buyer pays them: without VAT the line nets (they add up to
 * the net, which is then the total); with VAT each line's converted total, the rounding cent(s) on
 * the largest so they add up to the EUR total (issue 42: lines that add up to what is paid).
 */
function linesAddingUp(foreign: ForeignAmounts, withVat: boolean): string[] {
  if (!withVat) return foreign.lines.map((line) => line.lineNet);
  const cents = foreign.lines.map((line) => oreFromDecimal(line.lineTotalInclVat));
  const difference = oreFromDecimal(foreign.total) - cents.reduce((sum, value) => sum + value, 0);
  if (difference !== 0 && cents.length > 0) {
    const largest = cents.reduce((best, value, index) => (value > (cents[best] ?? 0) ? index : best), 0);
    cents[largest] = (cents[largest] ?? 0) + difference;
  }
  return cents.map(decimalFromOre);
}

/** The stored order as its buyer reads it, in the reader's language. Money as exact decimal strings. */
export function orderJson(
  locale: Locale,
  order: OrderRow,
  context: AppContext,
  printFiles: OrderPrintFile[],
  /** The day the latest proof was approved: delivery counts from it (from today until then). */
  approvedOn: CalendarDate | null = null,
  supplementaryInvoices: SupplementaryInvoiceSummary[] = [],
  money: Omit<OrderMoney, 'payments'> = { paymentState: 'unpaid', balance: order.totalAmount, documents: [] },
  messages: OrderMessage[] = [],
  quoteNumber: string | null = null,
  lineChanges: OrderLineChangeView[] = [],
): OrderView {
  const invoice = invoiceForOrder(order, context.config.seller);
  const withVat = pricesIncludeVat(order.vatTreatment);
  const euroLineTotals = invoice.foreign ? linesAddingUp(invoice.foreign, withVat) : undefined;
  return {
    locale,
    orderNumber: order.orderNumber,
    orderDate: order.orderDate.toISOString(),
    // The stored invoice's own due date (issued documents never change); computed only before one exists.
    dueDate: money.documents.find((d) => d.kind === 'invoice')?.dueOn ?? invoiceDueDate(order.orderDate),
    status: order.status,
    statusLabel: orderPageMessages[locale][order.status],
    // The same rule the cancel route applies in its transaction (buyer-cancel.ts).
    cancellable: order.status === 'pending' && approvedOn === null,
    delivery: orderDelivery({
      productIds: order.items.map((line) => line.productId),
      countryCode: order.countryCode,
      status: order.status,
      neededBy: order.neededBy,
      approvedOn,
    }),
    customer: {
      customerType: order.customerType,
      name: order.customerName,
      companyName: order.customerOrganization,
      email: order.customerEmail,
      phone: order.customerPhone,
      address: order.deliveryAddress,
      country: order.countryCode,
      countryName: countryNameIn(locale, order.countryCode) ?? order.countryCode,
      vatNumber: order.buyerVatNumber,
      yourReference: order.buyerReference,
      purchaseOrderNumber: order.purchaseOrderNumber,
      billingAddress: order.billingAddress,
    },
    vatTreatment: order.vatTreatment,
    vatTreatmentLabel: invoicingMessages[locale][order.vatTreatment],
    vatPercent: invoice.vatPercent,
    pricesIncludeVat: withVat,
    lines: order.items.map((line, index) => {
      const unitPriceExVat = invoice.lines[index]?.unitPriceExVat ?? line.unitPrice;
      const lineNet = invoice.lines[index]?.lineNet ?? line.lineTotal;
      const inEur = invoice.foreign?.lines[index];
      return {
        ...line,
        text: orderLineText(locale, line),
        price: withVat
          ? { unit: line.unitPrice, total: line.lineTotal }
          : { unit: unitPriceExVat, total: lineNet },
        unitPriceExVat,
        lineNet,
        priceInCurrency:
          inEur && euroLineTotals
            ? {
                unit: withVat ? inEur.unitPriceInclVat : inEur.unitPriceExVat,
                total: euroLineTotals[index] ?? inEur.lineNet,
              }
            : null,
      };
    }),
    printFiles,
    supplementaryInvoices,
    messages,
    quoteNumber,
    lineChanges,
    money,
    total: order.totalAmount,
    exVat: order.exVatAmount,
    vat: order.vatAmount,
    invoiceCurrency: invoice.foreign
      ? {
          code: invoice.foreign.code,
          rate: invoice.foreign.rate,
          source: invoice.foreign.source,
          date: invoice.foreign.date,
          net: invoice.foreign.net,
          vat: invoice.foreign.vat,
          total: invoice.foreign.total,
          vatSek: invoice.vat,
        }
      : null,
    payment: {
      bankAccount: context.config.seller.bankAccount,
      bankgiro: context.config.seller.bankgiro,
      amount: order.totalAmount,
      ocr: ocrForInvoiceNumber(order.orderNumber),
      // A euro invoice is paid to the euro account.
      iban:
        order.countryCode === 'SE'
          ? null
          : invoice.foreign
            ? context.config.seller.ibanEur
            : context.config.seller.iban,
      bic: order.countryCode === 'SE' ? null : context.config.seller.bic,
    },
  };
}

const notFound = (reply: FastifyReply) => sendError(reply, 404, 'Order not found');

export function orderRoutes(
  app: FastifyInstance,
  context: CatalogueContext,
  options: Pick<OrderServiceOptions, 'onCreated' | 'invoiceRate' | 'distanceSalesInBuyerCountry'> = {},
): void {
  app.post('/api/orders', async (request, reply) => {
    // Refusals in the buyer's language (the page's: its cookie or Accept-Language).
    const locale = requestLocale(request);
    const parsed = checkoutSchemas(locale).orderRequestSchema.safeParse(request.body ?? undefined);
    if (!parsed.success) return sendValidationError(reply, parsed.error, undefined, locale);
    try {
      const catalogue = await context.catalogue.current();
      const placed = await placeOrder(context.database, parsed.data, {
        ...options,
        locale,
        findProduct: catalogue.find,
        seller: context.config.seller,
        ...(context.config.vies ? { vies: context.config.vies } : {}),
        throttle: orderThrottle(request, context, parsed.data.customer.email),
        maxTotal: {
          kr: context.config.limits.orderMaxTotalSek,
          message: orderTotalMessage(request, context),
        },
      });
      return reply
        .code(placed.created ? 201 : 200)
        .header('cache-control', 'no-store')
        .send({
          orderNumber: placed.orderNumber,
          accessToken: placed.accessToken,
          total: placed.total,
          vatTreatment: placed.vatTreatment,
        });
    } catch (error) {
      if (error instanceof OrderError) {
        if (error.retryAfterSeconds !== undefined)
          reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.code(error.status).send({ error: error.message, fieldErrors: error.fieldErrors });
      }
      throw error;
    }
  });

  // The cart asks before ordering whether VIES knows an EU company's VAT number (vies.ts).
  app.get<{ Params: { vatNumber: string }; Querystring: { country?: string } }>(
    '/api/vat-numbers/:vatNumber',
    async (request, reply) => {
      const country = String(request.query.country ?? '');
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

  app.get<OrderParams>('/api/orders/:number', async (request, reply) => {
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
      orderPrintFiles(context.database.db, order.id, order.items),
      orderApprovalDate(context.database.db, order.id),
      supplementaryInvoicesOf(context.database.db, order),
      orderMoney(context.database.db, order, buyerDocumentPdfPath),
      threadOf(context.database.db, order.id, 'buyer'),
      quoteNumberOfOrder(context.database.db, order.orderNumber),
      orderLineChangesOf(context.database.db, order.id),
    ]);
    const locale = requestLocale(request);
    return reply
      .header('cache-control', 'no-store')
      .send(
        orderJson(
          locale,
          order,
          context,
          printFiles,
          approvedOn,
          supplementary,
          money,
          messages,
          quoteNumber,
          buyerLineChanges(locale, changes),
        ),
      );
  });

  // The order page's timeline and proofs: the token comes as a header, never in the URL.
  app.get<OrderParams>('/api/orders/:number/activity', async (request, reply) => {
    const order = await findBuyerOrder(context.database, request, request.params.number, 'header');
    if (!order) return notFound(reply);
    return reply.header('cache-control', 'no-store').send(await orderActivity(context.database.db, order));
  });

  // The order's invoice as issued: its stored snapshot and PDF bytes, never today's settings.
  app.get<OrderParams>('/api/orders/:number/invoice', async (request, reply) => {
    const order = await findBuyerOrder(context.database, request, request.params.number, 'header-or-link');
    if (!order) return notFound(reply);
    return sendInvoice(reply, await orderInvoice(context.database.db, order, context.config.seller));
  });

  // The same invoice as PDF (?inline=1 opens it in the browser) and as Peppol BIS 3 e-invoice.
  app.get<OrderParams & { Querystring: { inline?: unknown } }>(
    '/api/orders/:number/invoice.pdf',
    async (request, reply) => {
      const order = await findBuyerOrder(context.database, request, request.params.number, 'header-or-link');
      if (!order) return notFound(reply);
      const { pdf, fileName } = await orderInvoicePdf(context.database.db, order, context.config.seller);
      return sendPdf(reply, pdf, fileName, request.query.inline === '1');
    },
  );

  // The buyer's cancellation before proof approval (buyer-cancel.ts); the outbox is nudged after it.
  buyerCancelRoute(app, context, options.onCreated);

  app.get<OrderParams>('/api/orders/:number/invoice.xml', async (request, reply) => {
    const order = await findBuyerOrder(context.database, request, request.params.number, 'header-or-link');
    if (!order) return notFound(reply);
    const db = context.database.db;
    return sendOrderEInvoice(
      reply,
      await orderInvoice(db, order, context.config.seller),
      () => orderShippedOn(db, order.id),
      requestLocale(request),
    );
  });
}

export { orderLookupRoute } from './lookup';
