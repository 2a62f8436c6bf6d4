import type { Milli } from './money';
import type { PrintSide } from './print-options';
import type { MockupId, MockupPicture, PrintAreasCm } from './print-areas';
import type { Locale } from './i18n/locale';
import type { ProductFacts } from './product-facts';
import type { ProductOption } from './product-options';
import type { SizeSetId } from './size-codes';

/** A colour the owner added: its id (lower-case letters, digits, hyphens), names and hex. */
export interface OwnColour {
  id: string;
  names: Readonly<Record<Locale, string>>;
  hex: string;
}

export const categoryIds = ['tryckprodukter', 'kläder', 'accessoarer'] as const;
export type CategoryId = (typeof categoryIds)[number];

export const categories: readonly { id: CategoryId; label: string }[] = [
  { id: 'tryckprodukter', label: 'Print Products' },
  { id: 'kläder', label: 'Clothing' },
  { id: 'accessoarer', label: 'Accessories' },
];

/**
 * What a garment charges per garment, VAT included, for a name and for a number printed on a group
 * order's garments (issue 44, decision 0072), kept by the owner in the catalogue. A print without
 * a price is not offered for the product.
 */
export interface PersonalisationPrices {
  readonly name?: Milli;
  readonly number?: Milli;
}

export interface PriceTier {
  quantity: number;
  /** Per-unit price, VAT included, in 1/1000 kr. */
  pricePerUnit: Milli;
}

export type { PrintSide };

export interface CustomiserConfig {
  availableSides: readonly { id: PrintSide; label: string }[];
  /** The shop's colours (ColorId) and the product's own (`ownColours`) the buyer may choose. */
  availableColors: readonly string[];
}

export interface Product {
  id: string;
  name: string;
  category: CategoryId;
  description: string;
  /** Lowest tier's quantity: nothing below it can be ordered. */
  minQuantity: number;
  /**
   * Set for a product sold only in packs: quantities must be multiples of it (the product page
   * says so and offers only those). Unset: any whole number from the minimum.
   */
  soldInMultiplesOf?: number;
  /** Tiers ascending by quantity. */
  tiers: readonly PriceTier[];
  /** Plural noun in the 'Added {n} pcs {noun} to cart' toast; customiser products use the generic toast. */
  toastNoun: string;
  kind: 'tiers' | 'customiser';
  customiser?: CustomiserConfig;
  /** A garment is ordered with a size split (src/shared/sizes.ts); nothing else has sizes. */
  garment?: true;
  /** A garment's sizes: adult XS–3XL (unset) or children's (size-codes.ts). */
  sizeSet?: SizeSetId;
  /** A garment's price per printed name and number on a group order's garments (decision 0072). */
  personalisationPrices?: PersonalisationPrices;
  /** Colours the owner added for this product (name in both languages, hex), beside the shop's twelve. */
  ownColours?: readonly OwnColour[];
  /**
   * Production lead time in Swedish working days, counted from the buyer's proof approval
   * (src/shared/delivery.ts adds shipping). Set per category below unless a product says otherwise.
   */
  productionDays: number;
  /**
   * What the buyer must choose (product-options.ts): the blank's colour, the decoration, a print
   * product's format. A customiser product's colour is its design's colour.
   */
  options?: readonly ProductOption[];
  /**
   * Name and description in both languages, as the owner keeps them in admin (seeded from the
   * message files). `name` and `description` are the English ones.
   */
  names?: Readonly<Record<Locale, string>>;
  descriptions?: Readonly<Record<Locale, string>>;
  /** Material, weight, fit, print notes and size chart (product-facts.ts). */
  facts?: ProductFacts;
  /** The garment drawing a customiser product is designed on (print-areas.ts). */
  mockup?: MockupId;
  /** Instead of a drawing: the owner's mockup picture with a print rectangle per side (print-areas.ts). */
  mockupPicture?: MockupPicture;
  /**
   * The print area per side in cm. A customiser product offers exactly these sides; any product
   * lists them on its page and checks print files' resolution at these widths.
   */
  printAreas?: PrintAreasCm;
  /** The product's picture: one of the shop's product drawings (assets/products), by name. */
  image?: string;
}

/** Production lead times in working days: the one place to change them. */
export const productionDaysByCategory: Readonly<Record<CategoryId, number>> = {
  tryckprodukter: 7,
  kläder: 10,
  accessoarer: 12,
};

export const colors = [
  { id: 'black', label: 'Black', hex: '#1f1f1f' },
  { id: 'white', label: 'White', hex: '#ffffff' },
  { id: 'navy', label: 'Navy', hex: '#1e2a4a' },
  { id: 'grey', label: 'Grey', hex: '#9ca3af' },
  { id: 'red', label: 'Red', hex: '#c62828' },
  { id: 'blue', label: 'Blue', hex: '#1d6fd8' },
  { id: 'green', label: 'Green', hex: '#2e7d32' },
  { id: 'yellow', label: 'Yellow', hex: '#f5c518' },
  { id: 'orange', label: 'Orange', hex: '#ef6c00' },
  { id: 'purple', label: 'Purple', hex: '#6a1b9a' },
  { id: 'pink', label: 'Pink', hex: '#ec6fa6' },
  { id: 'brown', label: 'Brown', hex: '#6d4c41' },
] as const;
export type ColorId = (typeof colors)[number]['id'];

/**
 * The products on sale, in the owner's order. The catalogue lives in the database (the server's
 * catalogue module, src/server/catalogue/store.ts, sets it here from there before each request;
 * the browser sets it from the page's data and /api/products). Nothing is bundled: the first
 * catalogue is the seed (catalogue-seed.ts), written to the database at first start.
 */
let onSale: readonly Product[] = [];
let productsById: ReadonlyMap<string, Product> = new Map();
let ownColoursById: ReadonlyMap<string, OwnColour> = new Map();

/**
 * A colour the owner added to a product on sale (the first product naming the id wins). Names and
 * pages read it through colourName/colourHex, so a new colour shows wherever the twelve do.
 */
export function findOwnColour(id: string): OwnColour | undefined {
  return ownColoursById.get(id);
}

/** A colour's hex: one of the shop's twelve or one the owner added; undefined when unknown. */
export function colourHex(id: string): string | undefined {
  return colors.find((c) => c.id === id)?.hex ?? ownColoursById.get(id)?.hex;
}
const listeners = new Set<() => void>();

export function setCatalogue(list: readonly Product[]): void {
  if (list === onSale) return;
  onSale = list;
  productsById = new Map(list.map((p) => [p.id, p]));
  const own = new Map<string, OwnColour>();
  for (const product of list)
    for (const colour of product.ownColours ?? []) if (!own.has(colour.id)) own.set(colour.id, colour);
  ownColoursById = own;
  for (const listener of listeners) listener();
}

/** Calls `listener` after each change of the products on sale (the browser's pages re-render). */
export function subscribeCatalogue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every product on sale (hidden ones are not), in sort order. */
export function catalogueProducts(): readonly Product[] {
  return onSale;
}

/** A product on sale; undefined for an unknown or hidden one. */
export function findProduct(id: string): Product | undefined {
  return productsById.get(id);
}

export function isCategoryId(value: unknown): value is CategoryId {
  return typeof value === 'string' && (categoryIds as readonly string[]).includes(value);
}

/** Largest quantity one line may hold: keeps every amount an exact safe integer. */
export const MAX_LINE_QUANTITY = 1_000_000;
