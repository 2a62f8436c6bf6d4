/**
 * What a buyer must choose for a product besides quantity and sizes: the blank's colour, the
 * decoration method where there is a choice, the format of a print product. One set of rules for
 * the product page, the cart, the server (400 naming the line when a choice is missing) and every
 * page that shows an order. Labels live in i18n/messages/product-options.ts.
 */
import type { Milli } from './money';

export const optionIds = [
  'colour',
  'decoration',
  'bookletSize',
  'pages',
  'coupons',
  'stickerSize',
  'stickerShape',
  'tapeWidth',
] as const;
export type OptionId = (typeof optionIds)[number];

export interface OptionChoice {
  id: string;
  /** Added to the tier's per-unit price (1/1000 kr, VAT included); absent means no price effect. */
  extraPerUnit?: Milli;
}

export interface ProductOption {
  id: OptionId;
  /** Every option declared is required: a line without it cannot be ordered. */
  choices: readonly OptionChoice[];
}

/** A line's choices: option id → choice id (`{ "colour": "navy", "decoration": "embroidery" }`). */
export type LineOptions = Partial<Record<OptionId, string>>;

const choices = (...ids: string[]): OptionChoice[] => ids.map((id) => ({ id }));

/**
 * The choices each option can offer (their words are in i18n/messages/product-options.ts); a
 * product offers some of them. Colours are the catalogue's colours.
 */
export const optionChoiceIds: Readonly<Record<Exclude<OptionId, 'colour'>, readonly string[]>> = {
  decoration: ['embroidery', 'transfer'],
  bookletSize: ['a7', 'a6', 'dl'],
  pages: ['10', '20', '30'],
  coupons: ['1', '2', '4'],
  stickerSize: ['3x3', '5x5', '7x7', '10x10'],
  stickerShape: ['circle', 'square', 'rectangle', 'contour'],
  tapeWidth: ['48', '75'],
};

/** The blank colours a product comes in (ids of catalogue.ts `colors`). */
export const colourOption = (ids: readonly string[]): ProductOption => ({
  id: 'colour',
  choices: choices(...ids),
});

export const decorationOption: ProductOption = {
  id: 'decoration',
  choices: choices('embroidery', 'transfer'),
};

/**
 * Coupon booklets: the SPEC tier prices are for the 10-page booklet; more pages cost more paper
 * and binding per booklet, added to the tier's unit price (2 kr per 10 pages more).
 */
export const bookletOptions: readonly ProductOption[] = [
  { id: 'bookletSize', choices: choices('a7', 'a6', 'dl') },
  {
    id: 'pages',
    choices: [
      { id: '10' },
      { id: '20', extraPerUnit: 2000 as Milli },
      { id: '30', extraPerUnit: 4000 as Milli },
    ],
  },
  { id: 'coupons', choices: choices('1', '2', '4') },
];

export const stickerOptions: readonly ProductOption[] = [
  { id: 'stickerSize', choices: choices('3x3', '5x5', '7x7', '10x10') },
  { id: 'stickerShape', choices: choices('circle', 'square', 'rectangle', 'contour') },
];

export const tapeOptions: readonly ProductOption[] = [{ id: 'tapeWidth', choices: choices('48', '75') }];

const optionIdSet: ReadonlySet<string> = new Set(optionIds);
export function isOptionId(value: string): value is OptionId {
  return optionIdSet.has(value);
}

/** What is wrong with a line's choices. */
export type OptionsProblem =
  | { kind: 'missing'; option: OptionId }
  | { kind: 'unknownOption'; option: string }
  | { kind: 'unknownChoice'; option: OptionId; choice: string }
  | { kind: 'colourConflict' };

/**
 * The line's choices with the customiser's colour filled in: a customised garment's colour is its
 * design's colour, so it need not be sent twice (and may not differ).
 */
export function effectiveOptions(
  options: LineOptions | undefined,
  customisation: { color: string } | undefined,
): LineOptions {
  const effective: LineOptions = { ...options };
  if (customisation && effective.colour === undefined) effective.colour = customisation.color;
  return effective;
}

/** The one rule for a line's choices: every declared option chosen from its choices, nothing else. */
export function optionsProblem(
  product: { options?: readonly ProductOption[] | undefined },
  options: LineOptions | undefined,
  customisation?: { color: string },
): OptionsProblem | undefined {
  if (customisation && options?.colour !== undefined && options.colour !== customisation.color)
    return { kind: 'colourConflict' };
  const chosen = effectiveOptions(options, customisation);
  const declared = product.options ?? [];
  for (const key of Object.keys(chosen)) {
    if (!declared.some((o) => o.id === key)) return { kind: 'unknownOption', option: key.slice(0, 40) };
  }
  for (const option of declared) {
    const choice = chosen[option.id];
    if (choice === undefined) return { kind: 'missing', option: option.id };
    if (!option.choices.some((c) => c.id === choice))
      return { kind: 'unknownChoice', option: option.id, choice: choice.slice(0, 40) };
  }
  return undefined;
}

/** What the line's choices add to its per-unit price (0 for most). */
export function optionsExtraPerUnit(
  product: { options?: readonly ProductOption[] | undefined },
  options: LineOptions | undefined,
): Milli {
  let extra = 0;
  for (const option of product.options ?? []) {
    const choice = option.choices.find((c) => c.id === options?.[option.id]);
    extra += choice?.extraPerUnit ?? 0;
  }
  return extra as Milli;
}

/** The choices in the product's declared order, without unknown keys (what is stored and compared). */
export function normaliseOptions(
  product: { options?: readonly ProductOption[] | undefined },
  options: LineOptions,
): LineOptions {
  const clean: LineOptions = {};
  for (const option of product.options ?? []) {
    const choice = options[option.id];
    if (choice !== undefined) clean[option.id] = choice;
  }
  return clean;
}

/** Stable text of a line's choices: part of a cart line's key (two colours are two lines). */
export function optionsKey(options: LineOptions | undefined): string {
  if (!options) return '';
  return optionIds
    .filter((id) => options[id] !== undefined)
    .map((id) => `${id}=${options[id] ?? ''}`)
    .join(',');
}

/** Largest number of choices and characters a request may carry (the server checks shapes first). */
export const MAX_OPTION_LENGTH = 40;
/** A buyer's note to one line (what the printer should know). */
export const MAX_LINE_NOTES = 1000;

/** Reads choices without trusting them (stored cart): string ids to string ids, else undefined. */
export function readOptions(value: unknown): LineOptions | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const options: LineOptions = {};
  for (const [key, choice] of Object.entries(value as Record<string, unknown>)) {
    if (!isOptionId(key) || typeof choice !== 'string' || choice.length > MAX_OPTION_LENGTH) return undefined;
    options[key] = choice;
  }
  return options;
}
