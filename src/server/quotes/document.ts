import { countryNameIn } from '@/shared/countries';
import { formatDate } from '@/shared/dates';
import { estimatedDelivery, neededByAtRisk, stockholmToday } from '@/shared/delivery';
import { dateLocaleTag, type Locale } from '@/shared/i18n/locale';
import { invoicingMessages } from '@/shared/i18n/messages/invoicing';
import { quoteMessages, quoteTermKeys } from '@/shared/i18n/messages/quotes';
import { orderLineText, sentDetails } from '@/shared/i18n/order-line-text';
import { pricesIncludeVat } from '@/shared/invoicing/vat-treatment';
import { quotePaths, type AdminQuoteDraft, type AdminQuoteJobView, type QuoteView } from '@/shared/quotes';
import type { CalendarDate } from '@/shared/dates';
import type { SellerDetails } from '@/server/config';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import { VAT_RATE_PERCENT } from '@/shared/vat-rate';
import {
  buildInvoice,
  formatInvoiceMoney,
  renderQuotePdf,
  type InvoiceDocument,
  type InvoiceLineInput,
} from '@/server/invoicing';
import { statusOf, type QuoteRow, type QuoteVersionRow } from './service';

/** A quote line's words in one language: a free line's own text, else as the invoice words it. */
function lineWords(
  locale: Locale,
  line: StoredOrderLine,
): { name: string; details: ReturnType<typeof sentDetails> } {
  if (line.quoted === 'free') return { name: line.names?.[locale] ?? line.name, details: [] };
  const text = orderLineText(locale, line);
  return { name: text.name, details: sentDetails(text) };
}

/**
 * The quote as the invoice's document type (buildInvoice): the same VAT rule, line amounts
 * without VAT, totals and EUR conversion an invoice of these lines would have, so the quote's
 * page and PDF cannot disagree with the invoice the accepted order gets. In the buyer's language.
 */
export function quoteDocument(
  quote: QuoteRow,
  version: QuoteVersionRow,
  seller: SellerDetails,
): InvoiceDocument {
  const { customer } = quote;
  const company = customer.customerType === 'company';
  const lines = version.lines.map((line): InvoiceLineInput => {
    const words = lineWords(quote.language, line);
    const detail = words.details.map((part) => part.text).join('\n');
    return {
      kind: line.quoted === 'free' ? 'fee' : 'product',
      code: line.productId,
      description: words.name,
      ...(detail ? { detail } : {}),
      quantity: line.quantity,
      unitPriceInclVat: line.unitPrice,
      lineTotalInclVat: line.lineTotal,
    };
  });
  return buildInvoice({
    invoiceNumber: quote.quoteNumber,
    orderNumber: quote.quoteNumber,
    issueDate: version.createdAt,
    vatTreatment: version.vatTreatment,
    seller,
    buyer: {
      customerType: customer.customerType,
      name: company && customer.companyName !== '' ? customer.companyName : customer.name,
      contactName: company ? customer.name : null,
      orgNumber: company && customer.orgNumber !== '' ? customer.orgNumber : null,
      personalNumber: null,
      vatNumber: customer.vatNumber === '' ? null : customer.vatNumber,
      email: customer.email,
      phone: customer.phone,
      address: customer.billingAddress === '' ? customer.address : customer.billingAddress,
      countryCode: customer.country,
      reference: customer.buyerReference === '' ? null : customer.buyerReference,
    },
    delivery: { name: customer.name, address: customer.address, countryCode: customer.country },
    lines,
    invoiceCurrency: version.invoiceCurrency,
    language: quote.language,
    // A quote asks no payment: no OCR reference (its number is no invoice number).
    ocr: '',
  });
}

/** The delivery estimate of a quote accepted and its proof approved today (working days, Stockholm). */
function quoteDelivery(quote: QuoteRow, version: QuoteVersionRow) {
  const estimate = estimatedDelivery(
    version.lines.map((line) => line.productId),
    quote.customer.country,
    stockholmToday(),
  );
  const neededBy = (version.neededBy as CalendarDate | null) ?? null;
  return { estimate, countedFrom: 'today' as const, neededBy, atRisk: neededByAtRisk(neededBy, estimate) };
}

const dateIn = (locale: Locale, date: Date | string) => formatDate(date, dateLocaleTag[locale], 'long');

/** The PDF of one version, from its stored amounts (the version's own date and validity). */
export function renderQuoteVersionPdf(
  quote: QuoteRow,
  version: QuoteVersionRow,
  seller: SellerDetails,
): Promise<Buffer> {
  const t = quoteMessages[quote.language];
  const document = quoteDocument(quote, version, seller);
  const delivery = quoteDelivery(quote, version);
  return renderQuotePdf(document, {
    title: t.title,
    facts: [
      [t.quoteNumber, quote.quoteNumber],
      [t.quoteDate, dateIn(quote.language, version.createdAt)],
      [t.validUntil, dateIn(quote.language, version.validUntil)],
      ...(version.version > 1 ? [[t.version, String(version.version)] as const] : []),
      [t.estimatedDelivery, dateIn(quote.language, delivery.estimate)],
    ],
    buyerHeading: t.quoteFor,
    totalLabel: t.total,
    termsHeading: t.termsHeading,
    terms: quoteTermKeys.map((key) => t[key]),
    notices: [
      t.notAnInvoice,
      ...(version.invoiceCurrency ? [t.eurNote] : []),
      ...(version.note ? [`${t.note}: ${version.note}`] : []),
    ],
  });
}

/** The buyer as the quote's page and the job view show them, their country named in the reader's language. */
function customerView(locale: Locale, quote: QuoteRow): QuoteView['customer'] {
  const { customerType, name, companyName, email, address, country } = quote.customer;
  return {
    customerType,
    name,
    companyName,
    email,
    address,
    country,
    countryName: countryNameIn(locale, country) ?? country,
  };
}

/** The quote as its buyer's page reads it (GET /api/quotes/:number), in the reader's language. */
export function quoteView(
  locale: Locale,
  quote: QuoteRow,
  version: QuoteVersionRow,
  seller: SellerDetails,
  token: string,
): QuoteView {
  const t = quoteMessages[locale];
  const document = quoteDocument({ ...quote, language: locale }, version, seller);
  const withVat = pricesIncludeVat(version.vatTreatment);
  const status = statusOf(quote, version);
  const foreign = document.foreign;
  return {
    locale,
    quoteNumber: quote.quoteNumber,
    status,
    statusLabel: t[`status_${status}`],
    version: version.version,
    changed: version.version > 1,
    issuedOn: version.createdAt.toISOString(),
    validUntil: version.validUntil,
    currency: foreign ? 'EUR' : 'SEK',
    vatTreatment: version.vatTreatment,
    vatTreatmentLabel: invoicingMessages[locale][version.vatTreatment],
    vatPercent: document.vatPercent,
    pricesIncludeVat: withVat,
    customer: customerView(locale, quote),
    lines: version.lines.map((line, index) => {
      const words = lineWords(locale, line);
      const invoiceLine = document.lines[index];
      return {
        productId: line.productId,
        name: words.name,
        details: words.details,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        lineTotal: line.lineTotal,
        price: withVat
          ? { unit: line.unitPrice, total: line.lineTotal }
          : {
              unit: invoiceLine?.unitPriceExVat ?? line.unitPrice,
              total: invoiceLine?.lineNet ?? line.lineTotal,
            },
        negotiated: line.quoted === 'negotiated',
        free: line.quoted === 'free',
      };
    }),
    exVat: version.exVatAmount,
    vat: version.vatAmount,
    total: version.totalAmount,
    inCurrency: foreign
      ? { code: 'EUR', rate: foreign.rate, net: foreign.net, vat: foreign.vat, total: foreign.total }
      : null,
    delivery: quoteDelivery(quote, version),
    note: version.note,
    terms: quoteTermKeys.map((key) => t[key]),
    pdf: `${quotePaths.pdf(quote.quoteNumber)}?token=${encodeURIComponent(token)}`,
    acceptedOrderNumber: quote.acceptedOrderNumber,
  };
}

/** The quote's total as its emails say it ("12 345,00 kr", or in EUR for a euro quote). */
export function quoteTotalText(quote: QuoteRow, version: QuoteVersionRow, seller: SellerDetails): string {
  const document = quoteDocument(quote, version, seller);
  return document.foreign
    ? formatInvoiceMoney(quote.language, document.foreign.total, false, 'EUR')
    : formatInvoiceMoney(quote.language, document.total);
}

/**
 * The quote as production reads it (issue 38): the job a yes would make, built from the stored
 * lines field by field (an allow list), so no unit price, line total, VAT, VAT rule, total or PDF
 * reaches the answer.
 */
export function quoteJobView(locale: Locale, quote: QuoteRow, version: QuoteVersionRow): AdminQuoteJobView {
  const status = statusOf(quote, version);
  return {
    view: 'job',
    quoteNumber: quote.quoteNumber,
    status,
    statusLabel: quoteMessages[locale][`status_${status}`],
    version: version.version,
    versions: quote.currentVersion,
    source: quote.source,
    issuedOn: version.createdAt.toISOString(),
    validUntil: version.validUntil,
    customer: customerView(locale, quote),
    lines: version.lines.map((line) => {
      const words = lineWords(locale, line);
      return {
        productId: line.productId,
        name: words.name,
        details: words.details,
        quantity: line.quantity,
        free: line.quoted === 'free',
      };
    }),
    delivery: quoteDelivery(quote, version),
    note: version.note,
    acceptedOrderNumber: quote.acceptedOrderNumber,
  };
}

/** The current version in the staff form's shape (POST/PATCH /api/admin/quotes), to edit it. */
export function quoteDraft(quote: QuoteRow, version: QuoteVersionRow): AdminQuoteDraft {
  const catalogue = version.lines.filter((line) => line.quoted !== 'free');
  return {
    customer: quote.customer,
    lines: catalogue.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      ...(line.sizes ? { sizes: { ...line.sizes } } : {}),
      ...(line.options ? { options: { ...line.options } } : {}),
      ...(line.customisation ? { customisation: { ...line.customisation } } : {}),
      ...(line.notes ? { notes: line.notes } : {}),
      ...(line.quoted === 'negotiated' ? { unitPrice: line.unitPrice } : {}),
    })),
    freeLines: version.lines
      .filter((line) => line.quoted === 'free')
      .map((line) => ({
        description: line.name,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        vatRate: VAT_RATE_PERCENT,
      })),
    note: version.note,
    neededBy: version.neededBy,
    invoiceCurrency: version.invoiceCurrency ? 'EUR' : 'SEK',
  };
}
