import { boolean, check, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintNumber, identityId, timestampTz, createdAt, money, isoDate } from './schema-columns';
import { sql } from 'drizzle-orm';
import type { StatusDetails } from '@/shared/carriers';
import type { Customisation } from '@/shared/customisation';
import { orderStatuses } from '@/shared/order-status';
import type { SizeSplit } from '@/shared/sizes';
import type { GroupLine } from '@/shared/group-orders';
import type { LineOptions } from '@/shared/product-options';
import type { MockupId, MockupPicture, PrintAreasCm } from '@/shared/print-areas';
import type { Locale } from '@/shared/i18n/locale';
import { vatTreatments } from '@/shared/invoicing/vat-treatment';
import type { InvoiceCurrencyRate } from '@/shared/invoicing/invoice-currency';
import { oneOf } from './schema-checks';

const customerTypes = ['personal', 'company'] as const;
/** What VIES said of the buyer's VAT number at checkout (migrations/3400_vies.sql). */
const viesStatuses = ['valid', 'invalid', 'unavailable'] as const;

/** A priced line as the server stored it. Money as exact decimal strings ("5718.75"). */
export interface StoredOrderLine {
  productId: string;
  name: string;
  /**
   * The product's name in both languages when it was sold (the owner may rename it later); lines
   * stored before names were kept fall back to the catalogue's messages by id.
   */
  names?: Readonly<Record<Locale, string>>;
  quantity: number;
  /** Per-unit price, up to three decimals ("114.375"). */
  unitPrice: string;
  lineTotal: string;
  customisation?: Customisation;
  /** Garments: pieces per size, summing to quantity (src/shared/sizes.ts). */
  sizes?: SizeSplit;
  /** The buyer's choices: colour, decoration, format (src/shared/product-options.ts). */
  options?: LineOptions;
  /** One design in several colours: the combined quantity whose tier priced this line. */
  tierQuantity?: number;
  /** The buyer's notes to the printer for this line. */
  notes?: string;
  /**
   * The product's print areas in cm and its mockup when it was sold: the job ticket and the print
   * files' resolution use these, whatever the owner changes in the catalogue afterwards.
   */
  printAreas?: PrintAreasCm;
  mockup?: MockupId;
  mockupPicture?: MockupPicture;
  /**
   * A fee rather than goods: 'conversion' (one raster print file, `printFileId`). productId is then
   * the fee code (CONVERSION_FEE_CODE) and name its English text; pages show it translated.
   */
  fee?: 'conversion';
  printFileId?: string;
  /** The print file's name as the buyer sent it (shown under the fee on the invoice). */
  printFileName?: string;
  /**
   * Priced by a quote (src/server/quotes): 'negotiated', a unit price staff agreed instead of the
   * catalogue's; 'free', a line staff wrote (setup, rush, shipping), its text the name in both languages.
   */
  quoted?: 'negotiated' | 'free';
  /** A group order's line: each garment's member, size, name and number (src/shared/group-orders.ts). */
  group?: GroupLine;
}

/** See migrations/0100_orders.sql for the reasons behind each column. */
export const orders = pgTable(
  'orders',
  {
    id: identityId(),
    orderNumber: text('order_number').notNull().unique(),
    invoiceSeq: bigintNumber('invoice_seq').notNull().unique(),
    customerType: text('customer_type', { enum: customerTypes }).notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerOrganization: text('customer_organization'),
    customerOrgNumber: text('customer_org_number'),
    customerPersonalNumber: text('customer_personal_number'),
    customerAddress: text('customer_address').notNull(),
    deliveryAddress: text('delivery_address').notNull(),
    countryCode: text('country_code').notNull(),
    items: jsonb('items').$type<StoredOrderLine[]>().notNull(),
    totalAmount: money('total_amount').notNull(),
    exVatAmount: money('ex_vat_amount').notNull(),
    vatAmount: money('vat_amount').notNull(),
    /** See migrations/0700_invoicing.sql. */
    vatTreatment: text('vat_treatment', { enum: vatTreatments }).notNull().default('domestic'),
    buyerVatNumber: text('buyer_vat_number'),
    buyerReference: text('buyer_reference'),
    /** BT-13 and the buyer's own Peppol ID (migrations/2800_invoice_references.sql). */
    purchaseOrderNumber: text('purchase_order_number'),
    buyerPeppolId: text('buyer_peppol_id'),
    billingAddress: text('billing_address'),
    /** What VIES said of the buyer's VAT number at checkout (migrations/3400_vies.sql). */
    viesStatus: text('vies_status', { enum: viesStatuses }),
    viesName: text('vies_name'),
    viesRequestId: text('vies_request_id'),
    viesCheckedAt: timestampTz('vies_checked_at'),
    /** Invoiced in EUR at this rate; null: in SEK (migrations/3500_invoice_currency.sql). */
    invoiceCurrency: jsonb('invoice_currency').$type<InvoiceCurrencyRate>(),
    /** The buyer's "needed by" date, "2026-12-23" (migrations/1200_needed_by.sql); null when none was given. */
    neededBy: isoDate('needed_by'),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    statusChangedAt: timestampTz('status_changed_at').notNull().defaultNow(),
    orderDate: timestampTz('order_date').notNull().defaultNow(),
    /** sha256 of the buyer's idempotency key (the key itself is the secret behind the access token). */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    requestHash: text('request_hash').notNull(),
    accessTokenHash: text('access_token_hash').notNull(),
    /** The CSV export's item columns, made at write (migrations/1840_export_item_cells.sql). */
    exportItemCells: text('export_item_cells')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`order_export_item_cells(items)`),
    /**
     * The export's items column in each language, written by a trigger from the lines at every insert
     * and change of them (migrations/6800_export_items_summaries.sql); the default is never stored.
     */
    exportItemsSummarySv: text('export_items_summary_sv').notNull().default(''),
    exportItemsSummaryEn: text('export_items_summary_en').notNull().default(''),
    /**
     * The parts of the export's line in each format (its own cells, its money cells from the
     * ledger), written by a trigger at every insert and change of the order and of its documents
     * and payments (migrations/6850_order_export_lines.sql); the default is never stored.
     */
    exportLineStandardHead: text('export_line_standard_head').notNull().default(''),
    exportLineStandardTail: text('export_line_standard_tail').notNull().default(''),
    exportLineStandardMoney: text('export_line_standard_money').notNull().default(''),
    exportLineExcelHead: text('export_line_excel_head').notNull().default(''),
    exportLineExcelTail: text('export_line_excel_tail').notNull().default(''),
    exportLineExcelMoney: text('export_line_excel_money').notNull().default(''),
    /** True for the orders the exact search's indexes cannot vouch for (migrations/1830_admin_exact_search.sql). */
    searchOutlier: boolean('search_outlier')
      .notNull()
      .generatedAlwaysAs(
        sql`order_number IS DISTINCT FROM 'INV-' || invoice_seq OR customer_email ~* '@.*@|inv-' OR (customer_name || E'\x1f' || coalesce(customer_organization, '')) ~* '@|inv-'`,
      ),
    /** The customer the order belongs to (migrations/6000_customer_register.sql, src/server/customers). */
    customerKey: text('customer_key').generatedAlwaysAs(
      sql`CASE
    WHEN customer_type = 'company' AND coalesce(customer_org_number, '') <> ''
      THEN 'org:' || country_code || ':' || upper(regexp_replace(customer_org_number, '[^0-9A-Za-z]', '', 'g'))
    WHEN coalesce(customer_personal_number, '') <> ''
      THEN 'pnr:' || regexp_replace(customer_personal_number, '[^0-9]', '', 'g')
    ELSE 'email:' || lower(customer_email) END`,
    ),
  },
  (t) => [
    // DESC in SQL is DESC NULLS FIRST; Drizzle's desc() alone means NULLS LAST.
    index('orders_order_date_idx').on(t.orderDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_status_date_idx').on(t.status, t.orderDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Admin search: trigrams of number, name, email and organisation (migration 0600_admin_search.sql).
    index('orders_search_idx').using(
      'gin',
      sql`(${t.orderNumber} || E'\x1f' || ${t.customerName} || E'\x1f' || ${t.customerEmail} || E'\x1f' || coalesce(${t.customerOrganization}, '')) gin_trgm_ops`,
    ),
    // Order lookup by email, newest first (migrations/1700_order_lookup_and_supplementary_invoices.sql).
    index('orders_customer_email_idx').on(
      sql`lower(${t.customerEmail})`,
      t.orderDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Exact search for a whole order number or email (migrations/1830_admin_exact_search.sql).
    index('orders_search_outliers_idx')
      .on(t.orderDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`search_outlier`),
    index('orders_email_parts_idx').on(
      sql`reverse(lower(split_part(${t.customerEmail}, '@', 1))) text_pattern_ops`,
      sql`lower(split_part(${t.customerEmail}, '@', 2)) text_pattern_ops`,
    ),
    // The customer register groups by customer (migrations/6000_customer_register.sql).
    index('orders_customer_key_idx').on(t.customerKey, t.orderDate.desc().nullsFirst()),
    // The customiser images each order prints (migrations/6700_order_print_upload_ids.sql).
    index('orders_print_upload_ids_idx').using(
      'gin',
      sql`jsonb_path_query_array(${t.items}, '$[*]."customisation"."prints"[*]."uploadId"')`,
    ),
    // VAT numbers VIES did not answer for at checkout, asked again (migrations/3450_vies_retry.sql).
    index('orders_vies_unavailable_idx')
      .on(t.viesCheckedAt, t.id)
      .where(sql`vies_status = 'unavailable'`),
    check('orders_total_amount_check', sql`${t.totalAmount} > 0`),
    check('orders_customer_type_check', oneOf(t.customerType, customerTypes)),
    check('orders_status_check', oneOf(t.status, orderStatuses)),
    check('orders_vat_treatment_check', oneOf(t.vatTreatment, vatTreatments)),
    check('orders_vies_status_check', oneOf(t.viesStatus, viesStatuses)),
    check(
      'orders_reverse_charge_has_vat_number',
      sql`${t.vatTreatment} <> 'reverse_charge' OR ${t.buyerVatNumber} IS NOT NULL`,
    ),
    // An order invoiced in EUR (migrations/3500_invoice_currency.sql): the rate's shape, never for a buyer in Sweden.
    check(
      'orders_invoice_currency_shape',
      sql`${t.invoiceCurrency} IS NULL OR (${t.invoiceCurrency}->>'code' = 'EUR' AND jsonb_typeof(${t.invoiceCurrency}->'rate') = 'string'
        AND jsonb_typeof(${t.invoiceCurrency}->'source') = 'string' AND jsonb_typeof(${t.invoiceCurrency}->'date') = 'string'
        AND ${t.countryCode} <> 'SE')`,
    ),
  ],
);

/** See migrations/1100_order_links.sql: the order page's links from emails, by token hash. */
export const orderLinks = pgTable(
  'order_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: bigintNumber('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_links_order_idx').on(t.orderId)],
);

export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: identityId(),
    orderId: bigintNumber('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    changedAt: timestampTz('changed_at').notNull().defaultNow(),
    /** What the step recorded: cancel reason, payment, shipment (migrations/1500_order_status_emails.sql). */
    details: jsonb('details').$type<StatusDetails>(),
  },
  (t) => [index('order_status_events_order_idx').on(t.orderId, t.changedAt)],
);

/**
 * See migrations/5000_order_line_changes.sql: each change of an order's lines by staff before
 * production, with the lines and totals before and after and the documents that settled it.
 */
export const orderLineChanges = pgTable(
  'order_line_changes',
  {
    id: identityId(),
    orderId: bigintNumber('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    changedBy: bigintNumber('changed_by'),
    reason: text('reason').notNull(),
    itemsBefore: jsonb('items_before').$type<StoredOrderLine[]>().notNull(),
    itemsAfter: jsonb('items_after').$type<StoredOrderLine[]>().notNull(),
    totalBefore: money('total_before').notNull(),
    totalAfter: money('total_after').notNull(),
    documentNumbers: jsonb('document_numbers')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_line_changes_order_idx').on(t.orderId, t.id),
    check('order_line_changes_reason_check', sql`char_length(${t.reason}) BETWEEN 1 AND 300`),
  ],
);

/**
 * Dashboard totals kept by a trigger on orders, spread over 16 slots (see the migration; its
 * fillfactor is in schema-sql-only.ts).
 */
export const orderTotals = pgTable(
  'order_totals',
  {
    slot: integer('slot').primaryKey(),
    orderCount: bigintNumber('order_count').notNull().default(0),
    totalAmount: numeric('total_amount', { precision: 20, scale: 2 })
      .notNull()
      .default(sql`0`),
  },
  (t) => [check('order_totals_slot_check', sql`${t.slot} >= 0 AND ${t.slot} < 16`)],
);
