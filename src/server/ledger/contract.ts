import { z } from 'zod';
import { isCalendarDate } from '@/shared/dates';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { ledgerMessages } from '@/shared/i18n/messages/ledger';
import { ledgerCurrencyMessages } from '@/shared/i18n/messages/ledger-currency';
import {
  documentKinds,
  parseAmountInput,
  paymentMethods,
  paymentStates,
  type CreditNoteRequest,
  type JournalEntry,
  type LedgerDocument,
  type LedgerPayment,
  type OrderMoney,
  type RecordPaymentRequest,
  type RefundRequest,
} from '@/shared/ledger';
import { textField } from '@/shared/text';
import { everyFieldNamed, orEmpty, schemaMessages, writtenText, type Unnamed } from '@/server/http/contract';

/**
 * The ledger routes' contracts (docs/api.md): request schemas worded in English, their refusals
 * answered in the reader's language through the catalogues registered here; response schemas that
 * name every field the admin's order page, the journal and the tests read (z.object strips the rest
 * on the way out).
 */
schemaMessages(ledgerMessages, ledgerCurrencyMessages, adminApiMessages);

const t = ledgerMessages.en;
const tc = ledgerCurrencyMessages.en;

/** An order number in a path; an unknown one is a 404. */
export const orderParams = z.object({ number: z.string().max(40) });

/** A document of an order: `INV-1.pdf`, `KR-2.xml`, or the number alone (the HTML page). */
export const documentParams = z.object({
  number: z.string().max(40),
  file: z
    .string()
    .max(60)
    .describe('INV-1.pdf (the PDF), INV-1.xml (its Peppol e-invoice) or INV-1 (the page)'),
});

export const documentQuery = z.object({
  token: z.string().optional().describe('The buyer’s order token (or its header); admin routes ignore it'),
  inline: z.string().optional().describe('1: the PDF is shown in the browser rather than downloaded'),
});

/** A document route's answer: the PDF, the e-invoice or the HTML page, by the file's extension. */
export const documentResponse = {
  description: 'The document: PDF (.pdf), Peppol BIS Billing 3.0 UBL (.xml) or the invoice page',
  content: {
    'application/pdf': { schema: z.string().describe('PDF') },
    'application/xml': { schema: z.string().describe('UBL Invoice or CreditNote') },
    'text/html': { schema: z.string().describe('The invoice as a page') },
  },
};

/** An amount as the admin types it: Swedish or plain, more than zero; answers öre. */
const amountField = () =>
  z.string({ error: t.amountInvalid }).transform((input, context) => {
    const trimmed = input.trim();
    const negative = /^[-\u2212]/.test(trimmed);
    const ore = parseAmountInput(negative ? trimmed.slice(1) : trimmed);
    if (ore === undefined) {
      context.addIssue({ code: 'custom', message: t.amountInvalid });
      return z.NEVER;
    }
    if (negative && ore > 0) {
      context.addIssue({ code: 'custom', message: t.amountNegative });
      return z.NEVER;
    }
    if (ore === 0) {
      context.addIssue({ code: 'custom', message: t.amountZero });
      return z.NEVER;
    }
    return ore;
  });

/**
 * The day money arrived: a real date. That it is today in Stockholm at the latest is the handler's
 * check (paidOnRefusal): its message names today.
 */
const paidOnField = z
  .string({ error: t.paidOnInvalid })
  .refine(isCalendarDate, t.paidOnInvalid)
  .describe('YYYY-MM-DD, today in Stockholm at the latest');

const invoiceField = textField({ required: t.invoiceNotFound, max: [40, t.invoiceNotFound] })
  .optional()
  .describe('A supplementary invoice’s number; the order’s own invoice when left out');

const paymentFields = z.object({
  amount: amountField().describe('"1000.00" or Swedish "1 000,00"; more than zero'),
  paidOn: paidOnField,
  reference: textField({ required: t.referenceTooLong, max: [200, t.referenceTooLong] }).optional(),
  method: z.enum(paymentMethods, { error: t.methodInvalid }).optional(),
  invoice: invoiceField,
  // A payment of a EUR invoice: `amount` in EUR and the SEK the bank booked (eur-payments.ts).
  currency: z.enum(['SEK', 'EUR'], { error: tc.currencyInvalid }).optional(),
  bookedSek: amountField().optional().describe('A payment in EUR: the SEK the bank booked'),
});

/** POST …/payments: the SEK the bank booked is given for a payment in EUR, and only then. */
export const paymentBody = orEmpty(
  paymentFields.superRefine((body, context) => {
    const inEur = body.currency === 'EUR';
    if (inEur && body.bookedSek === undefined)
      context.addIssue({ code: 'custom', message: tc.bookedSekRequired, path: ['bookedSek'] });
    if (!inEur && body.bookedSek !== undefined)
      context.addIssue({ code: 'custom', message: tc.bookedSekForEurOnly, path: ['bookedSek'] });
  }),
);

/** POST …/refunds: the payment's fields (money paid back, at most what was paid beyond what is owed). */
export const refundBody = orEmpty(paymentFields);

/** POST …/credit-notes: whole lines (by index), an amount, or what is left of the invoice. */
export const creditBody = orEmpty(
  z
    .object({
      invoice: invoiceField,
      // A credit note's reason is its Note in the Peppol XML: no character XML 1.0 forbids.
      reason: writtenText(500, { required: t.reasonRequired, tooLong: t.reasonTooLong }),
      lines: z.array(z.number().int().min(0).max(10_000)).max(500).optional(),
      amount: amountField().optional().describe('Including VAT, at most what is left of the invoice'),
    })
    .refine((body) => !(body.lines?.length && body.amount !== undefined), { message: t.creditChoose }),
);

const ta = adminApiMessages.en;
const isoDay = z
  .string({ error: ta.sieDateFormat })
  .regex(/^\d{4}-\d{2}-\d{2}$/, ta.sieDateFormat)
  .refine((value) => isCalendarDate(value), ta.sieDateInvalid);

/** The period of the journal and the SIE export: at most a year, from before to. */
export const rangeQuery = z
  .object({ from: isoDay, to: isoDay })
  .refine((range) => range.from <= range.to, { message: ta.sieRange, path: ['to'] })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= 366 * 86_400_000, {
    message: ta.sieYear,
    path: ['to'],
  });

const decimal = z.string().describe('Exact decimal kronor, "1234.50"');

const paymentShape = {
  amount: decimal.describe('Exact decimal kronor; negative for a refund'),
  paidOn: z.string(),
  invoice: z.string(),
  method: z.enum(paymentMethods),
  reference: z.string().nullable(),
  recordedBy: z.string().nullable(),
  currency: z.literal('EUR').optional(),
  amountInCurrency: z.string().optional(),
  bookedSek: z.string().optional(),
  settlement: z.literal('rounding').optional(),
  settlementReason: z.string().nullable().optional(),
};

const documentShape = {
  kind: z.enum(documentKinds),
  number: z.string(),
  issuedOn: z.string(),
  dueOn: z.string().nullable(),
  total: decimal,
  net: decimal,
  vat: decimal,
  pdf: z.string(),
  xml: z.string().nullable(),
  corrects: z.string().nullable(),
  reason: z.string().nullable(),
  balance: z.string().nullable(),
  reminds: z.string().optional(),
  currency: z.enum(['SEK', 'EUR']),
  totalInCurrency: z.string().optional(),
  balanceInCurrency: z.string().nullable().optional(),
};

/** An invoice, credit note or reminder of an order as its money view lists it. */
export const orderDocumentSchema = z.object(documentShape);

export const orderMoneyShape = {
  paymentState: z.enum(paymentStates),
  balance: decimal.describe('What is still to pay over every document; negative when owed back'),
  payments: z.array(z.object(paymentShape)),
  documents: z.array(orderDocumentSchema),
};

/** The order's money as the admin's order page shows it (every write answers it). */
export const orderMoneySchema = z.object(orderMoneyShape);
export const creditNoteAnswerSchema = z.object({ creditNote: z.string(), ...orderMoneyShape });

const journalEntryShape = {
  kind: z.enum(documentKinds),
  number: z.string(),
  issuedOn: z.string(),
  customer: z.string(),
  corrects: z.string().nullable(),
  net: decimal,
  vat: decimal,
  total: decimal,
  paid: z.string().nullable(),
  balance: z.string().nullable(),
  account: z.string().describe('The BAS sales account of the document’s net'),
};
export const journalSchema = z.object({ entries: z.array(z.object(journalEntryShape)) });

export const csvResponse = (description: string) => ({
  description,
  content: { 'text/csv': { schema: z.string() } },
});

export const sieResponse = {
  description: 'The SIE 4 file (bytes in IBM437, as SIE prescribes)',
  content: { 'text/plain': { schema: z.string().describe('SIE 4') } },
};

// Every field of the shared types is named by its schema (a field left out would be stripped), and
// every field the client sends is one the schema reads.
everyFieldNamed<
  [
    Unnamed<LedgerPayment, typeof paymentShape>,
    Unnamed<LedgerDocument, typeof documentShape>,
    Unnamed<OrderMoney, typeof orderMoneyShape>,
    Unnamed<JournalEntry, typeof journalEntryShape>,
    Unnamed<RecordPaymentRequest, z.input<typeof paymentBody>>,
    Unnamed<RefundRequest, z.input<typeof refundBody>>,
    Unnamed<CreditNoteRequest, z.input<typeof creditBody>>,
  ]
>();
