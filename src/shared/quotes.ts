import type { Customer } from './checkout-schema';
import type { CalendarDate } from './dates';
import type { OrderDelivery } from './delivery';
import type { Locale } from './i18n/locale';
import type { OrderLineDetail } from './i18n/order-line-text';
import type { VatTreatment } from './invoicing/vat-treatment';

/**
 * Quotes (offerter): a price given before anyone commits (issue 40). A quote is no invoice: its own
 * number series "Q-<year>-<seq>", no ledger entry; accepting it places an order at its prices.
 */
export const storedQuoteStatuses = ['draft', 'sent', 'accepted', 'declined'] as const;
export type StoredQuoteStatus = (typeof storedQuoteStatuses)[number];
/** As readers see it: a draft or sent quote past its last valid day (Stockholm) is expired. */
export type QuoteStatus = StoredQuoteStatus | 'expired';
export const quoteStatuses = ['draft', 'sent', 'accepted', 'declined', 'expired'] as const;

export const quoteSources = ['cart', 'staff'] as const;
export type QuoteSource = (typeof quoteSources)[number];

/** The customer of a quote: what the checkout form's schema gives (the order's customer later). */
export type QuoteCustomer = Customer;

/** "Q-2026-0001". */
export const quoteNumberPattern = /^Q-\d{4}-\d{4,9}$/;

/** The status a reader sees on `today` (a Stockholm calendar date). */
export function quoteStatusOn(
  status: StoredQuoteStatus,
  validUntil: string,
  today: CalendarDate,
): QuoteStatus {
  if ((status === 'draft' || status === 'sent') && validUntil < today) return 'expired';
  return status;
}

/** POST /api/quotes's answer (the contract of issue 40). */
export interface CreatedQuoteAnswer {
  quoteNumber: string;
  accessToken: string;
  /** What the buyer would pay, decimal kronor. */
  total: string;
  validUntil: string;
}

/** One line of a quote as its page shows it. */
export interface QuoteViewLine {
  productId: string;
  /** The line's name in the reader's language ("Hoodie", or a free line's text). */
  name: string;
  details: OrderLineDetail[];
  quantity: number;
  /** VAT-inclusive unit price and line total, as stored (the catalogue's way of pricing). */
  unitPrice: string;
  lineTotal: string;
  /** What the buyer pays per unit and per line under the quote's VAT rule. */
  price: { unit: string; total: string };
  /** A price staff agreed with the buyer (not the catalogue's). */
  negotiated: boolean;
  /** A line staff wrote (setup, rush, shipping, samples), not a product of the catalogue. */
  free: boolean;
}

/** GET /api/quotes/:number?token= (the contract of issue 40), in the reader's language. */
export interface QuoteView {
  locale: Locale;
  quoteNumber: string;
  status: QuoteStatus;
  statusLabel: string;
  version: number;
  /** The quote changed after it was first given (the page says so). */
  changed: boolean;
  issuedOn: string;
  validUntil: string;
  currency: 'SEK' | 'EUR';
  vatTreatment: VatTreatment;
  vatTreatmentLabel: string;
  vatPercent: number;
  pricesIncludeVat: boolean;
  customer: {
    customerType: 'personal' | 'company';
    name: string;
    companyName: string;
    email: string;
    address: string;
    country: string;
    countryName: string;
  };
  lines: QuoteViewLine[];
  exVat: string;
  vat: string;
  total: string;
  /** The same amounts in EUR at the quote's rate, for a euro quote. */
  inCurrency: { code: 'EUR'; rate: string; net: string; vat: string; total: string } | null;
  delivery: OrderDelivery;
  note: string | null;
  /** The terms that will apply (sale terms: payment days, delivery, proofs). */
  terms: string[];
  pdf: string;
  acceptedOrderNumber: string | null;
}

/** POST /api/quotes/:number/accept's answer: the order's, as POST /api/orders answers. */
export interface AcceptedQuoteAnswer {
  orderNumber: string;
  accessToken: string;
  total: string;
  vatTreatment: VatTreatment;
}

/** One row of the staff's quote list. */
export interface AdminQuoteRow {
  quoteNumber: string;
  status: QuoteStatus;
  source: QuoteSource;
  customerName: string;
  customerEmail: string;
  total: string;
  validUntil: string;
  version: number;
  createdAt: string;
  acceptedOrderNumber: string | null;
}

export const quotePaths = {
  create: '/api/quotes',
  one: (number: string) => `/api/quotes/${encodeURIComponent(number)}`,
  pdf: (number: string, version?: number) =>
    `/api/quotes/${encodeURIComponent(number)}/quote.pdf${version === undefined ? '' : `?version=${version}`}`,
  accept: (number: string) => `/api/quotes/${encodeURIComponent(number)}/accept`,
  decline: (number: string) => `/api/quotes/${encodeURIComponent(number)}/decline`,
  page: (number: string, token: string) =>
    `/quotes/${encodeURIComponent(number)}?token=${encodeURIComponent(token)}`,
  adminList: '/api/admin/quotes',
  adminOne: (number: string) => `/api/admin/quotes/${encodeURIComponent(number)}`,
  adminSend: (number: string) => `/api/admin/quotes/${encodeURIComponent(number)}/send`,
} as const;

/** GET /api/admin/quotes/:number for the money roles: the buyer's view plus what staff need. */
export interface AdminQuoteDetail extends QuoteView {
  view: 'money';
  source: QuoteSource;
  versions: number;
  acceptedBy: string | null;
  declineReason: string | null;
  /** The current version as the staff form sends it back (a negotiated line's reason is asked again). */
  draft: AdminQuoteDraft;
}

/** A quote's current version in the shape of POST/PATCH /api/admin/quotes (the edit form's start). */
export interface AdminQuoteDraft {
  customer: Customer;
  lines: {
    productId: string;
    quantity: number;
    sizes?: Record<string, number> | undefined;
    options?: Record<string, unknown> | undefined;
    customisation?: Record<string, unknown> | undefined;
    notes?: string | undefined;
    /** Present on a negotiated line: its agreed unit price, VAT included. */
    unitPrice?: string | undefined;
  }[];
  freeLines: { description: string; quantity: number; unitPrice: string; vatRate: number }[];
  note: string | null;
  neededBy: string | null;
  invoiceCurrency: 'SEK' | 'EUR';
}

/** One line of a quote as production reads it: the job, no amount (issue 38). */
export interface QuoteJobLine {
  productId: string;
  name: string;
  details: OrderLineDetail[];
  quantity: number;
  free: boolean;
}

/**
 * GET /api/admin/quotes/:number for production: what the job would be, built on the server without
 * any amount, VAT rule or PDF (issue 38: no amount reaches production).
 */
export interface AdminQuoteJobView {
  view: 'job';
  quoteNumber: string;
  status: QuoteStatus;
  statusLabel: string;
  version: number;
  versions: number;
  source: QuoteSource;
  issuedOn: string;
  validUntil: string;
  customer: QuoteView['customer'];
  lines: QuoteJobLine[];
  delivery: OrderDelivery;
  note: string | null;
  acceptedOrderNumber: string | null;
}

/** One row of production's quote list: no total. */
export type AdminQuoteJobRow = Omit<AdminQuoteRow, 'total'>;
