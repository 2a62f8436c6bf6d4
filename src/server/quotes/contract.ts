import { z } from 'zod';
import { customerTypes } from '@/shared/checkout-schema';
import { checkoutValidationMessages } from '@/shared/i18n/messages/checkout-validation';
import { locales } from '@/shared/i18n/locale';
import { quoteMessages } from '@/shared/i18n/messages/quotes';
import { vatTreatments } from '@/shared/invoicing/vat-treatment';
import {
  quoteSources,
  quoteStatuses,
  type AdminQuoteDetail,
  type AdminQuoteJobRow,
  type AdminQuoteJobView,
  type AdminQuoteRow,
  type QuoteView,
} from '@/shared/quotes';
import { textField } from '@/shared/text';
import { everyFieldNamed, schemaMessages, type Unnamed } from '@/server/http/contract';
import { cartQuoteSchema, staffQuoteSchema } from './pricing';

/**
 * The quote routes' contracts (docs/api.md): request schemas worded in English, their refusals
 * answered in the reader's language through the catalogues registered here; response schemas that
 * name every field a page reads (z.object strips the rest on the way out).
 */
schemaMessages(checkoutValidationMessages, quoteMessages);

/** A quote number in a path; its shape is checked before SQL (an unknown one is a 404). */
export const quoteNumberParams = z.object({ number: z.string().max(40) });

/** The buyer's token: the page sends it as a header, the PDF and emailed links as ?token=. */
export const buyerQuery = z.object({ token: z.string().optional() });

export const pdfQuery = z.object({
  token: z.string().optional(),
  version: z.coerce.number().int().optional().describe('An earlier version; the latest when absent'),
  inline: z.enum(['1']).optional().describe('1: shown in the browser rather than downloaded'),
});

/** A route's PDF answer: bytes, written as they are (the serializer never sees a Buffer). */
export const pdfResponse = {
  description: 'The quote as PDF',
  content: { 'application/pdf': { schema: z.string().describe('PDF') } },
};

export const cartQuoteBody = cartQuoteSchema('en');
export const staffQuoteBody = staffQuoteSchema('en');

const en = quoteMessages.en;
const m = checkoutValidationMessages.en;

export const acceptBody = z.object(
  {
    idempotencyKey: z.string({ error: m.idempotencyKey }).regex(/^[A-Za-z0-9_-]{16,100}$/, m.idempotencyKey),
    acceptedBy: textField({
      required: en.acceptedByRequired,
      min: [1, en.acceptedByRequired],
      max: [100, en.acceptedByTooLong],
      invalidCharacter: m.invalidCharacter,
    }),
    termsAccepted: z.literal(true, { error: en.termsRequired }),
    purchaseOrder: textField({
      required: m.fillAll,
      max: [60, en.purchaseOrderTooLong],
      invalidCharacter: m.invalidCharacter,
    })
      .nullish()
      .transform((value) => value ?? undefined),
  },
  { error: en.invalidQuote },
);

/** The body may be left out: a reason is optional. */
export const declineBody = z
  .object(
    {
      reason: z.preprocess(
        (value) => (value === null || value === '' ? undefined : value),
        textField({
          multiline: true,
          required: m.fillAll,
          max: [1000, en.declineReasonTooLong],
          invalidCharacter: m.invalidCharacter,
        }).optional(),
      ),
    },
    { error: en.invalidQuote },
  )
  .optional();

export const listQuery = z.object({
  status: z.enum(quoteStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const createdQuoteSchema = z.object({
  quoteNumber: z.string(),
  accessToken: z.string().describe('Opens the buyer’s page: /quotes/:number?token='),
  total: z.string().describe('Decimal kronor, VAT as the quote’s rule says'),
  validUntil: z.string().describe('YYYY-MM-DD, the last day included (Europe/Stockholm)'),
});

export const acceptedQuoteSchema = z.object({
  orderNumber: z.string(),
  accessToken: z.string(),
  total: z.string(),
  vatTreatment: z.enum(vatTreatments),
});

export const revisedQuoteSchema = z.object({
  quoteNumber: z.string(),
  version: z.number().int(),
  total: z.string(),
  validUntil: z.string(),
});

export const sentQuoteSchema = z.object({ quoteNumber: z.string(), status: z.literal('sent') });
export const declinedQuoteSchema = z.object({ status: z.literal('declined') });

const lineDetailSchema = z.object({ part: z.string(), text: z.string() });
const deliverySchema = z.object({
  estimate: z.string(),
  countedFrom: z.enum(['approval', 'today']),
  neededBy: z.string().nullable(),
  atRisk: z.boolean(),
});
const customerViewSchema = z.object({
  customerType: z.enum(customerTypes),
  name: z.string(),
  companyName: z.string(),
  email: z.string(),
  address: z.string(),
  country: z.string(),
  countryName: z.string(),
});

/** A quote line as production sees it: the goods and how many; the money view adds the prices. */
const jobLineShape = {
  productId: z.string(),
  name: z.string(),
  details: z.array(lineDetailSchema),
  quantity: z.number().int(),
  free: z.boolean(),
};

const quoteViewShape = {
  locale: z.enum(locales),
  quoteNumber: z.string(),
  status: z.enum(quoteStatuses),
  statusLabel: z.string(),
  version: z.number().int(),
  changed: z.boolean(),
  issuedOn: z.string(),
  validUntil: z.string(),
  currency: z.enum(['SEK', 'EUR']),
  vatTreatment: z.enum(vatTreatments),
  vatTreatmentLabel: z.string(),
  vatPercent: z.number(),
  pricesIncludeVat: z.boolean(),
  customer: customerViewSchema,
  lines: z.array(
    z.object({
      ...jobLineShape,
      unitPrice: z.string(),
      lineTotal: z.string(),
      price: z.object({ unit: z.string(), total: z.string() }),
      negotiated: z.boolean(),
    }),
  ),
  exVat: z.string(),
  vat: z.string(),
  total: z.string(),
  inCurrency: z
    .object({ code: z.literal('EUR'), rate: z.string(), net: z.string(), vat: z.string(), total: z.string() })
    .nullable(),
  delivery: deliverySchema,
  note: z.string().nullable(),
  terms: z.array(z.string()),
  pdf: z.string(),
  acceptedOrderNumber: z.string().nullable(),
};

/** The buyer's page (the contract of issue 40). */
export const quoteViewSchema = z.object(quoteViewShape);

export const adminQuoteMoneySchema = z.object({
  ...quoteViewShape,
  view: z.literal('money'),
  source: z.enum(quoteSources),
  versions: z.number().int(),
  acceptedBy: z.string().nullable(),
  declineReason: z.string().nullable(),
  draft: z.object({
    // The checkout schema's customer, sent back as stored for the edit form: it is large and the
    // form returns it whole, so its fields pass as they are.
    customer: z.looseObject({ customerType: z.enum(customerTypes), email: z.string() }),
    lines: z.array(
      z.object({
        productId: z.string(),
        quantity: z.number().int(),
        sizes: z.record(z.string(), z.number()).optional(),
        options: z.record(z.string(), z.unknown()).optional(),
        customisation: z.record(z.string(), z.unknown()).optional(),
        notes: z.string().optional(),
        unitPrice: z.string().optional(),
      }),
    ),
    freeLines: z.array(
      z.object({
        description: z.string(),
        quantity: z.number().int(),
        unitPrice: z.string(),
        vatRate: z.number(),
      }),
    ),
    note: z.string().nullable(),
    neededBy: z.string().nullable(),
    invoiceCurrency: z.enum(['SEK', 'EUR']),
  }),
});

/** Production's quote: the job, no amount, VAT rule or PDF (issue 38). */
export const adminQuoteJobSchema = z.object({
  view: z.literal('job'),
  quoteNumber: z.string(),
  status: z.enum(quoteStatuses),
  statusLabel: z.string(),
  version: z.number().int(),
  versions: z.number().int(),
  source: z.enum(quoteSources),
  issuedOn: z.string(),
  validUntil: z.string(),
  customer: customerViewSchema,
  lines: z.array(z.object(jobLineShape)),
  delivery: deliverySchema,
  note: z.string().nullable(),
  acceptedOrderNumber: z.string().nullable(),
});

export const adminQuoteSchema = z
  .discriminatedUnion('view', [adminQuoteMoneySchema, adminQuoteJobSchema])
  .describe('The quote as the role may see it: the money view or the job view');

const rowShape = {
  quoteNumber: z.string(),
  status: z.enum(quoteStatuses),
  source: z.enum(quoteSources),
  customerName: z.string(),
  customerEmail: z.string(),
  validUntil: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  acceptedOrderNumber: z.string().nullable(),
};
export const quoteListSchema = z.object({
  view: z.enum(['money', 'job']),
  // The money roles' rows carry the total; production's do not (issue 38).
  quotes: z.array(z.object({ ...rowShape, total: z.string().optional() })),
});

// Every field of the shared types is named by its schema (a field left out would be stripped).
everyFieldNamed<
  [
    Unnamed<QuoteView, typeof quoteViewShape>,
    Unnamed<QuoteView['lines'][number], typeof quoteViewSchema.shape.lines.element.shape>,
    Unnamed<AdminQuoteDetail, typeof adminQuoteMoneySchema.shape>,
    Unnamed<AdminQuoteDetail['draft'], typeof adminQuoteMoneySchema.shape.draft.shape>,
    Unnamed<AdminQuoteJobView, typeof adminQuoteJobSchema.shape>,
    Unnamed<AdminQuoteRow | AdminQuoteJobRow, typeof rowShape & { total: unknown }>,
  ]
>();
