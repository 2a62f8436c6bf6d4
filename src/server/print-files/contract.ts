import { z } from 'zod';
import { printFileKinds, type OrderPrintFile, type PrintFileAnswer } from '@/shared/print-files';
import type { AddPrintFileAnswer, SupplementaryInvoiceSummary } from '@/shared/supplementary-invoices';

/**
 * The print files' response schemas (docs/api.md), shared by the routes that answer them: the
 * upload's answer, a print file as an order lists it (the buyer's order view, the file added after
 * ordering) and the supplementary invoice its conversion is charged on.
 */

/** What POST /api/print-files answers (201). */
export const printFileAnswerSchema = z.object({
  id: z.string(),
  kind: z.enum(printFileKinds),
  name: z.string(),
  bytes: z.number().int(),
  contentType: z.string(),
  width: z.number().int().optional().describe('Raster files: pixels'),
  height: z.number().int().optional(),
  sha256: z.string().optional().describe('The stored bytes’ sha256: one conversion fee per distinct file'),
}) satisfies z.ZodType<PrintFileAnswer>;

/** A print file as an order shows it. */
export const orderPrintFileSchema = printFileAnswerSchema.extend({
  quality: z
    .object({ dpi: z.number(), widthCm: z.number(), blurry: z.boolean() })
    .optional()
    .describe('Raster files with a print size: the effective resolution'),
  line: z
    .number()
    .int()
    .optional()
    .describe('The order line (0-based) the file is for; absent: the whole order'),
  note: z.string().optional(),
}) satisfies z.ZodType<OrderPrintFile>;

/** An invoice added after ordering (a raster file’s conversion, an increase of the order's lines). */
export const supplementaryInvoiceSchema = z.object({
  invoiceNumber: z.string(),
  orderNumber: z.string(),
  issuedAt: z.string().describe('ISO time'),
  dueDate: z.string().describe('YYYY-MM-DD, Europe/Stockholm'),
  total: z.string().describe('Exact decimal kronor'),
  printFileName: z.string().nullable(),
  charges: z.enum(['conversion', 'change']),
  payment: z.object({ paidOn: z.string(), amount: z.string() }).nullable(),
}) satisfies z.ZodType<SupplementaryInvoiceSummary>;

/** What POST /api/orders/:number/print-files answers (201 added, 200 already there). */
export const addPrintFileAnswerSchema = z.object({
  printFile: orderPrintFileSchema,
  supplementaryInvoice: supplementaryInvoiceSchema.nullable(),
}) satisfies z.ZodType<AddPrintFileAnswer>;
