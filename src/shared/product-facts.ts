import type { Locale } from './i18n/locale';
import type { kidsSizeCodes, SizeCode } from './size-codes';

/** The two cuts the garments come in; each has one size chart. */
export type SizeChartId = 'tshirt' | 'sweatshirt';

/** A text the owner writes in both languages (material, fit, print notes). */
export type BilingualText = Readonly<Record<Locale, string>>;

/**
 * What the buyer gets, beyond price and print: the product page's facts, kept in the product's
 * record (the seed's texts come from i18n/messages/product-facts.ts).
 */
export interface ProductFacts {
  material?: BilingualText;
  fit?: BilingualText;
  /** How the product is printed. */
  print?: BilingualText;
  /** Fabric or paper weight in g/m²; absent where weight per area says nothing (caps, tape, stickers). */
  weightGsm?: number;
  /** Garments only: the chart their sizes follow. */
  sizeChart?: SizeChartId;
}

/** The seed's weights and size charts (catalogue-seed.ts). */
export const productFacts: Readonly<Record<string, ProductFacts>> = {
  kuponghäfte: { weightGsm: 170 },
  klistermärken: {},
  tejp: {},
  'halsduk-silke': { weightGsm: 60 },
  'halsduk-stickad': { weightGsm: 300 },
  'tshirt-bomull': { weightGsm: 180, sizeChart: 'tshirt' },
  'tshirt-polyester': { weightGsm: 140, sizeChart: 'tshirt' },
  tracktop: { weightGsm: 260, sizeChart: 'sweatshirt' },
  hoodie: { weightGsm: 320, sizeChart: 'sweatshirt' },
  crewneck: { weightGsm: 300, sizeChart: 'sweatshirt' },
  zip: { weightGsm: 300, sizeChart: 'sweatshirt' },
  'baseball-keps': {},
  'urvattad-keps': {},
  'keps-med-nat': {},
  mossa: {},
  fiskehatt: { weightGsm: 240 },
  becknarväska: {},
};

/** Garment measurements in centimetres, laid flat: half the chest width and the body length. */
export const sizeCharts: Readonly<
  Record<
    SizeChartId,
    { chestCm: Readonly<Record<SizeCode, number>>; lengthCm: Readonly<Record<SizeCode, number>> }
  >
> = {
  tshirt: {
    chestCm: { XS: 46, S: 49, M: 52, L: 55, XL: 58, XXL: 61, '3XL': 64 },
    lengthCm: { XS: 68, S: 71, M: 74, L: 76, XL: 78, XXL: 80, '3XL': 82 },
  },
  sweatshirt: {
    chestCm: { XS: 50, S: 53, M: 56, L: 59, XL: 62, XXL: 65, '3XL': 68 },
    lengthCm: { XS: 65, S: 68, M: 71, L: 73, XL: 75, XXL: 77, '3XL': 79 },
  },
};

/**
 * Children's sizes (decision 0063) are the child's height in cm, two heights a size as Swedish
 * children's clothes are sold; the age each size usually fits is a guide.
 */
export const kidsSizeChart: Readonly<
  Record<
    (typeof kidsSizeCodes)[number],
    { heightCm: readonly [number, number]; age: readonly [number, number] }
  >
> = {
  '98/104': { heightCm: [98, 104], age: [3, 4] },
  '110/116': { heightCm: [110, 116], age: [5, 6] },
  '122/128': { heightCm: [122, 128], age: [7, 8] },
  '134/140': { heightCm: [134, 140], age: [9, 10] },
  '146/152': { heightCm: [146, 152], age: [11, 12] },
  '158/164': { heightCm: [158, 164], age: [13, 14] },
};
