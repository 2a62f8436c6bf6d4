import type { InvoiceCurrencyRate } from './invoicing/invoice-currency';
import type { Customisation } from './customisation';
import type { SizeSplit } from './sizes';
import type { LineOptions } from './product-options';
import type { VatTreatment } from './invoicing/vat-treatment';
import type { OrderDelivery } from './delivery';
import type { OrderPrintFile } from './print-files';
import type { SupplementaryInvoiceSummary } from './supplementary-invoices';
import type { OrderMoney } from './ledger';
import type { OrderStatus } from './order-status';
import type { OrderLineText } from './i18n/order-line-text';
import type { OrderMessage } from './order-talk';

/** What an order line was sold with besides its product and prices, as the buyer and the admin read it. */
export interface OrderLineDesign {
  customisation?: Customisation;
  sizes?: SizeSplit;
  /** The buyer's choices (product-options.ts) and notes to the printer. */
  options?: LineOptions;
  notes?: string;
  /** One design in several colours: the combined quantity whose tier priced the line. */
  tierQuantity?: number;
  /** A fee line (productId is the fee code): show the fee's name from the catalogue. */
  fee?: 'conversion';
  printFileId?: string;
  printFileName?: string;
}

/** What POST /api/orders answers (201 new, 200 replay of the same idempotency key). */
export interface PlacedOrderAnswer {
  orderNumber: string;
  /** Lets this buyer read the order and its invoice; sent as ?token= or the x-order-token header. */
  accessToken: string;
  /** Exact decimal kronor, e.g. "5718.75". */
  total: string;
  /** The order's VAT rule: an EU VAT number VIES says is not registered gets Swedish VAT (domestic). */
  vatTreatment: VatTreatment;
}

/**
 * GET /api/orders/:number: the stored order as its buyer reads it (confirmation page, order page),
 * built by the server in the reader's language (`?lang=`, cookie, Accept-Language): every name,
 * colour, country, status and VAT label is already in words, so pages render it and derive nothing.
 * Money as exact decimal strings.
 */
export interface OrderView {
  /** The language this view's words are in. */
  locale: 'sv' | 'en';
  orderNumber: string;
  /** ISO time. */
  orderDate: string;
  /** Calendar date in Stockholm, "2026-12-23" (format with `formatDate` from dates.ts). */
  dueDate: string;
  status: OrderStatus;
  /** The status in words ("Mottagen"). */
  statusLabel: string;
  /**
   * The buyer may cancel it on the order page (POST /api/orders/:number/cancel): received and its
   * latest proof not approved. Otherwise cancelling is a request to the shop.
   */
  cancellable: boolean;
  /** Estimated delivery (from proof approval, or from today before it) and the buyer's needed-by date. */
  delivery: OrderDelivery;
  customer: {
    customerType: 'personal' | 'company';
    name: string;
    companyName: string | null;
    email: string;
    phone: string;
    address: string;
    country: string;
    /** The country in the view's language ("Sverige"). */
    countryName: string;
    /** Companies outside Sweden; null when none was given. */
    vatNumber: string | null;
    /** "Er referens": the buyer's own reference (a name or code), printed on the invoice. */
    yourReference: string | null;
    /** The company's purchase order number (the e-invoice's order reference); null when none. */
    purchaseOrderNumber: string | null;
    /** null: the invoice goes to the delivery address. */
    billingAddress: string | null;
  };
  /** The VAT rule the server applied (Swedish VAT, reverse charge or export) and its rate. */
  vatTreatment: VatTreatment;
  /** The VAT rule in words ("Svensk moms 25 % ingår"). */
  vatTreatmentLabel: string;
  vatPercent: number;
  /**
   * Whether `lines[].price` includes VAT: with Swedish VAT the buyer pays prices including it,
   * under reverse charge and export prices without it.
   */
  pricesIncludeVat: boolean;
  lines: ({
    productId: string;
    /** The catalogue's English name when ordered (stored); show `text.name`. */
    name: string;
    /** The line in the view's language: the words every reader of this order sees for it. */
    text: OrderLineText;
    /** What the buyer pays for the line, per unit and in all (with or without VAT: `pricesIncludeVat`). */
    price: { unit: string; total: string };
    quantity: number;
    unitPrice: string;
    lineTotal: string;
    /** Without VAT, as the invoice prints them (what reverse-charge and export buyers pay). */
    unitPriceExVat: string;
    lineNet: string;
    /**
     * A euro invoice's line as it is made out (issue 42): `price` in EUR from the invoice's own
     * stored EUR figures (with or without VAT as `price`), the totals adding up to the EUR total.
     * null: in SEK.
     */
    priceInCurrency: { unit: string; total: string } | null;
  } & OrderLineDesign)[];
  /** The print files the shop already has for this order, in the buyer's order. */
  printFiles: OrderPrintFile[];
  /** Invoices added after ordering (e.g. a raster print file's conversion), oldest first. */
  supplementaryInvoices: SupplementaryInvoiceSummary[];
  /** The thread with the shop, oldest first (issue 41): the buyer's messages and the shop's answers. */
  messages: OrderMessage[];
  /** The quote this order was accepted from (issue 40), or null. */
  quoteNumber: string | null;
  /** Changes the shop made to the lines before production, oldest first (issue 41). */
  lineChanges: OrderLineChangeView[];
  /**
   * The order's money: every invoice and credit note (each `pdf` opens with the order's token as
   * `?token=`), what is still to pay and the payment state. The buyer's copy lists no payment rows.
   */
  money: Omit<OrderMoney, 'payments'>;
  total: string;
  exVat: string;
  vat: string;
  /**
   * An order invoiced in EUR: the rate its invoices are converted at (EUR per SEK, its source and
   * day) and the invoice's amounts in EUR, with its VAT in SEK (the ledger's `vat`); null: in SEK.
   */
  invoiceCurrency: (InvoiceCurrencyRate & { net: string; vat: string; total: string; vatSek: string }) | null;
  /** How to pay: IBAN/BIC for buyers abroad. */
  payment: {
    bankAccount: string;
    bankgiro: string;
    amount: string;
    /** The invoice's OCR number (length digit + Luhn), the payment's reference. */
    ocr: string;
    iban: string | null;
    bic: string | null;
  };
}

export const orderTokenHeader = 'x-order-token';

/** Where the buyer downloads an order's invoice (add `?token=`): HTML (SPEC), PDF, Peppol UBL XML. */
export const invoicePaths = (orderNumber: string) => {
  const base = `/api/orders/${encodeURIComponent(orderNumber)}`;
  return { html: `${base}/invoice`, pdf: `${base}/invoice.pdf`, xml: `${base}/invoice.xml` };
};

/** One change of the order's lines as its buyer reads it: when, why, what, and the documents. */
export interface OrderLineChangeView {
  /** ISO time. */
  at: string;
  reason: string;
  /** The goods lines before and after, in words ("30 × Hoodie, Navy, Sizes: 7 M, 23 L"). */
  before: string[];
  after: string[];
  totalBefore: string;
  totalAfter: string;
  /** The supplementary invoice or credit notes it issued (find each in `money.documents`); none when the total stayed. */
  documents: string[];
}
