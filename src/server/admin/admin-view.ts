import { z } from 'zod';
import type {
  AdminJobOrderDetail,
  AdminOrderDetail,
  AdminOrderListAnswer,
  AdminPartnerPage,
  AdminStats,
} from '@/shared/admin';
import { carrierIds } from '@/shared/carriers';
import type { Locale } from '@/shared/i18n/locale';
import { vatTreatments } from '@/shared/invoicing/vat-treatment';
import { paymentStates } from '@/shared/ledger';
import { orderStatuses } from '@/shared/order-status';
import { printFileKinds } from '@/shared/print-files';
import { proofContentTypes, proofDecisions } from '@/shared/proofs';
import { roleMay, staffRoles, type StaffRole } from '@/shared/staff';
import type { Db } from '@/server/db/client';
import { orderMoneyShape } from '@/server/ledger';
import { orderMessageSchema } from '@/server/orders';
import { orderDetail, orderJobDetail } from './order-detail';

/**
 * The admin's views (the admin reader's one view module): the response schemas of the admin API's
 * order, list, stats, session and partner routes, and the mapper that picks an order's view by
 * the session's role. A field the admin page reads is named here, or the schema drops it.
 */

const text = z.string();
const nullableText = z.string().nullable();

const deliverySchema = z.object({
  estimate: text,
  countedFrom: z.enum(['approval', 'today']),
  neededBy: nullableText,
  atRisk: z.boolean(),
});

const attentionSchema = z
  .object({ reason: text, raisedBy: nullableText, raisedAt: text })
  .describe('Flagged for the owner’s attention');

const jobSummaryShape = {
  orderNumber: text,
  orderDate: text,
  customerName: text,
  customerOrganization: nullableText,
  customerEmail: text,
  customerPhone: text,
  itemsSummary: text,
  status: z.enum(orderStatuses),
  delivery: deliverySchema,
  proofState: z.enum(['awaiting', 'changes_requested', 'approved']).nullable(),
  attention: attentionSchema.nullable(),
};

const moneySummaryShape = {
  ...jobSummaryShape,
  totalAmount: text,
  paymentState: z.enum(paymentStates),
  balance: text,
};

/** GET /api/admin/orders: the money view for the money roles, the job view for production. */
export const adminOrderListSchema = z
  .union([
    z.object({
      orders: z.array(z.object({ view: z.literal('money'), ...moneySummaryShape })),
      nextCursor: nullableText,
    }),
    z.object({
      orders: z.array(z.object({ view: z.literal('job'), ...jobSummaryShape })),
      nextCursor: nullableText,
    }),
  ])
  .describe('A page of orders, newest first; nextCursor is null on the last page');

const customisationSchema = z.object({
  color: text,
  prints: z.array(
    z.object({
      method: text,
      uploadId: text,
      side: text,
      x: z.number(),
      y: z.number(),
      scale: z.number(),
    }),
  ),
  additionalInfo: text,
});

const jobLineShape = {
  productId: text,
  name: text,
  names: z.object({ sv: text, en: text }).optional(),
  quantity: z.number().int(),
  customisation: customisationSchema.optional(),
  sizes: z.record(z.string(), z.number()).optional().describe('Quantity per size'),
  options: z.record(z.string(), z.string()).optional().describe('The buyer’s choices'),
  notes: text.optional(),
  tierQuantity: z.number().int().optional(),
  fee: z.literal('conversion').optional(),
  printFileId: text.optional(),
  printFileName: text.optional(),
};

const orderLineSchema = z.object({
  ...jobLineShape,
  unitPrice: text,
  lineTotal: text,
  quoted: z.enum(['negotiated', 'free']).optional(),
  group: z
    .object({
      personalisation: z.object({ name: z.boolean(), number: z.boolean() }),
      garments: z.array(
        z.object({ member: text, size: text, printName: text.optional(), printNumber: text.optional() }),
      ),
    })
    .optional(),
});

const statusEventSchema = z.object({
  fromStatus: text,
  toStatus: text,
  changedAt: text,
  details: z
    .object({
      reason: text.optional(),
      cancelledBy: z.literal('buyer').optional(),
      paidOn: text.optional(),
      amountReceived: text.optional(),
      carrier: z.enum(carrierIds).optional(),
      carrierName: text.optional(),
      trackingNumber: text.optional(),
    })
    .nullable(),
});

const proofSchema = z.object({
  version: z.number().int(),
  fileName: text,
  contentType: z.enum(proofContentTypes),
  bytes: z.number().int(),
  note: nullableText,
  createdAt: text,
  decision: z.object({ decision: z.enum(proofDecisions), comment: nullableText, decidedAt: text }).nullable(),
});

const printFileSchema = z.object({
  id: text,
  kind: z.enum(printFileKinds),
  name: text,
  bytes: z.number().int(),
  contentType: text,
  width: z.number().optional(),
  height: z.number().optional(),
  sha256: text.optional(),
  quality: z.object({ dpi: z.number(), widthCm: z.number(), blurry: z.boolean() }).optional(),
  line: z.number().int().optional(),
  note: text.optional(),
});

const noteSchema = z.object({
  id: text,
  text,
  forProduction: z.boolean(),
  writtenBy: text,
  writtenAt: text,
});

const jobDetailShape = {
  ...jobSummaryShape,
  customerType: z.enum(['personal', 'company']),
  customerOrgNumber: nullableText,
  customerPersonalNumber: nullableText,
  customerAddress: text,
  deliveryAddress: text,
  countryCode: text,
  items: z.array(z.object(jobLineShape)),
  buyerReference: nullableText,
  statusChangedAt: text,
  events: z.array(statusEventSchema),
  productionBlockedReason: nullableText,
  proofs: z.array(proofSchema),
  printFiles: z.array(printFileSchema),
  imageSizes: z.record(z.string(), z.object({ width: z.number(), height: z.number() })),
  cancelBy: z.enum(['production', 'money']),
  notes: z.array(noteSchema),
  messages: z.array(orderMessageSchema),
};

const supplementaryInvoiceSchema = z.object({
  invoiceNumber: text,
  orderNumber: text,
  issuedAt: text,
  dueDate: text,
  total: text,
  printFileName: nullableText,
  charges: z.enum(['conversion', 'change']),
  payment: z.object({ paidOn: text, amount: text }).nullable(),
});

/** The job view (production, issue 38): the job without a single amount. */
const jobOrderSchema = z.object({ view: z.literal('job'), ...jobDetailShape });

/** The money view (owner, bookkeeping): the job with its prices, documents and payments. */
const moneyOrderSchema = z.object({
  view: z.literal('money'),
  ...jobDetailShape,
  ...orderMoneyShape,
  totalAmount: text,
  items: z.array(orderLineSchema),
  exVatAmount: text,
  vatAmount: text,
  vatTreatment: z.enum(vatTreatments),
  vatPercent: z.number(),
  buyerVatNumber: nullableText,
  billingAddress: nullableText,
  supplementaryInvoices: z.array(supplementaryInvoiceSchema),
  vies: z
    .object({
      status: z.enum(['valid', 'invalid', 'unavailable']),
      name: nullableText,
      requestId: nullableText,
      checkedAt: nullableText,
      reissue: z.boolean(),
    })
    .nullable(),
  quoteNumber: nullableText,
  lineChanges: z.array(
    z.object({
      at: text,
      reason: text,
      totalBefore: text,
      totalAfter: text,
      documents: z.array(text),
    }),
  ),
});

/**
 * GET /api/admin/orders/:number (and the answer of a status change or a flag): an order as the
 * staff member's role may see it (docs/security-roles.md).
 */
export const adminOrderViewSchema = z
  .discriminatedUnion('view', [moneyOrderSchema, jobOrderSchema])
  .describe('The order as the role may see it: the money view or the job view');

export type AdminOrderView = AdminOrderDetail | AdminJobOrderDetail;

// The views' types meet the schemas: an order view is what the schema reads (checked by the compiler).
const viewsFitTheSchema = (view: AdminOrderView): z.input<typeof adminOrderViewSchema> => view;
const listFitsTheSchema = (page: AdminOrderListAnswer): z.input<typeof adminOrderListSchema> => page;
void viewsFitTheSchema;
void listFitsTheSchema;

/**
 * The order as the session's role may read it: the money roles get its money, production the job
 * view, built without reading a document or payment (issue 38: no amount reaches production).
 */
export function adminOrderView(
  db: Db,
  role: StaffRole,
  orderNumber: string,
  locale: Locale,
): Promise<AdminOrderView | undefined> {
  return roleMay(role, 'money')
    ? orderDetail(db, orderNumber, locale)
    : orderJobDetail(db, orderNumber, locale);
}

export const adminStatsSchema = z.object({
  totalOrders: z.number().int(),
  totalTurnover: text.describe('Every order’s total, "1234567.50"'),
  averageOrderValue: text.describe('Whole kronor, "5719"'),
  netTurnover: z
    .object({ amount: text, from: text, to: text })
    .describe('Issued documents this calendar year, excluding VAT, credit notes subtracted'),
}) satisfies z.ZodType<AdminStats>;

export const adminSessionSchema = z.object({
  ok: z.literal(true),
  staff: z.object({ id: z.number().int(), name: text, role: z.enum(staffRoles) }),
});

export const adminPartnerPageSchema = z.object({
  applications: z.array(
    z.object({
      id: text,
      companyName: text,
      orgNumber: text,
      contactPerson: text,
      email: text,
      phone: text,
      address: text,
      city: text,
      postalCode: text,
      country: text,
      businessDescription: text,
      createdAt: text,
    }),
  ),
  nextCursor: nullableText,
}) satisfies z.ZodType<AdminPartnerPage>;
