import { formatSplit, type SizeSplit } from './sizes';

import type { VatTreatment } from './invoicing/vat-treatment';
/** Shapes of the admin API (src/server/admin) as the admin page reads them. Money as exact decimal strings. */
import type { OrderStatus } from './order-status';
import type { OrderDelivery } from './delivery';
import type { OrderPrintFile } from './print-files';
import type { SupplementaryInvoiceSummary } from './supplementary-invoices';
import type { StatusDetails } from './carriers';
import type { OrderProof } from './proofs';
import type { OrderLineDesign } from './order-view';
import type { OrderMoney, PaymentState } from './ledger';
import type { OrderMessage, OrderNote } from './order-talk';
import type { GroupLine } from './group-orders';

// The admin pages read the order's life from here too (defined once in order-status.ts).
export { isOrderStatus, nextStatuses, orderStatuses, statusLabels, type OrderStatus } from './order-status';

export interface AdminStats {
  totalOrders: number;
  /** Sum of every order's total, "1234567.50". */
  totalTurnover: string;
  /** Turnover / orders rounded to whole kronor, "5719"; "0" without orders. */
  averageOrderValue: string;
  /**
   * The turnover an accountant means: every document issued in the period, excluding VAT, credit
   * notes subtracted ("81234.00"); the period is this calendar year in Stockholm up to today.
   */
  netTurnover: { amount: string; from: string; to: string };
}

/** A line of the job: what to make, without its price (every role reads this much). */
export interface AdminJobLine extends OrderLineDesign {
  productId: string;
  name: string;
  /** The names in both languages the line was sold with (orders since the catalogue is kept in admin). */
  names?: Readonly<Record<'sv' | 'en', string>>;
  quantity: number;
}

/** A line with its prices: the money roles' view. */
export interface AdminOrderLine extends AdminJobLine {
  unitPrice: string;
  lineTotal: string;
  /** Priced by staff (quotes, staff orders): a negotiated unit price, or a free line they wrote. */
  quoted?: 'negotiated' | 'free';
  /** A group order's line: each garment's member, size, name and number. */
  group?: GroupLine;
}

/**
 * An order flagged for the owner's attention (a production member who may not do something, e.g.
 * cancel an invoiced order, says why); the money roles clear it.
 */
export interface AdminAttention {
  reason: string;
  /** Who flagged it (null: nobody known). */
  raisedBy: string | null;
  /** ISO time. */
  raisedAt: string;
}

/**
 * Which view of an order the server answered: `money` (owner, bookkeeping) with every amount, or
 * `job` (production): the job only, without a single amount (issue 38). The server decides by the
 * session's role; the admin page renders what it was given.
 */
export type AdminOrderViewKind = 'money' | 'job';

/** An order in the list as every role sees it: the job, the customer, the dates; no money. */
export interface AdminJobSummary {
  orderNumber: string;
  /** ISO time with microseconds. */
  orderDate: string;
  customerName: string;
  customerOrganization: string | null;
  customerEmail: string;
  customerPhone: string;
  itemsSummary: string;
  /** The job's state (production); its money is paymentState (money view). */
  status: OrderStatus;
  /** Estimated delivery, the buyer's needed-by date and whether the estimate misses it. */
  delivery: OrderDelivery;
  /** Where the latest proof stands (shown beside the status); null before the first proof. */
  proofState: AdminProofState | null;
  /** Flagged for the owner's attention; null when not. */
  attention: AdminAttention | null;
}

/** The list's job view (production). */
export interface AdminJobOrderSummary extends AdminJobSummary {
  view: 'job';
}

/** The list's money view (owner, bookkeeping). */
export interface AdminOrderSummary extends AdminJobSummary {
  view: 'money';
  totalAmount: string;
  /** Derived from the order's documents and payments (src/shared/ledger.ts), never set by hand. */
  paymentState: PaymentState;
  /** What is still to pay over every document of the order; negative when money is owed back. */
  balance: string;
}

/** The latest proof version: waiting for the buyer, sent back with changes, or approved. */
export type AdminProofState = 'awaiting' | 'changes_requested' | 'approved';

export interface AdminOrderPage {
  orders: AdminOrderSummary[];
  /** Pass as ?cursor= for the next page; null on the last page. */
  nextCursor: string | null;
}

/** The list as production gets it: every order's job view. */
export interface AdminJobOrderPage {
  orders: AdminJobOrderSummary[];
  nextCursor: string | null;
}

/** GET /api/admin/orders: the money view for the money roles, the job view for production. */
export type AdminOrderListAnswer = AdminOrderPage | AdminJobOrderPage;

export interface AdminStatusEvent {
  fromStatus: string;
  toStatus: string;
  changedAt: string;
  /** What the step recorded: cancel reason, payment date and amount, carrier and tracking number. */
  details: StatusDetails | null;
}

/** What every role reads of one order: the job, its customer and delivery, proofs and files. */
export interface AdminJobDetailBase extends AdminJobSummary {
  customerType: 'personal' | 'company';
  customerOrgNumber: string | null;
  customerPersonalNumber: string | null;
  customerAddress: string;
  deliveryAddress: string;
  countryCode: string;
  items: AdminJobLine[];
  buyerReference: string | null;
  statusChangedAt: string;
  events: AdminStatusEvent[];
  /** Why "in production" cannot be chosen yet (no approved latest proof); null when it can. */
  productionBlockedReason: string | null;
  /** Every proof version, oldest first, with the buyer's decision; open each at adminProofPath. */
  proofs: OrderProof[];
  /** Every print file of the order; download each at printFileDownloadPath. */
  printFiles: OrderPrintFile[];
  /** Pixel sizes of the customiser images by upload id (raster ones whose size is known). */
  imageSizes: Record<string, { width: number; height: number }>;
  /**
   * Who may cancel the order now: `production` (owner, production) while nothing invoiced is left
   * to credit, `money` (owner, bookkeeping) once cancelling would issue a credit note.
   */
  cancelBy: 'production' | 'money';
  /** Staff's internal notes, oldest first (production: none naming money). */
  notes: OrderNote[];
  /** The thread with the buyer, oldest first (production: no entry naming money). */
  messages: OrderMessage[];
}

/** One order as production reads it: the job, without a single amount. */
export interface AdminJobOrderDetail extends AdminJobDetailBase {
  view: 'job';
}

/** The order with its money: documents (invoices, credit notes), payments, balance and payment state. */
export interface AdminOrderDetail extends AdminJobDetailBase, OrderMoney {
  view: 'money';
  totalAmount: string;
  items: AdminOrderLine[];
  exVatAmount: string;
  vatAmount: string;
  /** Invoicing (see migrations/0700_invoicing.sql). */
  vatTreatment: VatTreatment;
  /** The VAT rate charged, percent (25; 0 without VAT; the buyer country's under OSS). */
  vatPercent: number;
  buyerVatNumber: string | null;
  billingAddress: string | null;
  /** Invoices added after ordering, oldest first; open each at adminSupplementaryInvoicePaths. */
  supplementaryInvoices: SupplementaryInvoiceSummary[];
  /** What VIES said of the buyer's VAT number (at checkout, then the background retry); null: never asked. */
  vies: AdminVies | null;
  /** The quote the order was made from (issue 40), or null. */
  quoteNumber: string | null;
  /** Staff's changes of the lines before production, oldest first (issue 41). */
  lineChanges: AdminLineChange[];
}

/** One change of an order's lines by staff: when, why, the totals and the documents that settled it. */
export interface AdminLineChange {
  at: string;
  reason: string;
  totalBefore: string;
  totalAfter: string;
  /** The supplementary invoice or credit notes it issued; none when the total stayed the same. */
  documents: string[];
}

/** GET /api/admin/orders/:number (and a status change's answer): by the session's role. */
export type AdminOrderAnswer = AdminOrderDetail | AdminJobOrderDetail;

export interface AdminVies {
  /** unavailable: VIES did not answer yet (the order went through on the number's format, unverified). */
  status: 'valid' | 'invalid' | 'unavailable';
  /** The name VIES has registered for the number, when it gives one. */
  name: string | null;
  /** VIES's identifier of the check (the proof the buyer was checked). */
  requestId: string | null;
  /** ISO time of the last question. */
  checkedAt: string | null;
  /**
   * The order was invoiced without Swedish VAT (intra-Community supply) on a number VIES has since
   * said is not registered: credit the invoice and issue a new one with Swedish VAT.
   */
  reissue: boolean;
}

/**
 * Longer side of the thumbnails the admin page shows of customiser images, made on the server
 * (GET adminUploadThumbnailPath). A browser decodes the whole image whatever the box it is drawn
 * in (4 bytes a pixel: a 50-megapixel print is 200 MB), so an order with several big images would
 * hold gigabytes in the admin's tab; a thumbnail is at most 320 × 320 px.
 */
export const ADMIN_THUMBNAIL_PX = 320;

/** Where the admin page reads a customiser image's bounded thumbnail (WebP). */
export function adminUploadThumbnailPath(uploadId: string): string {
  return `/api/admin/uploads/${encodeURIComponent(uploadId)}/thumbnail`;
}

/** Where the admin downloads an order's print file (always as an attachment). */
export function printFileDownloadPath(orderNumber: string, fileId: string): string {
  return `/api/admin/orders/${encodeURIComponent(orderNumber)}/print-files/${encodeURIComponent(fileId)}`;
}

export interface AdminPartnerApplication {
  id: string;
  companyName: string;
  orgNumber: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  businessDescription: string;
  createdAt: string;
}

export interface AdminPartnerPage {
  applications: AdminPartnerApplication[];
  nextCursor: string | null;
}

/** "120 × Hoodie (20 S, 50 M, 50 L), 100 × Coupon Booklet" */
export function itemsSummary(
  items: readonly { name: string; quantity: number; sizes?: SizeSplit | undefined }[],
  /** Plain digits for the CSV (a spreadsheet reads them); the admin pages pass formatCount ("10 000"). */
  count: (n: number) => string = String,
): string {
  return items
    .map(
      (item) => `${count(item.quantity)} × ${item.name}${item.sizes ? ` (${formatSplit(item.sizes)})` : ''}`,
    )
    .join(', ');
}
