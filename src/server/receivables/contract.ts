import { z } from 'zod';
import { isCalendarDate } from '@/shared/dates';
import { moneyViewMessages } from '@/shared/i18n/messages/money-view';
import { documentKinds, paymentStates } from '@/shared/ledger';
import { agingBuckets } from '@/shared/receivables/aging';
import {
  bankFileFormats,
  bankPaymentStates,
  notBookedReasons,
  receivablesFilters,
  unmatchedReasons,
  type AssignBankPaymentRequest,
  type BankFileImportAnswer,
  type NotOursRequest,
  type OpenInvoice,
  type QueuedBankPayment,
  type ReceivablesAnswer,
} from '@/shared/receivables/bank-payments';
import { textField } from '@/shared/text';
import { everyFieldNamed, orEmpty, schemaMessages, type Unnamed } from '@/server/http/contract';

/**
 * The receivables routes' contracts (docs/api.md): request schemas worded in English, their
 * refusals answered in the reader's language through the catalogue registered here; response
 * schemas that name every field the money view and the tests read.
 */
schemaMessages(moneyViewMessages);

const t = moneyViewMessages.en;

/** A bank payment in a path. */
export const bankPaymentParams = z.object({
  id: z.coerce
    .number({ error: t.paymentNotFound })
    .int(t.paymentNotFound)
    .positive(t.paymentNotFound)
    .max(Number.MAX_SAFE_INTEGER, t.paymentNotFound),
});

export const queueQuery = z.object({
  state: z
    .enum(['unmatched', 'decided'], { error: t.badFilter })
    .default('unmatched')
    .describe('unmatched: the queue; decided: what was decided by hand'),
});

export const assignBody = orEmpty(
  z.object({
    invoice: textField({
      required: t.invoiceRequired,
      min: [1, t.invoiceRequired],
      max: [40, t.invoiceRequired],
    })
      .transform((invoice) => invoice.toUpperCase())
      .describe('The invoice’s number, "INV-1732350000000" (a supplementary invoice’s too)'),
  }),
);

export const notOursBody = orEmpty(
  z.object({
    note: textField({ multiline: true, required: t.noteTooLong, max: [500, t.noteTooLong] }).optional(),
  }),
);

export const receivablesQuery = z.object({
  filter: z.enum(receivablesFilters, { error: t.badFilter }).default('all'),
  customer: textField({ required: t.badFilter, max: [200, t.badFilter] })
    .optional()
    .describe('Part of the customer’s name or email'),
  on: z
    .string({ error: t.badDay })
    .refine(isCalendarDate, t.badDay)
    .optional()
    .describe('YYYY-MM-DD: the day the view is computed for; today in Stockholm when left out'),
});

/** The multipart body of a bank file (documentation: the file is read as a stream by the handler). */
export const bankFileBody = z.unknown().meta({
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary', description: 'A BgMax or camt.054 file (one file field)' },
  },
});

const bankFileImportShape = {
  format: z.enum(bankFileFormats),
  payments: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  duplicates: z.number().int(),
  refused: z.number().int().describe('Lines dated after the import’s day: not stored, nothing booked'),
  notBooked: z
    .array(
      z.object({
        reason: z.enum(notBookedReasons),
        bookedOn: z.string(),
        amount: z.string(),
        currency: z.string(),
        reference: z.string().nullable(),
        invoice: z.string().nullable(),
        issuedOn: z.string().nullable(),
        enteredOn: z
          .string()
          .nullable()
          .describe('The day it went onto the suspense account (2999) to wait in the queue; null: refused'),
        message: z.string().describe('What happened to the line, in the reader’s language'),
      }),
    )
    .describe('Lines not recorded on their invoice for their day (at most 100)'),
};
export const bankFileImportSchema = z.object(bankFileImportShape);

const queuedShape = {
  id: z.number().int(),
  amount: z.string().describe('"1900.00"; negative for a deduction'),
  currency: z.string(),
  bookedOn: z.string().nullable(),
  state: z.enum(bankPaymentStates),
  reason: z.enum(unmatchedReasons).nullable(),
  references: z.array(z.string()),
  messages: z.array(z.string()),
  payerName: z.string().nullable(),
  payerId: z.string().nullable(),
  format: z.enum(bankFileFormats),
  importedAt: z.string(),
  invoice: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  note: z.string().nullable(),
};
export const queuedBankPaymentSchema = z.object(queuedShape);
export const bankPaymentQueueSchema = z.object({ payments: z.array(queuedBankPaymentSchema) });

const openInvoiceShape = {
  number: z.string(),
  orderNumber: z.string(),
  kind: z.enum(
    documentKinds.filter((kind) => kind !== 'credit_note') as [
      'invoice',
      'supplementary_invoice',
      'reminder',
    ],
  ),
  customer: z.string(),
  issuedOn: z.string(),
  dueOn: z.string(),
  lastDayToPay: z.string(),
  daysOverdue: z.number().int(),
  ocr: z.string().nullable(),
  total: z.string(),
  paid: z.string(),
  balance: z.string(),
  paymentState: z.enum(paymentStates),
};
const bucket = z.object({ count: z.number().int(), amount: z.string() });
const receivablesShape = {
  on: z.string(),
  aging: z.object({
    ...(Object.fromEntries(agingBuckets.map((name) => [name, bucket])) as Record<
      (typeof agingBuckets)[number],
      typeof bucket
    >),
    total: z.string(),
  }),
  invoices: z.array(z.object(openInvoiceShape)),
  truncated: z.boolean().describe('More invoices matched than the first 500 listed'),
};
export const receivablesSchema = z.object(receivablesShape);

// Every field of the shared types is named by its schema (a field left out would be stripped).
everyFieldNamed<
  [
    Unnamed<BankFileImportAnswer, typeof bankFileImportShape>,
    Unnamed<QueuedBankPayment, typeof queuedShape>,
    Unnamed<OpenInvoice, typeof openInvoiceShape>,
    Unnamed<ReceivablesAnswer, typeof receivablesShape>,
    Unnamed<ReceivablesAnswer['aging'], z.infer<typeof receivablesSchema>['aging']>,
    Unnamed<AssignBankPaymentRequest, z.input<typeof assignBody>>,
    Unnamed<NotOursRequest, z.input<typeof notOursBody>>,
  ]
>();
