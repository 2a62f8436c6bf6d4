/**
 * A product as the API and the database hold it: prices as exact decimal strings ("114.375"), never
 * floats. `GET /api/products/:id` answers this shape, `PUT /api/admin/products/:id` takes it, and the
 * catalogue table keeps it (JSONB). The browser reads it without a schema library: the server
 * validated it before storing (catalogue-schema.ts).
 */
import type { CategoryId, OwnColour, PersonalisationPrices, PriceTier, Product } from './catalogue';
import type { SizeSetId } from './size-codes';
import type { Locale } from './i18n/locale';
import { milliFromDecimal, unitPriceToString } from './money';
import { printSideIds, type PrintSide } from './print-options';
import type { MockupId, MockupPicture, PrintAreasCm } from './print-areas';
import type { ProductFacts } from './product-facts';
import type { OptionId, ProductOption } from './product-options';

export interface ProductRecord {
  id: string;
  /** English name and description (kept for older readers); `names`/`descriptions` are the source. */
  name: string;
  description: string;
  names: Record<Locale, string>;
  descriptions: Record<Locale, string>;
  category: CategoryId;
  kind: 'tiers' | 'customiser';
  minQuantity: number;
  soldInMultiplesOf?: number;
  tiers: { quantity: number; pricePerUnit: string }[];
  toastNoun: string;
  customiser?: { availableSides: { id: PrintSide; label: string }[]; availableColors: string[] };
  garment?: true;
  /** A garment's size set: adult (unset) or kids (size-codes.ts). */
  sizeSet?: SizeSetId;
  /**
   * A garment's price per printed name and number on a group order's garments, VAT included, as
   * exact decimals ("40"); a print without one is not offered (decision 0072).
   */
  personalisationPrices?: { name?: string; number?: string };
  /** Colours the owner added for this product; its colour choices may name them. */
  ownColours?: OwnColour[];
  productionDays: number;
  options: { id: OptionId; choices: { id: string; extraPerUnit?: string }[] }[];
  facts: ProductFacts;
  /** The garment drawing a customiser product is designed on (print-areas.ts `mockupIds`). */
  mockup?: MockupId;
  /** Instead of `mockup`: the owner's mockup picture and the print rectangle per side drawn on it. */
  mockupPicture?: MockupPicture;
  /**
   * Print area per side in cm as exact decimals ("30", "12.5"). A customiser product offers
   * exactly these sides (`customiser.availableSides` follows them).
   */
  printAreas: RecordPrintAreas;
  /**
   * The product's picture: the name of one of the shop's product drawings, or `picture:<upload id>`
   * for a picture the owner uploaded (product-images.ts).
   */
  image?: string;
  /** Shown in the shop; a hidden product cannot be ordered. */
  visible: boolean;
  sortOrder: number;
  /** Raised by every save; a PUT may send the version it edited (409 when someone saved since). */
  version: number;
  updatedAt: string;
}

export type RecordPrintAreas = Partial<Record<PrintSide, { widthCm: string; heightCm?: string }>>;

/** Centimetres as the record keeps them: the shortest exact decimal ("41.8", "30"). */
const cmText = (n: number): string => String(Math.round(n * 100) / 100);

export function recordPrintAreas(areas: PrintAreasCm | undefined): RecordPrintAreas {
  const out: RecordPrintAreas = {};
  for (const side of printSideIds) {
    const area = areas?.[side];
    if (!area) continue;
    out[side] =
      area.heightCm === undefined
        ? { widthCm: cmText(area.widthCm) }
        : { widthCm: cmText(area.widthCm), heightCm: cmText(area.heightCm) };
  }
  return out;
}

export function printAreasFromRecord(areas: RecordPrintAreas | undefined): PrintAreasCm {
  const out: PrintAreasCm = {};
  for (const side of printSideIds) {
    const area = areas?.[side];
    if (!area) continue;
    out[side] =
      area.heightCm === undefined
        ? { widthCm: Number(area.widthCm) }
        : { widthCm: Number(area.widthCm), heightCm: Number(area.heightCm) };
  }
  return out;
}

/** A garment's personalisation prices as the record keeps them: exact decimals ("40", "12.5"). */
export function recordPersonalisationPrices(prices: PersonalisationPrices): {
  name?: string;
  number?: string;
} {
  return {
    ...(prices.name !== undefined ? { name: unitPriceToString(prices.name) } : {}),
    ...(prices.number !== undefined ? { number: unitPriceToString(prices.number) } : {}),
  };
}

export function personalisationPricesFromRecord(prices: {
  name?: string;
  number?: string;
}): PersonalisationPrices {
  return {
    ...(prices.name !== undefined ? { name: milliFromDecimal(prices.name) } : {}),
    ...(prices.number !== undefined ? { number: milliFromDecimal(prices.number) } : {}),
  };
}

/** What the catalogue table keeps besides its columns (visible, sort order, version, updated_at). */
export type StoredProduct = Omit<ProductRecord, 'visible' | 'sortOrder' | 'version' | 'updatedAt'>;

export interface RecordMeta {
  visible: boolean;
  sortOrder: number;
  version: number;
  updatedAt: string;
}

export function storedFromProduct(product: Product): StoredProduct {
  return {
    id: product.id,
    name: product.names?.en ?? product.name,
    description: product.descriptions?.en ?? product.description,
    names: { sv: product.names?.sv ?? product.name, en: product.names?.en ?? product.name },
    descriptions: {
      sv: product.descriptions?.sv ?? product.description,
      en: product.descriptions?.en ?? product.description,
    },
    category: product.category,
    kind: product.kind,
    minQuantity: product.minQuantity,
    ...(product.soldInMultiplesOf ? { soldInMultiplesOf: product.soldInMultiplesOf } : {}),
    tiers: product.tiers.map((t) => ({
      quantity: t.quantity,
      pricePerUnit: unitPriceToString(t.pricePerUnit),
    })),
    toastNoun: product.toastNoun,
    ...(product.customiser
      ? {
          customiser: {
            availableSides: product.customiser.availableSides.map((s) => ({ id: s.id, label: s.label })),
            availableColors: [...product.customiser.availableColors],
          },
        }
      : {}),
    ...(product.garment ? { garment: true as const } : {}),
    ...(product.sizeSet ? { sizeSet: product.sizeSet } : {}),
    ...(product.personalisationPrices
      ? { personalisationPrices: recordPersonalisationPrices(product.personalisationPrices) }
      : {}),
    ...(product.ownColours?.length ? { ownColours: product.ownColours.map((c) => ({ ...c })) } : {}),
    productionDays: product.productionDays,
    options: (product.options ?? []).map((option) => ({
      id: option.id,
      choices: option.choices.map((choice) =>
        choice.extraPerUnit === undefined
          ? { id: choice.id }
          : { id: choice.id, extraPerUnit: unitPriceToString(choice.extraPerUnit) },
      ),
    })),
    facts: { ...product.facts },
    ...(product.mockup ? { mockup: product.mockup } : {}),
    ...(product.mockupPicture ? { mockupPicture: product.mockupPicture } : {}),
    printAreas: recordPrintAreas(product.printAreas),
    ...(product.image ? { image: product.image } : {}),
  };
}

export function recordOf(stored: StoredProduct, meta: RecordMeta): ProductRecord {
  return { ...stored, ...meta };
}

/** The product pricing and pages work with, from its record (prices to exact 1/1000 kr). */
export function productFromRecord(record: StoredProduct): Product {
  const tiers: PriceTier[] = record.tiers.map((t) => ({
    quantity: t.quantity,
    pricePerUnit: milliFromDecimal(t.pricePerUnit),
  }));
  const options: ProductOption[] = record.options.map((option) => ({
    id: option.id,
    choices: option.choices.map((choice) =>
      choice.extraPerUnit === undefined
        ? { id: choice.id }
        : { id: choice.id, extraPerUnit: milliFromDecimal(choice.extraPerUnit) },
    ),
  }));
  return {
    id: record.id,
    name: record.names.en,
    description: record.descriptions.en,
    names: record.names,
    descriptions: record.descriptions,
    category: record.category,
    kind: record.kind,
    minQuantity: record.minQuantity,
    ...(record.soldInMultiplesOf ? { soldInMultiplesOf: record.soldInMultiplesOf } : {}),
    tiers,
    toastNoun: record.toastNoun,
    ...(record.customiser ? { customiser: record.customiser } : {}),
    ...(record.garment ? { garment: true as const } : {}),
    ...(record.sizeSet ? { sizeSet: record.sizeSet } : {}),
    ...(record.personalisationPrices
      ? { personalisationPrices: personalisationPricesFromRecord(record.personalisationPrices) }
      : {}),
    ...(record.ownColours?.length ? { ownColours: record.ownColours } : {}),
    productionDays: record.productionDays,
    ...(options.length > 0 ? { options } : {}),
    facts: record.facts,
    ...(record.mockup ? { mockup: record.mockup } : {}),
    ...(record.mockupPicture ? { mockupPicture: record.mockupPicture } : {}),
    printAreas: printAreasFromRecord(record.printAreas),
    ...(record.image ? { image: record.image } : {}),
  };
}
