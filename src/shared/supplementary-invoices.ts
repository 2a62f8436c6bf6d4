import { formatDate } from './dates';
import { translate } from './i18n/define';
import { dateLocaleTag, type Locale } from './i18n/locale';
import { orderPrintFileMessages } from './i18n/messages/order-print-files';
import { printFileMessages } from './i18n/messages/print-files';
import { formatEuroDecimal, formatKrDecimal } from './money-format';
import type { OrderPrintFile } from './print-files';

/**
 * Supplementary invoices: charges added to an order after it was placed (a raster print file added
 * on the order page costs the conversion fee). Each has its own number from the orders' series,
 * its own issue and due date, and is listed with the order for the buyer and the admin.
 */
export interface SupplementaryInvoiceSummary {
  invoiceNumber: string;
  orderNumber: string;
  /** ISO time of issue. */
  issuedAt: string;
  /** Calendar date in Stockholm, "2026-12-23" (PAYMENT_DAYS after the issue date). */
  dueDate: string;
  /** What the buyer pays, exact decimal kronor ("100.00"; "80.00" under reverse charge or export). */
  total: string;
  /** The print file whose conversion it charges. */
  printFileName: string | null;
  /** What it charges: a print file's conversion, or an increase when staff changed the order's lines. */
  charges: 'conversion' | 'change';
  /** The money received on it (the sum of its payments) and the latest day; null while nothing came in. */
  payment: { paidOn: string; amount: string } | null;
}

/** What a supplementary invoice charges, when it is due and for which file, as the buyer and the admin read it. */
export function supplementaryInvoiceDetail(
  invoice: SupplementaryInvoiceSummary,
  locale: Locale,
  /** A euro invoice's own EUR total (its ledger document's `totalInCurrency`), shown instead. */
  totalInEur?: string,
): string {
  const texts = translate(orderPrintFileMessages, locale);
  const total = totalInEur === undefined ? formatKrDecimal(invoice.total) : formatEuroDecimal(totalInEur);
  const due = formatDate(invoice.dueDate, dateLocaleTag[locale]);
  if (invoice.charges === 'change') return texts.supplementaryChangeDetail({ total, due });
  return texts.supplementaryDetail({
    total,
    due,
    file: invoice.printFileName ?? translate(printFileMessages, locale).unnamed,
  });
}

/** The buyer's copies of a supplementary invoice (add `?token=`): HTML and PDF. */
export function supplementaryInvoicePaths(orderNumber: string, invoiceNumber: string) {
  const base = `/api/orders/${encodeURIComponent(orderNumber)}/invoices/${encodeURIComponent(invoiceNumber)}`;
  return { html: base, pdf: `${base}.pdf` };
}

/** The admin's copies (session cookie); its payments go through POST /api/admin/orders/:number/payments. */
export function adminSupplementaryInvoicePaths(orderNumber: string, invoiceNumber: string) {
  const base = `/api/admin/orders/${encodeURIComponent(orderNumber)}/invoices/${encodeURIComponent(invoiceNumber)}`;
  return { html: base, pdf: `${base}.pdf` };
}

/**
 * POST /api/orders/:number/print-files (token in the x-order-token header): adds a print file
 * uploaded with POST /api/print-files to a placed order. A raster file costs the conversion fee,
 * so it needs `acceptConversionFee: true` (else 409 with the fee in the message, nothing changed).
 */
export interface AddPrintFileRequest {
  printFile: string;
  acceptConversionFee?: boolean;
  /** The order line (0-based, goods lines only) the file is for; absent: the whole order. */
  line?: number;
  /** The buyer's note to the printer with this file. */
  note?: string;
}

/**
 * 201 when the file was added, 200 when the order already had it (the same upload, or a file with
 * the same content: a retried request), with the invoice that file's conversion is charged on.
 */
export interface AddPrintFileAnswer {
  printFile: OrderPrintFile;
  supplementaryInvoice: SupplementaryInvoiceSummary | null;
}
