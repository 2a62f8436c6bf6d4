import { orderLineText, sentDetails } from '@/shared/i18n/order-line-text';
import { countryNameIn } from '@/shared/countries';
import { maskPersonalNumber } from '@/shared/swedish-id';
import { stockholmDate, type CalendarDate } from '@/shared/dates';
import { invoiceDueDate } from '@/shared/receivables/aging';
import { ocrForInvoiceNumber } from '@/shared/invoicing/ocr-reference';
import {
  invoiceAmounts,
  unitPriceExVat,
  vatPercent,
  ossRateTenths,
  type VatTreatment,
} from '@/shared/invoicing/vat-treatment';
import { milliFromDecimal, milliToDecimalString, unitPriceToString } from '@/shared/money';
import type { SupplyNature } from '@/shared/invoicing/bas-accounts';
import {
  convertAmount,
  type InvoiceCurrency,
  type InvoiceCurrencyRate,
} from '@/shared/invoicing/invoice-currency';
import type { SellerDetails } from '@/server/config';
import type { orders, StoredOrderLine } from '@/server/db/orders-schema';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { plainFileName } from '@/shared/uploads';
import type { InvoiceLanguage } from './texts';

/** Swedish for buyers in Sweden, English for everyone else (SPEC §9). */
export function invoiceLanguage(countryCode: string): InvoiceLanguage {
  return countryCode === 'SE' ? 'sv' : 'en';
}

/**
 * What an invoice line can be: goods from the catalogue, or a fee (e.g. converting a raster print
 * file). Every kind is priced VAT-inclusive like the shop's prices; the invoice derives the rest.
 */
export type InvoiceLineKind = 'product' | 'fee';

export interface InvoiceLineInput {
  kind: InvoiceLineKind;
  /** Catalogue product id or fee code (Peppol item identifier). */
  code: string;
  description: string;
  /** Colour, prints, sizes: printed under the description. */
  detail?: string;
  quantity: number;
  /** VAT-inclusive, exact decimals ("114.375"). */
  unitPriceInclVat: string;
  /** VAT-inclusive, whole öre ("5718.75"). */
  lineTotalInclVat: string;
}

export interface InvoiceLine extends InvoiceLineInput {
  /** Unit price excluding VAT (legal content of an invoice), up to three decimals. */
  unitPriceExVat: string;
  /** Line amount excluding VAT; the lines add up to `net` exactly. */
  lineNet: string;
}

/** The stored order fields an invoice needs: a row of `orders` fits, as the Drizzle table types it. */
export type InvoiceOrder = Pick<
  typeof orders.$inferSelect,
  | 'orderNumber'
  | 'orderDate'
  | 'customerType'
  | 'customerName'
  | 'customerEmail'
  | 'customerPhone'
  | 'customerOrganization'
  | 'customerOrgNumber'
  | 'customerPersonalNumber'
  | 'deliveryAddress'
  | 'countryCode'
  | 'items'
  | 'totalAmount'
  | 'exVatAmount'
  | 'vatAmount'
  | 'vatTreatment'
  | 'buyerVatNumber'
  | 'buyerReference'
  | 'purchaseOrderNumber'
  | 'buyerPeppolId'
  | 'billingAddress'
> &
  /** Absent or null: invoiced in SEK (an order from before EUR invoicing, or a test's order). */
  Partial<Pick<typeof orders.$inferSelect, 'invoiceCurrency'>>;

export interface InvoiceBuyer {
  customerType: 'personal' | 'company';
  /** Company name for companies, the person's name for individuals. */
  name: string;
  /** Contact person (companies). */
  contactName: string | null;
  orgNumber: string | null;
  /** An individual's personnummer, masked when built into an invoice ("19811218-XXXX"). */
  personalNumber: string | null;
  vatNumber: string | null;
  email: string;
  phone: string;
  /** Billing address (the delivery address unless the buyer gave another). */
  address: string;
  countryCode: string;
  countryName: string;
  /** BT-10 "Er referens": a person or a code the buyer routes invoices by. */
  reference: string | null;
  /** BT-13: the buyer's purchase order number, when it gave one apart from its reference. */
  purchaseOrder?: string | null;
  /** The buyer's Peppol participant ID ("0007:5567321707"), overriding the one derived. */
  peppolId?: string | null;
}

/**
 * One invoice, everything its renderers (HTML, PDF, Peppol UBL, SIE) print, computed once.
 * An order's first invoice has the order's number; a supplementary invoice for the same order
 * (e.g. a fee added later) gets its own number from the same series and its own lines.
 */
export interface InvoiceDocument {
  invoiceNumber: string;
  orderNumber: string;
  /** OCR payment reference (length digit + Luhn) of the invoice number. */
  ocr: string;
  issueDate: Date;
  /** PAYMENT_DAYS after the issue date in Stockholm, moved to a day banks are open (invoiceDueDate). */
  dueDate: CalendarDate;
  /** Delivery date or the end of the delivery period, when known (an instant or a calendar date). */
  deliveryDate: Date | string | null;
  language: InvoiceLanguage;
  /**
   * The currency of the amounts below: SEK, the ledger's, as stored. A euro invoice keeps them and
   * carries its EUR figures in `foreign`; `inDocumentCurrency` gives the document as printed.
   */
  currency: InvoiceCurrency;
  /** An invoice made out in EUR: the rate, its source and day, and every amount converted once. */
  foreign?: ForeignAmounts;
  vatTreatment: VatTreatment;
  vatPercent: number;
  /**
   * What the document sells as a whole: 'goods' on every supplementary invoice issued since its
   * fee is ancillary to the goods (decision 0045, vat-decision.ts); absent on the order's invoice
   * (goods by its lines) and on documents stored before.
   */
  supply?: SupplyNature;
  seller: SellerDetails;
  buyer: InvoiceBuyer;
  delivery: { name: string; address: string; countryCode: string; countryName: string };
  lines: InvoiceLine[];
  /** Sum excluding VAT, VAT, and what the buyer pays: exact decimal strings. */
  net: string;
  vat: string;
  total: string;
  /**
   * Set on a credit note (kreditfaktura): the invoice it corrects and why. Its lines and amounts
   * are negative; it has no payment box. Mervärdesskattelagen (2023:200) 17 kap. 22 §: a document
   * that changes an invoice must refer specifically and unambiguously to it.
   */
  creditNote?: {
    correctsNumber: string;
    correctsIssueDate: string;
    reason: string;
    /** The corrected invoice's lines (indexes) this credit note credits in full; none for an amount. */
    lines: number[];
    /**
     * Whether the corrected invoice sold goods (its fees ancillary to them): the credited lines keep
     * the VAT case they had there. Absent in credit notes stored before it was kept (read from the lines).
     */
    ofGoods?: boolean;
  };
  /**
   * Set on a supplementary invoice that charges an order's change (issue 41): the invoice whose
   * amount it adds to. Mervärdesskattelagen (2023:200) 17 kap. 22 §: a document that changes an
   * invoice refers specifically and unambiguously to it (the e-invoice's BT-25/BT-26).
   */
  supplements?: { invoiceNumber: string; issueDate: string };
}

/** A document's amounts in its own currency (EUR), line by line as `lines`, with the rate used. */
export interface ForeignAmounts extends InvoiceCurrencyRate {
  lines: Pick<InvoiceLine, 'unitPriceInclVat' | 'unitPriceExVat' | 'lineNet' | 'lineTotalInclVat'>[];
  net: string;
  vat: string;
  total: string;
}

const cents = (decimal: string): bigint => {
  const [whole = '0', fraction = ''] = decimal.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return decimal.startsWith('-') ? -value : value;
};
const fromCents = (value: bigint): string => {
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/**
 * The document's amounts at `rate`, each converted once from its SEK amount: the total and the VAT
 * (so the VAT in EUR is the SEK VAT at the rate), the net their difference, the line nets each
 * converted with the rounding cent(s) on the largest line so they add up to the net exactly (as the
 * e-invoice's rules BR-CO-10 expect). Works for a credit note's negative amounts too.
 */
export function foreignAmounts(document: InvoiceDocument, rate: InvoiceCurrencyRate): ForeignAmounts {
  const total = convertAmount(document.total, rate.rate);
  const vat = convertAmount(document.vat, rate.rate);
  const net = cents(total) - cents(vat);
  const lineNets = document.lines.map((line) => cents(convertAmount(line.lineNet, rate.rate)));
  const difference = net - lineNets.reduce((sum, value) => sum + value, 0n);
  if (difference !== 0n && lineNets.length > 0) {
    let largest = 0;
    lineNets.forEach((value, index) => {
      const abs = (v: bigint) => (v < 0n ? -v : v);
      if (abs(value) > abs(lineNets[largest] ?? 0n)) largest = index;
    });
    lineNets[largest] = (lineNets[largest] ?? 0n) + difference;
  }
  return {
    ...rate,
    lines: document.lines.map((line, index) => ({
      unitPriceInclVat: convertAmount(line.unitPriceInclVat, rate.rate, 3),
      unitPriceExVat: convertAmount(line.unitPriceExVat, rate.rate, 3),
      lineNet: fromCents(lineNets[index] ?? 0n),
      lineTotalInclVat: convertAmount(line.lineTotalInclVat, rate.rate),
    })),
    net: fromCents(net),
    vat,
    total,
  };
}

/** A document with its EUR figures when `rate` is given (null: a SEK document as it is). */
export function withInvoiceCurrency(
  document: InvoiceDocument,
  rate: InvoiceCurrencyRate | null | undefined,
): InvoiceDocument {
  const { foreign: _previous, ...sek } = document;
  return rate ? { ...sek, foreign: foreignAmounts(sek, rate) } : sek;
}

/**
 * The document as printed: in EUR for a euro invoice (every amount from `foreign`, `currency` EUR),
 * as stored otherwise. The SEK VAT the law wants beside it stays `document.vat`.
 */
export function inDocumentCurrency(document: InvoiceDocument): InvoiceDocument {
  const { foreign } = document;
  if (!foreign) return document;
  return {
    ...document,
    currency: foreign.code,
    lines: document.lines.map((line, index) => ({ ...line, ...foreign.lines[index] })),
    net: foreign.net,
    vat: foreign.vat,
    total: foreign.total,
  };
}

export interface InvoiceInput {
  invoiceNumber: string;
  orderNumber: string;
  issueDate: Date;
  deliveryDate?: Date | string | null;
  vatTreatment: VatTreatment;
  seller: SellerDetails;
  buyer: Omit<InvoiceBuyer, 'countryName'>;
  delivery: { name: string; address: string; countryCode: string };
  lines: InvoiceLineInput[];
  /** Made out in EUR at this rate (the order's); SEK when absent. */
  invoiceCurrency?: InvoiceCurrencyRate | null;
  /** The document's language; by the buyer's country when absent (a quote is in the buyer's own). */
  language?: InvoiceLanguage;
  /** The payment reference; from the invoice number when absent ('' for a quote, which asks no payment). */
  ocr?: string;
}

/** Builds an invoice from lines priced VAT-inclusive; amounts follow the VAT treatment. */
export function buildInvoice(input: InvoiceInput): InvoiceDocument {
  // Under OSS the buyer country's standard rate on the day of issue (eu-vat-rates.ts).
  const ossTenths = ossRateTenths(
    input.vatTreatment,
    input.buyer.countryCode,
    stockholmDate(input.issueDate),
  );
  const amounts = invoiceAmounts(
    input.lines.map((line) => milliFromDecimal(line.lineTotalInclVat)),
    input.vatTreatment,
    ossTenths,
  );
  const language = input.language ?? invoiceLanguage(input.buyer.countryCode);
  // A Swedish invoice names the countries in Swedish ("Sverige"), an English one in English.
  const name = (code: string) => countryNameIn(language, code) ?? code;
  const document: InvoiceDocument = {
    invoiceNumber: input.invoiceNumber,
    orderNumber: input.orderNumber,
    ocr: input.ocr ?? ocrForInvoiceNumber(input.invoiceNumber),
    issueDate: input.issueDate,
    dueDate: invoiceDueDate(input.issueDate),
    deliveryDate: input.deliveryDate ?? null,
    language,
    currency: 'SEK',
    vatTreatment: input.vatTreatment,
    vatPercent: vatPercent(input.vatTreatment, ossTenths),
    seller: input.seller,
    buyer: {
      ...input.buyer,
      // Masked on every invoice (HTML, PDF, email): see maskPersonalNumber.
      personalNumber: input.buyer.personalNumber ? maskPersonalNumber(input.buyer.personalNumber) : null,
      countryName: name(input.buyer.countryCode),
    },
    delivery: { ...input.delivery, countryName: name(input.delivery.countryCode) },
    lines: input.lines.map((line, index) => ({
      ...line,
      unitPriceExVat: unitPriceToString(unitPriceExVat(milliFromDecimal(line.unitPriceInclVat))),
      lineNet: milliToDecimalString(amounts.lineNets[index] ?? amounts.net),
    })),
    net: milliToDecimalString(amounts.net),
    vat: milliToDecimalString(amounts.vat),
    total: milliToDecimalString(amounts.total),
  };
  return withInvoiceCurrency(document, input.invoiceCurrency);
}

/** The stored order's lines as invoice lines (goods, and fees such as print file conversion). */
export function orderInvoiceLines(order: InvoiceOrder): InvoiceLineInput[] {
  const language = invoiceLanguage(order.countryCode);
  return order.items.map((line) => {
    if (line.fee === 'conversion') {
      // The sender's file name only when plain: the invoice goes to whatever address was typed.
      const fileName = plainFileName(line.printFileName);
      return {
        kind: 'fee',
        code: line.productId,
        description: printFileMessages[language].conversionFee,
        ...(fileName ? { detail: fileName } : {}),
        quantity: line.quantity,
        unitPriceInclVat: line.unitPrice,
        lineTotalInclVat: line.lineTotal,
      } satisfies InvoiceLineInput;
    }
    // The line as the buyer's pages and emails word it, in the invoice's language.
    const text = orderLineText(language, line);
    const detail = sentDetails(text)
      .map((part) => part.text)
      .join('\n');
    return {
      kind: 'product',
      code: line.productId,
      description: text.name,
      ...(detail ? { detail } : {}),
      quantity: line.quantity,
      unitPriceInclVat: line.unitPrice,
      lineTotalInclVat: line.lineTotal,
    } satisfies InvoiceLineInput;
  });
}

/** The buyer and the delivery an order's invoices (its own and supplementary ones) are made out to. */
function invoiceParties(order: InvoiceOrder): Pick<InvoiceInput, 'buyer' | 'delivery'> {
  const company = order.customerType === 'company';
  return {
    buyer: {
      customerType: order.customerType,
      name: company ? (order.customerOrganization ?? order.customerName) : order.customerName,
      contactName: company ? order.customerName : null,
      orgNumber: order.customerOrgNumber,
      personalNumber: order.customerPersonalNumber,
      vatNumber: order.buyerVatNumber,
      email: order.customerEmail,
      phone: order.customerPhone,
      address: order.billingAddress ?? order.deliveryAddress,
      countryCode: order.countryCode,
      reference: order.buyerReference,
      purchaseOrder: order.purchaseOrderNumber,
      peppolId: order.buyerPeppolId,
    },
    delivery: { name: order.customerName, address: order.deliveryAddress, countryCode: order.countryCode },
  };
}

/**
 * The order's own invoice: number = order number, issued on the order date. `deliveryDate` is the
 * day the order shipped, when it has (the e-invoice of an intra-Community supply needs it).
 */
export function invoiceForOrder(
  order: InvoiceOrder,
  seller: SellerDetails,
  deliveryDate: string | null = null,
): InvoiceDocument {
  return buildInvoice({
    invoiceNumber: order.orderNumber,
    orderNumber: order.orderNumber,
    issueDate: order.orderDate,
    deliveryDate,
    vatTreatment: order.vatTreatment,
    seller,
    ...invoiceParties(order),
    lines: orderInvoiceLines(order),
    invoiceCurrency: order.invoiceCurrency ?? null,
  });
}

/** A supplementary invoice as stored (supplementary_invoices): its own number, issue time and lines. */
export interface SupplementaryInvoiceRecord {
  invoiceNumber: string;
  issuedAt: Date;
  items: StoredOrderLine[];
}

/**
 * A supplementary invoice for an order: the order's buyer, delivery and VAT treatment, its own
 * number, issue date (the due date follows) and lines.
 */
export function supplementaryInvoiceDocument(
  order: InvoiceOrder,
  record: SupplementaryInvoiceRecord,
  seller: SellerDetails,
): InvoiceDocument {
  const invoice = buildInvoice({
    invoiceNumber: record.invoiceNumber,
    orderNumber: order.orderNumber,
    issueDate: record.issuedAt,
    vatTreatment: order.vatTreatment,
    seller,
    ...invoiceParties(order),
    lines: orderInvoiceLines({ ...order, items: record.items }),
    invoiceCurrency: order.invoiceCurrency ?? null,
  });
  // The conversion fee is ancillary to the order's goods (decision 0045): its VAT case follows them.
  return { ...invoice, supply: 'goods' };
}

/**
 * Whether a document's lines are part of a supply of goods (its fees ancillary to them), for the
 * VAT decision of each line: a credit note says what its invoice sold, a document since decision
 * 0045 says so itself; otherwise the lines tell (undefined).
 */
export function invoicedWithGoods(
  invoice: Pick<InvoiceDocument, 'supply' | 'creditNote'>,
): boolean | undefined {
  return invoice.creditNote?.ofGoods ?? (invoice.supply === 'goods' ? true : undefined);
}
