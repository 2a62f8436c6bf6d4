import { z } from 'zod';
import { checkoutSchemas, type Customer } from '@/shared/checkout-schema';
import type { CalendarDate } from '@/shared/dates';
import type { Locale } from '@/shared/i18n/locale';
import { quoteMessages } from '@/shared/i18n/messages/quotes';
import { invoiceCurrencies } from '@/shared/invoicing/invoice-currency';
import {
  lineTotal,
  milliFromDecimal,
  milliToDecimalString,
  unitPriceToString,
  type Milli,
} from '@/shared/money';
import { textField } from '@/shared/text';
import { VAT_RATE_PERCENT } from '@/shared/vat-rate';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import { OrderError, priceCheckout, type CheckoutPricingRequest } from '@/server/orders';
import type { PricedQuote } from './service';
import { QuoteError } from './service';

/** What pricing a quote needs besides its lines: the catalogue, VIES, the EUR rate, limits. */
export interface QuotePricingOptions {
  locale: Locale;
  findProduct: Parameters<typeof priceCheckout>[1]['findProduct'];
  vies?: Parameters<typeof priceCheckout>[1]['vies'];
  invoiceRate?: Parameters<typeof priceCheckout>[1]['invoiceRate'];
  maxTotal?: Parameters<typeof priceCheckout>[1]['maxTotal'];
  /**
   * Checkout's question whether an EU distance sale is taxed in the buyer's country now (OSS,
   * Mervärdesskattelagen 2023:200 6 kap. 62–64 §§): a quote and a staff order decide the VAT rule
   * as the cart and checkout do, so an EU individual past the threshold is quoted the buyer
   * country's VAT, as the invoice will charge it.
   */
  distanceSalesInBuyerCountry?: Parameters<typeof priceCheckout>[1]['distanceSalesInBuyerCountry'];
  beforeVies?: () => Promise<void>;
  validUntil: CalendarDate;
}

/**
 * POST /api/quotes: the checkout's own schemas (customer and lines as POST /api/orders), without
 * the idempotency key and print files a quote does not take (files come after acceptance).
 */
export function cartQuoteSchema(locale: Locale) {
  return checkoutSchemas(locale).orderRequestSchema.omit({ idempotencyKey: true, printFiles: true });
}
export type CartQuoteRequest = z.output<ReturnType<typeof cartQuoteSchema>>;

/** Checkout's prices (never the browser's): a cart's quote costs what its order would. */
export async function priceCartQuote(
  request: CheckoutPricingRequest & { neededBy?: string | undefined },
  options: QuotePricingOptions,
): Promise<PricedQuote> {
  const priced = await priceCheckout(
    { ...request, lines: request.lines.map(({ printFile: _later, ...line }) => line) },
    options,
  );
  const rate = priced.invoiceCurrency === 'EUR' && options.invoiceRate ? await options.invoiceRate() : null;
  return {
    lines: priced.lines,
    vatTreatment: priced.vatTreatment,
    invoiceCurrency: rate,
    note: null,
    neededBy: request.neededBy ?? null,
    validUntil: options.validUntil,
  };
}

/** A unit price staff type: kronor with Swedish VAT included, at most three decimals. */
const unitPriceField = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .pipe(z.string().regex(/^\d{1,9}(?:\.\d{1,3})?$/, message));

/** The staff's quote (POST and PATCH /api/admin/quotes): catalogue lines, free lines, a note. */
export function staffQuoteSchema(locale: Locale) {
  const schemas = checkoutSchemas(locale);
  const t = quoteMessages[locale];
  const text = (max: number, multiline = false) =>
    textField({
      multiline,
      required: t.invalidQuote,
      max: [max, t.invalidQuote],
      invalidCharacter: t.invalidQuote,
    });
  const line = schemas.orderLineSchema.omit({ printFile: true }).extend({
    /** A negotiated unit price (VAT included, like the catalogue's); absent: the catalogue's. */
    unitPrice: unitPriceField(t.invalidQuote).optional(),
    reason: text(300).optional(),
  });
  const freeLine = z.object({
    description: text(200),
    quantity: z
      .number({ error: t.invalidQuote })
      .int(t.invalidQuote)
      .min(1, t.invalidQuote)
      .max(100_000, t.invalidQuote),
    unitPrice: unitPriceField(t.invalidQuote),
    // Every invoice of the shop charges one rate (25 %, src/shared/vat-rate.ts): a free line states it.
    vatRate: z.literal(VAT_RATE_PERCENT, { error: t.freeVatRate }),
  });
  return z
    .object({
      customer: schemas.customerSchema,
      lines: z.array(line, { error: t.invalidQuote }).max(200, t.invalidQuote).default([]),
      freeLines: z.array(freeLine, { error: t.invalidQuote }).max(50, t.invalidQuote).default([]),
      note: z.preprocess((v) => (v === null || v === '' ? undefined : v), text(2000, true).optional()),
      neededBy: schemas.neededBySchema.optional(),
      invoiceCurrency: z.enum(invoiceCurrencies, { error: t.invalidQuote }).optional(),
      /** false keeps it a draft; true (default) emails it to the buyer at once. */
      send: z.boolean({ error: t.invalidQuote }).optional(),
    })
    .superRefine((quote, ctx) => {
      if (quote.lines.length + quote.freeLines.length === 0)
        ctx.addIssue({ code: 'custom', path: ['lines'], message: checkoutSchemasEmptyCart(locale) });
      quote.lines.forEach((l, index) => {
        if (l.unitPrice !== undefined && (l.reason ?? '') === '')
          ctx.addIssue({ code: 'custom', path: ['lines', index, 'reason'], message: t.reasonRequired });
      });
    });
}
export type StaffQuoteRequest = z.output<ReturnType<typeof staffQuoteSchema>>;

function checkoutSchemasEmptyCart(locale: Locale): string {
  const parsed = checkoutSchemas(locale).orderRequestSchema.shape.lines.safeParse([]);
  return parsed.success ? 'Empty' : (parsed.error.issues[0]?.message ?? 'Empty');
}

/** A negotiated price as the audit log records it: which line, the catalogue's and the agreed price. */
export interface NegotiatedPrice {
  line: number;
  productId: string;
  catalogueUnitPrice: string;
  unitPrice: string;
  reason: string;
}

/**
 * Prices a staff quote: catalogue lines at checkout's prices (the same rules), then each negotiated
 * unit price in place of the catalogue's, then the free lines; the VAT rule as checkout decides it.
 */
export async function priceStaffQuote(
  request: StaffQuoteRequest,
  options: QuotePricingOptions,
): Promise<{ priced: PricedQuote; customer: Customer; negotiated: NegotiatedPrice[] }> {
  const catalogueLines = request.lines.map(({ unitPrice: _u, reason: _r, ...line }) => line);
  let priced;
  try {
    priced = await priceCheckout(
      { customer: request.customer, lines: catalogueLines, invoiceCurrency: request.invoiceCurrency },
      options,
    );
  } catch (error) {
    if (error instanceof OrderError) throw new QuoteError(error.status, error.message, error.fieldErrors);
    throw error;
  }
  const { lines, negotiated } = withStaffPrices(priced.lines, request);
  const rate = priced.invoiceCurrency === 'EUR' && options.invoiceRate ? await options.invoiceRate() : null;
  return {
    priced: {
      lines,
      vatTreatment: priced.vatTreatment,
      invoiceCurrency: rate,
      note: request.note ?? null,
      neededBy: request.neededBy ?? null,
      validUntil: options.validUntil,
    },
    customer: request.customer,
    negotiated,
  };
}

/** What staff give besides the catalogue's lines: a negotiated unit price per line, free lines. */
export interface StaffPrices {
  lines: readonly { unitPrice?: string | undefined; reason?: string | undefined }[];
  freeLines: readonly { description: string; quantity: number; unitPrice: string }[];
}

/**
 * Lines priced by the catalogue (checkout's rules) with staff's prices applied: each negotiated unit
 * price (VAT included) in place of the catalogue's, then the free lines. Quotes and staff's orders
 * and order changes (issue 41) price this one way.
 */
export function withStaffPrices(
  catalogueLines: readonly StoredOrderLine[],
  request: StaffPrices,
): { lines: StoredOrderLine[]; negotiated: NegotiatedPrice[] } {
  const negotiated: NegotiatedPrice[] = [];
  const lines: StoredOrderLine[] = catalogueLines.map((line, index) => {
    const given = request.lines[index];
    if (given?.unitPrice === undefined) return line;
    const unit = milliFromDecimal(given.unitPrice);
    negotiated.push({
      line: index + 1,
      productId: line.productId,
      catalogueUnitPrice: line.unitPrice,
      unitPrice: unitPriceToString(unit),
      reason: given.reason ?? '',
    });
    return {
      ...line,
      unitPrice: unitPriceToString(unit),
      lineTotal: milliToDecimalString(lineTotal(unit, line.quantity)),
      quoted: 'negotiated',
    };
  });
  for (const free of request.freeLines) {
    const unit: Milli = milliFromDecimal(free.unitPrice);
    lines.push({
      productId: FREE_LINE_CODE,
      name: free.description,
      names: { sv: free.description, en: free.description },
      quantity: free.quantity,
      unitPrice: unitPriceToString(unit),
      lineTotal: milliToDecimalString(lineTotal(unit, free.quantity)),
      quoted: 'free',
    });
  }
  return { lines, negotiated };
}

/** A free line's item code (its productId): no product of the catalogue has it. */
export const FREE_LINE_CODE = 'QUOTE-LINE';
