/**
 * What the owner may save as a product (PUT/POST /api/admin/products): the shape of
 * GET /api/products/:id (catalogue-record.ts), checked field by field so a 400 names each invalid
 * one. The admin form and the server read the same rules.
 */
import { z } from 'zod';
import {
  categoryIds,
  colors,
  MAX_LINE_QUANTITY,
  productionDaysByCategory,
  type CategoryId,
  type ColorId,
} from './catalogue';
import type { StoredProduct } from './catalogue-record';
import { catalogueAdminMessages } from './i18n/messages/catalogue-admin';
import { validationMessages } from './i18n/messages/validation';
import type { Locale } from './i18n/locale';
import { unitPriceToString, type Milli } from './money';
import {
  fitsMockup,
  isMockupId,
  MOCKUP_SIZE,
  mockupAreas,
  mockupIds,
  type MockupId,
  type MockupPicture,
  type PrintRect,
} from './print-areas';
import { printSideIds, printSideLabels, type PrintSide } from './print-options';
import { textField } from './text';
import { optionChoiceIds, optionIds } from './product-options';
import { sizeSetIds } from './size-codes';
import { isProductImage, uploadedPictureId } from './product-images';
import { recordPersonalisationPrices, type RecordPrintAreas } from './catalogue-record';

const MAX_PRICE_KR = 1_000_000;

/**
 * A price as the owner types it: Swedish format with up to three decimals ("114,375", "1 250 kr"),
 * or the API's "114.375". Exact 1/1000 kr, or undefined when it is not such a price.
 */
export function parsePriceInput(text: string): Milli | undefined {
  const compact = text.replace(/\s/g, '').replace(/kr$/i, '');
  const match = /^(\d{1,7})(?:[.,](\d{1,3}))?$/.exec(compact);
  if (!match) return undefined;
  const whole = Number(match[1]);
  if (whole > MAX_PRICE_KR) return undefined;
  return (whole * 1000 + Number((match[2] ?? '').padEnd(3, '0'))) as Milli;
}

/** A price for the form: Swedish decimal comma, the decimals it has ("114,375", "60"). */
export function priceForInput(decimal: string): string {
  return decimal.replace('.', ',');
}

const colourIds: readonly string[] = colors.map((c) => c.id);
const isColorId = (id: string): id is ColorId => colourIds.includes(id);

/**
 * Centimetres as the owner types them: up to three digits and two decimals, comma or point
 * ("25,5", "30", "12.25 cm"). Exact hundredths of a cm, or undefined when it is not such a length.
 */
export function parseCmInput(text: string): number | undefined {
  const compact = text.replace(/\s/g, '').replace(/cm$/i, '');
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Hundredths of a cm as the record keeps them: the shortest exact decimal ("25.5", "30"). */
const cmDecimal = (hundredths: number): string => {
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
};

/** A length for the form: Swedish decimal comma ("25,5"). */
export function cmForInput(decimal: string | undefined): string {
  return (decimal ?? '').replace('.', ',');
}

const cmOf = (value: unknown): number | undefined =>
  typeof value === 'string' || typeof value === 'number' ? parseCmInput(String(value)) : undefined;

/** A product record as the owner sends it, plus the confirmation that prices may rise. */
export interface ProductInput extends StoredProduct {
  visible: boolean;
  sortOrder: number;
}

/** The owner's mockup picture and a rectangle per side drawn on it (print-areas.ts `MockupPicture`). */
function mockupPictureSchema(t: (typeof catalogueAdminMessages)[Locale]) {
  return z.object(
    {
      image: z
        .string({ error: t.ownMockupRequired })
        .refine((name) => uploadedPictureId(name) !== undefined, t.pictureUnknown),
      rects: z
        .partialRecord(
          z.enum(printSideIds, { error: t.invalidValue }),
          z.object(
            {
              x: z.number({ error: t.rectInvalid }),
              y: z.number({ error: t.rectInvalid }),
              width: z.number({ error: t.rectInvalid }),
              height: z.number({ error: t.rectInvalid }),
            },
            { error: t.rectInvalid },
          ),
          { error: t.invalidValue },
        )
        .default({}),
    },
    { error: t.ownMockupRequired },
  );
}

export function productInputSchema(locale: Locale) {
  const t = catalogueAdminMessages[locale];
  // Names and descriptions reach invoices and the Peppol XML: the shared text rules apply.
  const invalidCharacter = validationMessages[locale].invalidCharacter;
  const text = (max: number, multiline = false) =>
    textField({
      multiline,
      required: t.required,
      min: [1, t.required],
      max: [max, t.invalidValue],
      invalidCharacter,
    });
  const bilingual = (max: number, multiline = false) =>
    z.object({ sv: text(max, multiline), en: text(max, multiline) }, { error: t.bothLanguages });
  const price = z.union([z.string(), z.number()], { error: t.priceInvalid }).transform((value, ctx) => {
    const milli = parsePriceInput(String(value));
    if (milli === undefined) {
      ctx.addIssue({ code: 'custom', message: t.priceInvalid });
      return z.NEVER;
    }
    return milli;
  });
  const cm = z.union([z.string(), z.number()], { error: t.cmInvalid }).transform((value, ctx) => {
    const hundredths = parseCmInput(String(value));
    if (hundredths === undefined) {
      ctx.addIssue({ code: 'custom', message: t.cmInvalid });
      return z.NEVER;
    }
    return hundredths;
  });
  // A fact text is optional; given, it is given in both languages.
  const factText = z
    .object(
      { sv: z.string({ error: t.bothLanguages }), en: z.string({ error: t.bothLanguages }) },
      { error: t.bothLanguages },
    )
    .optional()
    .transform((value) => (value && (value.sv.trim() !== '' || value.en.trim() !== '') ? value : undefined))
    .pipe(bilingual(300, true).optional());
  const quantity = z
    .number({ error: t.quantityInvalid })
    .int(t.quantityInvalid)
    .min(1, t.quantityInvalid)
    .max(MAX_LINE_QUANTITY, t.quantityInvalid);
  return z.object({
    id: z
      .string({ error: t.idInvalid })
      .max(60, t.idInvalid)
      .regex(/^[a-z0-9åäö]+(?:-[a-z0-9åäö]+)*$/, t.idInvalid),
    names: bilingual(100),
    descriptions: bilingual(1000, true),
    category: z.enum(categoryIds, { error: t.invalidValue }),
    kind: z.enum(['tiers', 'customiser'], { error: t.invalidValue }).default('tiers'),
    minQuantity: z.number({ error: t.quantityInvalid }).optional(),
    soldInMultiplesOf: z.number().int().min(2).max(10_000).optional(),
    tiers: z
      .array(z.object({ quantity, pricePerUnit: price }), { error: t.tiersRequired })
      .min(1, t.tiersRequired)
      .max(30, t.invalidValue),
    confirmPriceRise: z.boolean().optional(),
    toastNoun: textField({
      required: t.invalidValue,
      max: [60, t.invalidValue],
      invalidCharacter,
    }).optional(),
    customiser: z
      .object({ availableSides: z.array(z.object({ id: z.enum(printSideIds, { error: t.invalidValue }) })) })
      .optional(),
    mockup: z.enum(mockupIds, { error: t.mockupRequired }).optional(),
    // The owner's mockup picture instead of a drawing: the rectangles in its 400-unit square.
    mockupPicture: mockupPictureSchema(t).optional(),
    printAreas: z
      .partialRecord(
        z.enum(printSideIds, { error: t.invalidValue }),
        z.object({ widthCm: cm, heightCm: cm.optional() }),
        {
          error: t.invalidValue,
        },
      )
      .default({}),
    image: z
      .string({ error: t.imageUnknown })
      .refine((name) => isProductImage(name) || uploadedPictureId(name) !== undefined, t.imageUnknown)
      .optional(),
    garment: z.literal(true).optional(),
    sizeSet: z.enum(sizeSetIds, { error: t.invalidValue }).optional(),
    // A garment's price per printed name and number on a group order's garments (decision 0072).
    personalisationPrices: z
      .object({ name: price.optional(), number: price.optional() }, { error: t.invalidValue })
      .optional(),
    ownColours: z
      .array(
        z.object({
          id: z
            .string({ error: t.colourIdInvalid })
            .max(40, t.colourIdInvalid)
            .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, t.colourIdInvalid)
            .refine((id) => !colourIds.includes(id), t.colourIdTaken),
          names: bilingual(40),
          hex: z.string({ error: t.hexInvalid }).regex(/^#[0-9a-fA-F]{6}$/, t.hexInvalid),
        }),
        { error: t.invalidValue },
      )
      .max(40, t.invalidValue)
      .default([]),
    productionDays: z.number().int().min(1).max(60).optional(),
    options: z
      .array(
        z.object({
          id: z.enum(optionIds, { error: t.invalidValue }),
          choices: z.array(
            z.object({
              id: text(40),
              extraPerUnit: z.union([z.string(), z.number()]).optional(),
            }),
          ),
        }),
      )
      .default([]),
    facts: z
      .object({
        material: factText,
        fit: factText,
        print: factText,
        weightGsm: z
          .number({ error: t.weightInvalid })
          .int(t.weightInvalid)
          .min(1, t.weightInvalid)
          .max(5000, t.weightInvalid)
          .optional(),
        sizeChart: z.enum(['tshirt', 'sweatshirt'], { error: t.invalidValue }).optional(),
      })
      .default({}),
    visible: z.boolean({ error: t.invalidValue }).default(true),
    sortOrder: z
      .number({ error: t.sortOrderInvalid })
      .int(t.sortOrderInvalid)
      .min(0, t.sortOrderInvalid)
      .max(1_000_000, t.sortOrderInvalid)
      .optional(),
    version: z.number().int().optional(),
  });
}

interface Issue {
  path: (string | number)[];
  message: string;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** A price from a raw value: a string or number as the owner typed it; anything else is none. */
const priceOf = (value: unknown): Milli | undefined =>
  typeof value === 'string' || typeof value === 'number' ? parsePriceInput(String(value)) : undefined;

/**
 * The rules between fields (tiers ascending, prices positive and not rising unless confirmed,
 * minimum = first tier, a colour where colours apply), read from the raw input so they are named
 * together with every shape error of the same request.
 */
function crossFieldIssues(locale: Locale, raw: unknown, expectedId: string | undefined): Issue[] {
  const t = catalogueAdminMessages[locale];
  const p = record(raw);
  const issues: Issue[] = [];
  if (expectedId !== undefined && p.id !== expectedId) issues.push({ path: ['id'], message: t.invalidValue });
  const tiers = list(p.tiers).map(record);
  tiers.forEach((tier, index) => {
    const price = priceOf(tier.pricePerUnit);
    const before = tiers[index - 1];
    if (price !== undefined && price <= 0)
      issues.push({ path: ['tiers', index, 'pricePerUnit'], message: t.pricePositive });
    if (!before) return;
    if (
      typeof tier.quantity === 'number' &&
      typeof before.quantity === 'number' &&
      tier.quantity <= before.quantity
    )
      issues.push({ path: ['tiers', index, 'quantity'], message: t.tiersAscending });
    const previous = priceOf(before.pricePerUnit);
    if (price !== undefined && previous !== undefined && price > previous && p.confirmPriceRise !== true)
      issues.push({ path: ['tiers', index, 'pricePerUnit'], message: t.priceRises });
  });
  const first = tiers[0];
  if (first && p.minQuantity !== undefined && p.minQuantity !== first.quantity)
    issues.push({ path: ['minQuantity'], message: t.minimumFirstTier });
  const options = list(p.options).map(record);
  const index = options.findIndex((o) => o.id === 'colour');
  const colour = options[index];
  const ownColours = list(p.ownColours).map(record);
  const ownIds = ownColours.map((c) => c.id).filter((id): id is string => typeof id === 'string');
  ownIds.forEach((id, at) => {
    if (ownIds.indexOf(id) !== at) issues.push({ path: ['ownColours', at, 'id'], message: t.colourIdTaken });
  });
  if (colour) {
    const choices = list(colour.choices).map(record);
    if (choices.length === 0) issues.push({ path: ['options', index, 'choices'], message: t.colourRequired });
    choices.forEach((choice, at) => {
      // The shop's twelve and the product's own (the customiser tints its mockup in either).
      const known = [...colourIds, ...ownIds];
      if (typeof choice.id !== 'string' || !known.includes(choice.id))
        issues.push({ path: ['options', index, 'choices', at], message: t.colourUnknown });
    });
  }
  if (p.kind !== 'customiser')
    for (const [side, area] of Object.entries(record(p.printAreas))) {
      const { widthCm, heightCm } = record(area);
      if (cmOf(widthCm) === 0)
        issues.push({ path: ['printAreas', side, 'widthCm'], message: t.areaPositive });
      if (cmOf(heightCm) === 0)
        issues.push({ path: ['printAreas', side, 'heightCm'], message: t.areaPositive });
    }
  if (p.sizeSet !== undefined && p.garment !== true)
    issues.push({ path: ['sizeSet'], message: t.sizeSetNeedsSizes });
  const personalisation = record(p.personalisationPrices);
  if ((personalisation.name !== undefined || personalisation.number !== undefined) && p.garment !== true)
    issues.push({ path: ['personalisationPrices'], message: t.personalisationNeedsSizes });
  if (p.kind === 'customiser') {
    if (!colour) issues.push({ path: ['options'], message: t.colourRequired });
    issues.push(...customiserIssues(locale, p));
  }
  options.forEach((option, at) => {
    const choices = list(option.choices).map(record);
    if (option.id !== 'colour' && choices.length === 0)
      issues.push({ path: ['options', at, 'choices'], message: t.invalidValue });
    const known: readonly string[] | undefined =
      typeof option.id === 'string' && option.id !== 'colour' && option.id in optionChoiceIds
        ? optionChoiceIds[option.id as keyof typeof optionChoiceIds]
        : undefined;
    choices.forEach((choice, c) => {
      if (known && (typeof choice.id !== 'string' || !known.includes(choice.id)))
        issues.push({ path: ['options', at, 'choices', c, 'id'], message: t.choiceUnknown });
      if (choice.extraPerUnit !== undefined && priceOf(choice.extraPerUnit) === undefined)
        issues.push({ path: ['options', at, 'choices', c, 'extraPerUnit'], message: t.priceInvalid });
    });
  });
  return issues;
}

/**
 * A product the buyer designs: a mockup, at least one print side, and on each side offered a
 * print area with width and height that fits the mockup's largest area there.
 */
function customiserIssues(locale: Locale, p: Record<string, unknown>): Issue[] {
  const t = catalogueAdminMessages[locale];
  const issues: Issue[] = [];
  const picture = p.mockupPicture === undefined ? undefined : record(p.mockupPicture);
  const mockup: MockupId | undefined = !picture && isMockupId(p.mockup) ? p.mockup : undefined;
  if (p.mockup === undefined && !picture) issues.push({ path: ['mockup'], message: t.mockupRequired });
  const areas = record(p.printAreas);
  const sent = list(record(p.customiser).availableSides)
    .map((side) => record(side).id)
    .filter((id): id is PrintSide => (printSideIds as readonly unknown[]).includes(id));
  const offered = p.customiser === undefined ? printSideIds.filter((side) => side in areas) : sent;
  if (offered.length === 0) issues.push({ path: ['printAreas'], message: t.printSideRequired });
  for (const side of offered) {
    const area = areas[side];
    if (area === undefined) {
      issues.push({ path: ['printAreas', side], message: t.sideNeedsArea });
      continue;
    }
    const { widthCm, heightCm } = record(area);
    const width = cmOf(widthCm);
    const height = cmOf(heightCm);
    if (heightCm === undefined) issues.push({ path: ['printAreas', side, 'heightCm'], message: t.required });
    if (picture) issues.push(...rectIssues(locale, record(picture.rects)[side], side));
    for (const [key, value] of [
      ['widthCm', width],
      ['heightCm', height],
    ] as const) {
      if (value === 0) issues.push({ path: ['printAreas', side, key], message: t.areaPositive });
    }
    if (!mockup || width === undefined || height === undefined || width === 0 || height === 0) continue;
    if (!fitsMockup(mockup, side, width / 100, height / 100)) {
      const max = mockupAreas[mockup][side];
      const maxText = `${formatCm(max.widthCm)} × ${formatCm(max.heightCm)}`;
      const message = t.areaTooLarge({ max: maxText });
      if (width / 100 > max.widthCm) issues.push({ path: ['printAreas', side, 'widthCm'], message });
      if (height / 100 > max.heightCm) issues.push({ path: ['printAreas', side, 'heightCm'], message });
    }
  }
  return issues;
}

/** The smallest rectangle drawn on a mockup picture: 2 % of its square a side. */
const MIN_RECT = MOCKUP_SIZE / 50;

/** A side's print rectangle on the owner's mockup picture: drawn, on the picture, not a speck. */
function rectIssues(locale: Locale, raw: unknown, side: PrintSide): Issue[] {
  const t = catalogueAdminMessages[locale];
  const path = ['mockupPicture', 'rects', side];
  if (raw === undefined) return [{ path, message: t.sideNeedsRect }];
  const { x, y, width, height } = record(raw);
  const numbers = [x, y, width, height].filter(
    (n): n is number => typeof n === 'number' && Number.isFinite(n),
  );
  if (numbers.length < 4) return [{ path, message: t.rectInvalid }];
  const [left = 0, top = 0, w = 0, h = 0] = numbers;
  const inside = left >= 0 && top >= 0 && left + w <= MOCKUP_SIZE + 0.01 && top + h <= MOCKUP_SIZE + 0.01;
  return inside && w >= MIN_RECT && h >= MIN_RECT ? [] : [{ path, message: t.rectInvalid }];
}

/** A drawn rectangle as the record keeps it: two decimals of the square's units. */
const rectOf = (r: PrintRect): PrintRect => {
  const two = (n: number) => Math.round(n * 100) / 100;
  return { x: two(r.x), y: two(r.y), width: two(r.width), height: two(r.height) };
};

/** The picture and the rectangles of the sides offered (a rectangle of a side not offered is dropped). */
function storedPicture(picture: MockupPicture, sides: readonly PrintSide[]): MockupPicture {
  const rects: MockupPicture['rects'] = {};
  for (const side of sides) {
    const rect = picture.rects[side];
    if (rect) rects[side] = rectOf(rect);
  }
  return { image: picture.image.normalize('NFC'), rects };
}

/** "41,8": centimetres in messages, Swedish decimal comma as every figure the owner reads. */
const formatCm = (n: number): string => String(n).replace('.', ',');

export type ProductValidation =
  { ok: true; value: ParsedProductInput } | { ok: false; error: string; fieldErrors: Record<string, string> };

/**
 * Checks a product as the owner sent it: every invalid field named (path `tiers.1.pricePerUnit`)
 * with a message in the owner's language, or the parsed product.
 */
export function validateProductInput(
  locale: Locale,
  raw: unknown,
  options: { id?: string } = {},
): ProductValidation {
  const parsed = productInputSchema(locale).safeParse(raw);
  const issues: Issue[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        path: issue.path.filter((part): part is string | number => typeof part !== 'symbol'),
        message: issue.message,
      }));
  issues.push(...crossFieldIssues(locale, raw, options.id));
  if (parsed.success && issues.length === 0) return { ok: true, value: parsed.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues)
    fieldErrors[issue.path.length > 0 ? issue.path.join('.') : '_'] ??= issue.message;
  return {
    ok: false,
    error: Object.values(fieldErrors)[0] ?? catalogueAdminMessages[locale].invalidValue,
    fieldErrors,
  };
}

export type ParsedProductInput = z.output<ReturnType<typeof productInputSchema>>;

/** The record to store from a valid input: derived fields filled, prices as exact strings. */
export function storedFromInput(p: ParsedProductInput): StoredProduct {
  const category: CategoryId = p.category;
  const colour = p.options.find((o) => o.id === 'colour');
  const first = p.tiers[0];
  const printAreas: RecordPrintAreas = {};
  for (const side of printSideIds) {
    const area = p.printAreas[side];
    if (!area) continue;
    printAreas[side] =
      area.heightCm === undefined
        ? { widthCm: cmDecimal(area.widthCm) }
        : { widthCm: cmDecimal(area.widthCm), heightCm: cmDecimal(area.heightCm) };
  }
  // A customiser product offers the sides it has print areas for (or those sent, all with areas).
  const sides = p.customiser?.availableSides.map((s) => s.id) ?? printSideIds.filter((s) => printAreas[s]);
  return {
    id: p.id,
    name: p.names.en,
    description: p.descriptions.en,
    names: p.names,
    descriptions: p.descriptions,
    category,
    kind: p.kind,
    minQuantity: first?.quantity ?? 1,
    ...(p.soldInMultiplesOf ? { soldInMultiplesOf: p.soldInMultiplesOf } : {}),
    tiers: p.tiers.map((tier) => ({
      quantity: tier.quantity,
      pricePerUnit: unitPriceToString(tier.pricePerUnit),
    })),
    toastNoun: p.toastNoun || p.names.en.toLowerCase(),
    ...(p.kind === 'customiser'
      ? {
          customiser: {
            availableSides: printSideIds
              .filter((side) => sides.includes(side))
              .map((side) => ({ id: side, label: printSideLabels.en[side] })),
            availableColors: (colour?.choices.map((c) => c.id) ?? []).filter(
              (id) => isColorId(id) || p.ownColours.some((own) => own.id === id),
            ),
          },
        }
      : {}),
    ...(p.garment ? { garment: true as const } : {}),
    ...(p.garment && p.sizeSet === 'kids' ? { sizeSet: p.sizeSet } : {}),
    ...(p.garment && (p.personalisationPrices?.name ?? p.personalisationPrices?.number) !== undefined
      ? { personalisationPrices: recordPersonalisationPrices(p.personalisationPrices ?? {}) }
      : {}),
    ...(p.ownColours.length > 0
      ? { ownColours: p.ownColours.map((c) => ({ id: c.id, names: c.names, hex: c.hex.toLowerCase() })) }
      : {}),
    productionDays: p.productionDays ?? productionDaysByCategory[category],
    options: p.options.map((option) => ({
      id: option.id,
      choices: option.choices.map((choice) => {
        const extra =
          choice.extraPerUnit === undefined ? undefined : parsePriceInput(String(choice.extraPerUnit));
        return extra === undefined || extra === 0
          ? { id: choice.id }
          : { id: choice.id, extraPerUnit: unitPriceToString(extra) };
      }),
    })),
    facts: {
      ...(p.facts.material ? { material: p.facts.material } : {}),
      ...(p.facts.weightGsm !== undefined ? { weightGsm: p.facts.weightGsm } : {}),
      ...(p.facts.sizeChart !== undefined ? { sizeChart: p.facts.sizeChart } : {}),
      ...(p.facts.fit ? { fit: p.facts.fit } : {}),
      ...(p.facts.print ? { print: p.facts.print } : {}),
    },
    ...(p.kind === 'customiser' && p.mockupPicture
      ? { mockupPicture: storedPicture(p.mockupPicture, sides) }
      : p.kind === 'customiser' && p.mockup
        ? { mockup: p.mockup }
        : {}),
    printAreas,
    ...(p.image ? { image: p.image.normalize('NFC') } : {}),
  };
}
