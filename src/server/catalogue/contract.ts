/**
 * The catalogue routes' contracts (docs/api.md): a product's record as GET /api/products/:id and
 * the admin routes answer it (src/shared/catalogue-record.ts names every field), the admin's
 * params and the change history. The record's body on a save is checked by the shared
 * `validateProductInput` (its 400 names each field in the owner's language), so the route takes
 * any JSON object and leaves the checking to it.
 */
import { z } from 'zod';
import { auditActions } from '@/shared/staff';
import type { ProductRecord } from '@/shared/catalogue-record';

const bilingual = z.object({ sv: z.string(), en: z.string() });
const rect = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const side = z.enum(['front', 'back', 'side']);

export const productRecordSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    names: bilingual,
    descriptions: bilingual,
    category: z.string(),
    kind: z.enum(['tiers', 'customiser']),
    minQuantity: z.number(),
    soldInMultiplesOf: z.number().optional(),
    tiers: z.array(z.object({ quantity: z.number(), pricePerUnit: z.string() })),
    toastNoun: z.string(),
    customiser: z
      .object({
        availableSides: z.array(z.object({ id: side, label: z.string() })),
        availableColors: z.array(z.string()),
      })
      .optional(),
    garment: z.literal(true).optional(),
    sizeSet: z.string().optional(),
    personalisationPrices: z
      .object({ name: z.string().optional(), number: z.string().optional() })
      .optional(),
    ownColours: z.array(z.object({ id: z.string(), names: bilingual, hex: z.string() })).optional(),
    productionDays: z.number(),
    options: z.array(
      z.object({
        id: z.string(),
        choices: z.array(z.object({ id: z.string(), extraPerUnit: z.string().optional() })),
      }),
    ),
    facts: z.object({
      material: bilingual.optional(),
      fit: bilingual.optional(),
      print: bilingual.optional(),
      weightGsm: z.number().optional(),
      sizeChart: z.string().optional(),
    }),
    mockup: z.string().optional(),
    mockupPicture: z.object({ image: z.string(), rects: z.partialRecord(side, rect) }).optional(),
    printAreas: z.partialRecord(side, z.object({ widthCm: z.string(), heightCm: z.string().optional() })),
    image: z.string().optional(),
    visible: z.boolean(),
    sortOrder: z.number(),
    version: z.number(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ProductRecord' });

/**
 * Every field of the shared record is declared: a field the schema lacks would be dropped from the
 * answer (the response is written through it), as personalisationPrices once was.
 */
type Missing = Exclude<keyof ProductRecord, keyof z.infer<typeof productRecordSchema>>;
const everyFieldDeclared: [Missing] extends [never] ? true : Missing = true;
void everyFieldDeclared;

export const productParams = z.object({ id: z.string().max(200) });

/** A save's body: the shared validator checks it field by field (catalogue-schema.ts). */
export const productBody = z.looseObject({});

export const productHistory = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      staff: z.string().nullable(),
      staffId: z.number().nullable(),
      action: z.enum(auditActions),
      target: z.string(),
      orderNumber: z.string().nullable(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});

/** A 304 to a browser holding the current catalogue: no body. */
export const notModifiedSchema = z.null();
