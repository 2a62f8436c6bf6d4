import { z } from 'zod';
import { reminderMessages } from '@/shared/i18n/messages/reminders';
import { documentNumberPattern } from '@/shared/ledger';
import type {
  DisputeRequest,
  OrderRemindersAnswer,
  ReminderInvoiceState,
  SendReminderAnswer,
} from '@/shared/receivables/reminders';
import { everyFieldNamed, orEmpty, schemaMessages, writtenText, type Unnamed } from '@/server/http/contract';
import { orderMoneyShape } from '@/server/ledger';

/**
 * The reminder and dispute routes' contracts (docs/api.md): request schemas worded in English,
 * their refusals answered in the reader's language through the catalogue registered here; response
 * schemas that name every field the reminder panel and the tests read.
 */
schemaMessages(reminderMessages);

const t = reminderMessages.en;

export const orderParams = z.object({ number: z.string().max(40) });

const invoiceField = z
  .string()
  .max(40)
  .regex(documentNumberPattern)
  .optional()
  .describe('The invoice’s number; the order’s own invoice when left out');

export const sendBody = orEmpty(z.object({ invoice: invoiceField }).strict());

export const disputeBody = orEmpty(
  z
    .object({
      invoice: invoiceField,
      note: writtenText(1000, { required: t.noteRequired, tooLong: t.noteRequired }).describe(
        'What the customer objects to',
      ),
    })
    .strict(),
);

export const liftQuery = z.object({ invoice: invoiceField });

const decimal = z.string().describe('Exact decimal kronor');
const feeKind = z.enum(['late_payment_compensation', 'reminder_fee']);

const invoiceStateShape = {
  number: z.string(),
  kind: z.enum(['invoice', 'supplementary_invoice']),
  dueOn: z.string(),
  lastDayToPay: z.string(),
  daysOverdue: z.number().int(),
  balance: decimal,
  dispute: z.object({ note: z.string(), by: z.string(), at: z.string() }).nullable(),
  blocked: z.enum(['not_overdue', 'paid', 'credited', 'disputed']).nullable(),
  preview: z
    .object({ fee: decimal, feeKind: feeKind.nullable(), interest: decimal, total: decimal })
    .nullable()
    .describe('What a reminder sent today would charge'),
  reminders: z.array(
    z.object({ number: z.string(), issuedOn: z.string(), total: decimal, step: z.number().int().nullable() }),
  ),
};

const remindersShape = {
  buyerKind: z.enum(['company', 'individual']),
  invoices: z.array(z.object(invoiceStateShape)),
  schedule: z
    .array(z.number().int())
    .describe('Days after the last day to pay; empty: no automatic reminders'),
};
export const orderRemindersSchema = z.object(remindersShape);

const sentShape = { reminder: z.string(), total: decimal, ...orderMoneyShape };
export const sentReminderSchema = z.object(sentShape);

// Every field of the shared types is named by its schema (a field left out would be stripped).
everyFieldNamed<
  [
    Unnamed<ReminderInvoiceState, typeof invoiceStateShape>,
    Unnamed<OrderRemindersAnswer, typeof remindersShape>,
    Unnamed<SendReminderAnswer, typeof sentShape>,
    Unnamed<DisputeRequest, z.input<typeof disputeBody>>,
  ]
>();
