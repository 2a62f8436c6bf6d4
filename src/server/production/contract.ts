import { z } from 'zod';
import type { CalendarDate } from '@/shared/dates';
import { productionMessages } from '@/shared/i18n/messages/production';
import type { LineOptions } from '@/shared/product-options';
import { boardDues, jobBlocks, jobMethods, type BlanksList, type ProductionBoard } from '@/shared/production';
import type { SizeSplit } from '@/shared/sizes';
import { schemaMessages } from '@/server/http/contract';
import { isKnownProduct } from './board';

/**
 * The production routes' contracts (docs/api.md): the board's filters and the blanks list's range
 * (refused in the reader's language with production's own messages), and the production view's
 * response schemas, which name every field the board and the blanks page read.
 */
schemaMessages(productionMessages);

const en = productionMessages.en;

/** An empty filter (`?method=`) is no filter, as the board's form sends it. */
const blank = (value: unknown) => (value === '' ? undefined : value);

export const boardQuery = z.object({
  method: z.preprocess(blank, z.enum(jobMethods, { error: en.unknownMethod }).optional()),
  product: z.preprocess(
    blank,
    z
      .string({ error: en.unknownProduct })
      .max(100, en.unknownProduct)
      .refine(isKnownProduct, en.unknownProduct)
      .optional(),
  ),
  due: z.preprocess(blank, z.enum(boardDues, { error: en.unknownDue }).optional()),
  paid: z.preprocess(
    blank,
    z
      .enum(['paid', 'unpaid'], { error: en.unknownPaid })
      .optional()
      .describe('Money roles only (403 otherwise)'),
  ),
});

/** "2026-12-01".."2026-12-07" (checked further by the route: real dates, in order, a year at most). */
export const rangeQuery = z.object({
  from: z.string({ error: en.badRange }).max(10, en.badRange).optional().describe('YYYY-MM-DD'),
  to: z.string({ error: en.badRange }).max(10, en.badRange).optional().describe('YYYY-MM-DD'),
});

/** A calendar date "2026-12-23" (Stockholm): on the wire a string; the brand is TypeScript's alone. */
const calendarDate = z
  .string()
  .describe('YYYY-MM-DD, Europe/Stockholm') as unknown as z.ZodType<CalendarDate>;

/** A part of a stored line kept as the buyer sent it (checked when ordered): passed on as it is. */
const asStored = <T>(description: string) => z.custom<T>(() => true).describe(description);

export const productionBoardSchema = z.object({
  today: calendarDate,
  jobs: z.array(
    z.object({
      orderNumber: z.string(),
      customer: z.string(),
      status: z.string(),
      shipBy: calendarDate,
      neededBy: calendarDate.nullable(),
      estimate: calendarDate,
      countedFrom: z.enum(['approval', 'today']),
      blocks: z.array(z.enum(jobBlocks)),
      ready: z.boolean(),
      atRisk: z.boolean(),
      late: z.boolean(),
      paid: z.boolean().optional().describe('Money roles only'),
      lines: z.array(
        z.object({
          productId: z.string(),
          quantity: z.number().int(),
          options: asStored<LineOptions>('The buyer’s choices by option id').optional(),
          sizes: asStored<SizeSplit>('Pieces per size').optional(),
          methods: z.array(z.enum(jobMethods)),
          printTooLarge: z.literal(true).optional(),
          groupGarments: z.number().int().optional(),
        }),
      ),
      methods: z.array(z.enum(jobMethods)),
      proofVersion: z.number().int().nullable(),
    }),
  ),
  truncated: z.boolean(),
}) satisfies z.ZodType<ProductionBoard>;

export const blanksListSchema = z.object({
  from: calendarDate.nullable(),
  to: calendarDate.nullable(),
  rows: z.array(
    z.object({
      productId: z.string(),
      colour: z.string(),
      size: z.string(),
      pieces: z.number().int(),
      toOrder: z.number().int(),
      jobs: z.array(
        z.object({
          orderNumber: z.string(),
          pieces: z.number().int(),
          shipBy: calendarDate,
          blanksOrdered: z.boolean(),
        }),
      ),
    }),
  ),
  jobs: z.array(
    z.object({
      orderNumber: z.string(),
      customer: z.string(),
      shipBy: calendarDate,
      blanksOrdered: z.object({ by: z.string(), at: z.string() }).nullable(),
    }),
  ),
}) satisfies z.ZodType<BlanksList>;
