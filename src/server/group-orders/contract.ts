import { z } from 'zod';
import { checkoutSchemas } from '@/shared/checkout-schema';
import type { CalendarDate } from '@/shared/dates';
import {
  MAX_ENTRY_QUANTITY,
  MAX_GROUP_TITLE,
  MAX_MEMBER_NAME,
  type CreatedGroupOrder,
  type GroupEntryView,
  type GroupOrderView,
  type OwnEntryView,
} from '@/shared/group-orders';
import { checkoutValidationMessages } from '@/shared/i18n/messages/checkout-validation';
import { groupOrderMessages } from '@/shared/i18n/messages/group-orders';
import { allSizeCodes, isGarmentSizeCode } from '@/shared/sizes';
import { textField } from '@/shared/text';
import { schemaMessages } from '@/server/http/contract';

/**
 * The group-order routes' contracts (issue 44, docs/group-orders.md): request schemas worded in
 * English, refusals answered in the reader's language through the catalogues registered here.
 */
schemaMessages(checkoutValidationMessages, groupOrderMessages);

const en = groupOrderMessages.en;
const m = checkoutValidationMessages.en;

export const groupParams = z.object({ id: z.string().max(40) });
export const entryParams = z.object({ id: z.string().max(40), entryId: z.string().max(40) });
export const tokenQuery = z.object({ token: z.string().max(100).optional() });

/** The design: one line as POST /api/orders takes it, without quantity, sizes, group or print file. */
const designSchema = checkoutSchemas('en').orderLineSchema.omit({
  quantity: true,
  sizes: true,
  group: true,
  printFile: true,
});

export const createBody = z.object(
  {
    title: textField({
      required: en.invalidTitle,
      min: [1, en.invalidTitle],
      max: [MAX_GROUP_TITLE, en.invalidTitle],
      invalidCharacter: m.invalidCharacter,
    }),
    closesOn: z
      .string({ error: en.invalidClosesOn })
      .regex(/^\d{4}-\d{2}-\d{2}$/, en.invalidClosesOn)
      .transform((value) => value as CalendarDate),
    line: designSchema,
    personalisation: z
      .object({ name: z.boolean().default(false), number: z.boolean().default(false) })
      .optional(),
    showPrice: z.boolean().optional(),
  },
  { error: en.invalidTitle },
);

/** A member's entry; the name and number to print are checked against the group in the service. */
export const entryBody = z.object({
  name: textField({
    required: en.memberName,
    min: [1, en.memberName],
    max: [MAX_MEMBER_NAME, en.memberName],
    invalidCharacter: en.memberName,
  }),
  // Any garment size here; the group's product's size set is checked against the group (routes.ts).
  size: z.string({ error: en.sizeUnknown }).max(10, en.sizeUnknown).refine(isGarmentSizeCode, en.sizeUnknown),
  quantity: z
    .number({ error: en.quantityRange })
    .int(en.quantityRange)
    .min(1, en.quantityRange)
    .max(MAX_ENTRY_QUANTITY, en.quantityRange),
  printName: z.string({ error: en.printNameProblem }).max(100, en.printNameProblem).nullish(),
  printNumber: z.string({ error: en.printNumberProblem }).max(20, en.printNumberProblem).nullish(),
  /** Where the member wants a receipt of their own entry (POST only; empty or absent: none). */
  email: z
    .union([z.literal(''), z.email(en.invalidReceiptEmail).max(255, en.invalidReceiptEmail)], {
      error: en.invalidReceiptEmail,
    })
    .nullish(),
});

export const createdSchema: z.ZodType<CreatedGroupOrder> = z.object({
  id: z.string(),
  shareToken: z.string(),
  organiserToken: z.string(),
});

export const createdEntrySchema = z.object({ entryId: z.string(), editToken: z.string() });

const entryViewSchema: z.ZodType<GroupEntryView> = z.object({
  entryId: z.string(),
  name: z.string(),
  size: z.enum(allSizeCodes),
  quantity: z.number(),
  printName: z.string().optional(),
  printNumber: z.string().optional(),
});

const sizesSchema = z.record(z.string(), z.number());

/** The design's prints as the customiser placed them (what the pages draw the design from). */
const customisationView = z.object({
  color: z.string(),
  prints: z.array(
    z.object({
      method: z.string(),
      uploadId: z.string(),
      side: z.string(),
      x: z.number(),
      y: z.number(),
      scale: z.number(),
    }),
  ),
  additionalInfo: z.string(),
});

export const groupViewSchema = z.object({
  id: z.string(),
  role: z.enum(['organiser', 'member']),
  title: z.string(),
  closesOn: z.string(),
  open: z.boolean(),
  closed: z.boolean(),
  line: z.object({
    productId: z.string(),
    customisation: customisationView.optional(),
    options: z.record(z.string(), z.string()).optional(),
    notes: z.string().optional(),
  }),
  personalisation: z.object({ name: z.boolean(), number: z.boolean() }),
  showPrice: z.boolean(),
  unitPrice: z.string().optional(),
  entries: z.array(entryViewSchema),
  sizes: sizesSchema.optional(),
  quantity: z.number().optional(),
  nextTier: z.object({ quantity: z.number(), more: z.number(), unitPrice: z.string() }).optional(),
  minQuantity: z.number(),
});

export const ownEntrySchema = z.object({ group: groupViewSchema, entry: entryViewSchema });

/** POST /close: the lines as POST /api/orders takes them. */
export const closedSchema = z.object({
  lines: z.array(
    z.object({
      productId: z.string(),
      quantity: z.number(),
      sizes: sizesSchema,
      customisation: customisationView.optional(),
      options: z.record(z.string(), z.string()).optional(),
      notes: z.string().optional(),
      group: z
        .object({
          personalisation: z.object({ name: z.boolean(), number: z.boolean() }),
          garments: z.array(
            z.object({
              member: z.string(),
              entry: z.number().optional(),
              size: z.string(),
              printName: z.string().optional(),
              printNumber: z.string().optional(),
            }),
          ),
        })
        .optional(),
    }),
  ),
});

// The views the pages read have every field the response schemas write (a field added to one and
// not the other fails here).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const viewKeys: Same<keyof GroupOrderView, keyof z.infer<typeof groupViewSchema>> = true;
const ownKeys: Same<keyof OwnEntryView, keyof z.infer<typeof ownEntrySchema>> = true;
void viewKeys;
void ownKeys;
