import { z } from 'zod';
import { customerTypes } from '@/shared/checkout-schema';
import { countryNameIn } from '@/shared/countries';
import type { Customisation } from '@/shared/customisation';
import { locales, type Locale } from '@/shared/i18n/locale';
import { orderLineText, sentDetails } from '@/shared/i18n/order-line-text';
import { invoicingMessages } from '@/shared/i18n/messages/invoicing';
import { orderPageMessages } from '@/shared/i18n/messages/order-page';
import { ocrForInvoiceNumber } from '@/shared/invoicing/ocr-reference';
import { pricesIncludeVat, vatTreatments } from '@/shared/invoicing/vat-treatment';
import { paymentStates, decimalFromOre, oreFromDecimal, type OrderMoney } from '@/shared/ledger';
import type { OrderActivity } from '@/shared/order-page';
import { orderStatuses } from '@/shared/order-status';
import type { OrderMessage } from '@/shared/order-talk';
import type { OrderLineChangeView, OrderView } from '@/shared/order-view';
import type { OrderPrintFile } from '@/shared/print-files';
import type { LineOptions } from '@/shared/product-options';
import type { SizeSplit } from '@/shared/sizes';
import type { SupplementaryInvoiceSummary } from '@/shared/supplementary-invoices';
import type { CalendarDate } from '@/shared/dates';
import { invoiceDueDate } from '@/shared/receivables/aging';
import { orderDelivery } from '@/shared/delivery';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import { invoiceForOrder, type ForeignAmounts } from '@/server/invoicing';
import { orderDocumentSchema } from '@/server/ledger';
import { orderPrintFileSchema, supplementaryInvoiceSchema } from '@/server/print-files';
import { orderProofSchema } from '@/server/proofs';
import type { AppContext } from '@/server/context';
import type { OrderLineChangeRow } from './line-change';
import type { OrderRow } from './service';
import { orderMessageSchema } from './contract';

/**
 * The buyer's view of an order (docs/api.md: one view module per reader): what GET
 * /api/orders/:number, its activity and the checkout answer, built here from the stored order and
 * described by the response schemas below. A field these schemas do not name never reaches the
 * buyer (the response is written through them), so an admin field cannot leak by accident.
 */

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

/** What the buyer's view shows besides the stored order, read by the route beside it. */
export interface BuyerOrderFacts {
  printFiles?: OrderPrintFile[];
  /** The day the latest proof was approved: delivery counts from it (from today until then). */
  approvedOn?: CalendarDate | null;
  supplementaryInvoices?: SupplementaryInvoiceSummary[];
  /** The buyer's copy of the order's money lists no payment rows. */
  money?: Omit<OrderMoney, 'payments'>;
  messages?: OrderMessage[];
  quoteNumber?: string | null;
  lineChanges?: OrderLineChangeView[];
}

/** The stored order as its buyer reads it, in the reader's language. Money as exact decimal strings. */
export function buyerOrderView(
  locale: Locale,
  order: OrderRow,
  context: AppContext,
  facts: BuyerOrderFacts = {},
): OrderView {
  const {
    printFiles = [],
    approvedOn = null,
    supplementaryInvoices = [],
    money = { paymentState: 'unpaid', balance: order.totalAmount, documents: [] },
    messages = [],
    quoteNumber = null,
    lineChanges = [],
  } = facts;
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

/** A part of a stored line kept as the buyer sent it (checked when ordered): passed on as it is. */
const asStored = <T>(description: string) => z.custom<T>(() => true).describe(description);

/** A calendar date "2026-12-23" (Stockholm): on the wire a string; the brand is TypeScript's alone. */
const calendarDate = z
  .string()
  .describe('YYYY-MM-DD, Europe/Stockholm') as unknown as z.ZodType<CalendarDate>;

const moneyPair = z.object({ unit: z.string(), total: z.string() });

const buyerLineSchema = z.object({
  productId: z.string(),
  name: z.string().describe('The catalogue’s English name when ordered; show `text.name`'),
  names: z.record(z.enum(locales), z.string()).optional(),
  text: z.object({
    name: z.string(),
    colour: z.string().nullable(),
    sizes: z.string().nullable(),
    options: z.string().nullable(),
    prints: z.array(z.string()),
    notes: z.string().nullable(),
    additionalInfo: z.string().nullable(),
    details: z.array(
      z.object({
        part: z.enum(['colour', 'sizes', 'options', 'prints', 'notes', 'additionalInfo']),
        text: z.string(),
      }),
    ),
  }),
  price: moneyPair.describe('What the buyer pays for the line (with VAT when `pricesIncludeVat`)'),
  quantity: z.number().int(),
  unitPrice: z.string(),
  lineTotal: z.string(),
  unitPriceExVat: z.string(),
  lineNet: z.string(),
  priceInCurrency: moneyPair.nullable().describe('A euro invoice’s line in EUR; null: in SEK'),
  customisation: asStored<Customisation>('The design: prints, texts and images per side').optional(),
  sizes: asStored<SizeSplit>('Pieces per size').optional(),
  options: asStored<LineOptions>('The buyer’s choices by option id').optional(),
  tierQuantity: z.number().int().optional(),
  notes: z.string().optional(),
  printAreas: asStored<StoredOrderLine['printAreas']>('The product’s print areas in cm when sold').optional(),
  mockup: asStored<StoredOrderLine['mockup']>('The mockup the design was made on').optional(),
  fee: z.literal('conversion').optional(),
  printFileId: z.string().optional(),
  printFileName: z.string().optional(),
  quoted: z.enum(['negotiated', 'free']).optional(),
  group: asStored<StoredOrderLine['group']>(
    'A group order’s garments: member, size, name, number',
  ).optional(),
});

const lineChangeSchema = z.object({
  at: z.string(),
  reason: z.string(),
  before: z.array(z.string()),
  after: z.array(z.string()),
  totalBefore: z.string(),
  totalAfter: z.string(),
  documents: z.array(z.string()),
}) satisfies z.ZodType<OrderLineChangeView>;

/** GET /api/orders/:number: the order as its buyer reads it, in the reader's language. */
export const buyerOrderViewSchema = z.object({
  locale: z.enum(locales),
  orderNumber: z.string(),
  orderDate: z.string().describe('ISO time'),
  dueDate: z.string().describe('YYYY-MM-DD, Europe/Stockholm'),
  status: z.enum(orderStatuses),
  statusLabel: z.string(),
  cancellable: z.boolean(),
  delivery: z.object({
    estimate: calendarDate,
    countedFrom: z.enum(['approval', 'today']),
    neededBy: calendarDate.nullable(),
    atRisk: z.boolean(),
  }),
  customer: z.object({
    customerType: z.enum(customerTypes),
    name: z.string(),
    companyName: z.string().nullable(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    country: z.string(),
    countryName: z.string(),
    vatNumber: z.string().nullable(),
    yourReference: z.string().nullable(),
    purchaseOrderNumber: z.string().nullable(),
    billingAddress: z.string().nullable(),
  }),
  vatTreatment: z.enum(vatTreatments),
  vatTreatmentLabel: z.string(),
  vatPercent: z.number(),
  pricesIncludeVat: z.boolean(),
  lines: z.array(buyerLineSchema),
  printFiles: z.array(orderPrintFileSchema),
  supplementaryInvoices: z.array(supplementaryInvoiceSchema),
  messages: z.array(orderMessageSchema),
  quoteNumber: z.string().nullable(),
  lineChanges: z.array(lineChangeSchema),
  money: z.object({
    paymentState: z.enum(paymentStates),
    balance: z.string(),
    documents: z.array(
      orderDocumentSchema.extend({ pdf: z.string().describe('Opens with the order’s token as ?token=') }),
    ),
  }),
  total: z.string(),
  exVat: z.string(),
  vat: z.string(),
  invoiceCurrency: z
    .object({
      code: z.literal('EUR'),
      rate: z.string(),
      source: z.string(),
      date: calendarDate,
      net: z.string(),
      vat: z.string(),
      total: z.string(),
      vatSek: z.string(),
    })
    .nullable(),
  payment: z.object({
    bankAccount: z.string(),
    bankgiro: z.string(),
    amount: z.string(),
    ocr: z.string(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
  }),
}) satisfies z.ZodType<OrderView>;

/** GET /api/orders/:number/activity: the timeline, the proofs and the payments. */
export const orderActivitySchema = z.object({
  events: z.array(
    z.object({
      status: z.enum(orderStatuses),
      at: z.string(),
      shipment: z
        .object({ carrier: z.string(), trackingNumber: z.string(), trackingUrl: z.string().nullable() })
        .optional(),
    }),
  ),
  proofs: z.array(orderProofSchema),
  payments: z.array(z.object({ paidOn: z.string(), amount: z.string() })),
}) satisfies z.ZodType<OrderActivity>;
