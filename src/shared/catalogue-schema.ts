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
import { printArea } from './print-areas';
import { printSideIds, printSideLabels } from './print-options';
import { textField } from './text';
import { optionIds } from './product-options';

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
const mockupIds: readonly string[] = Object.keys(printArea);

/** A product record as the owner sends it, plus the confirmation that prices may rise. */
export interface ProductInput extends StoredProduct {
  visible: boolean;
  sortOrder: number;
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
      .object({ availableSides: z.array(z.object({ id: z.enum(printSideIds) })).min(1) })
      .optional(),
    garment: z.literal(true).optional(),
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
        weightGsm: z.number().int().min(1).max(5000).optional(),
        sizeChart: z.enum(['tshirt', 'sweatshirt']).optional(),
      })
      .default({}),
    visible: z.boolean({ error: t.invalidValue }).default(true),
    sortOrder: z.number().int().min(0).max(1_000_000).optional(),
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
  if (colour) {
    const choices = list(colour.choices).map(record);
    if (choices.length === 0) issues.push({ path: ['options', index, 'choices'], message: t.colourRequired });
    choices.forEach((choice, at) => {
      if (typeof choice.id !== 'string' || !colourIds.includes(choice.id))
        issues.push({ path: ['options', index, 'choices', at], message: t.colourUnknown });
    });
  }
  if (p.kind === 'customiser') {
    if (typeof p.id !== 'string' || !mockupIds.includes(p.id))
      issues.push({ path: ['kind'], message: t.customiserNeedsMockup });
    if (!colour) issues.push({ path: ['options'], message: t.colourRequired });
  }
  options.forEach((option, at) => {
    const choices = list(option.choices).map(record);
    if (option.id !== 'colour' && choices.length === 0)
      issues.push({ path: ['options', at, 'choices'], message: t.invalidValue });
    choices.forEach((choice, c) => {
      if (choice.extraPerUnit !== undefined && priceOf(choice.extraPerUnit) === undefined)
        issues.push({ path: ['options', at, 'choices', c, 'extraPerUnit'], message: t.priceInvalid });
    });
  });
  return issues;
}

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
    ...(p.kind === 'customiser' && p.customiser
      ? {
          customiser: {
            availableSides: p.customiser.availableSides.map((s) => ({
              id: s.id,
              label: printSideLabels.en[s.id],
            })),
            availableColors: (colour?.choices.map((c) => c.id) ?? []).filter(isColorId),
          },
        }
      : {}),
    ...(p.garment ? { garment: true as const } : {}),
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
      ...(p.facts.weightGsm !== undefined ? { weightGsm: p.facts.weightGsm } : {}),
      ...(p.facts.sizeChart !== undefined ? { sizeChart: p.facts.sizeChart } : {}),
    },
  };
}
