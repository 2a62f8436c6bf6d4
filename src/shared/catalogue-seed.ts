/**
 * The catalogue as the shop opened with it (SPEC §2 and §9: 17 products, their tiers, minimums,
 * colours, choices, facts and texts in both languages). Written to the database at first start
 * (src/server/catalogue/store.ts); from then on the owner keeps the catalogue in admin and this file
 * is only the seed. Server and tests import it; the browser bundle never does.
 */
import { colors, productionDaysByCategory, type PriceTier, type Product } from './catalogue';
import { productDescriptionMessages } from './i18n/messages/product-descriptions';
import { productFitMessages, productMaterialMessages, productPrintMessages } from './catalogue-seed-facts';
import { productNameMessages } from './i18n/messages/product-names';
import { milliFromDecimal } from './money';
import { printSideLabels, printSideIds, type PrintSide } from './print-options';
import { mockupAreas, type MockupId, type PrintAreasCm } from './print-areas';
import { productFacts, type BilingualText, type ProductFacts } from './product-facts';
import {
  bookletOptions,
  colourOption,
  decorationOption,
  stickerOptions,
  tapeOptions,
} from './product-options';

const allColors = colors.map((c) => c.id);

/** Builds tiers from "quantity: per-unit" pairs written exactly as SPEC §9 prints them. */
function tiers(table: string): PriceTier[] {
  return table.split(';').map((pair) => {
    const [quantity, price] = pair.split(':').map((part) => part.trim());
    return { quantity: Number(quantity), pricePerUnit: milliFromDecimal(price ?? '') };
  });
}

const garmentTiers = (p: string) => tiers(p);
/** A print side offered by a product, labelled as every other page labels it. */
const side = (id: PrintSide) => ({ id, label: printSideLabels.en[id] });
const frontBack = [side('front'), side('back')];

/**
 * A printed name and a printed number on a group order's garment (decision 0051): every garment
 * the shop opened with offers both at these prices per garment, VAT included (decision 0072;
 * migration 6550 gave a shop seeded before it the same).
 */
const personalisationPrices = { name: milliFromDecimal('40'), number: milliFromDecimal('25') };

function product(p: Omit<Product, 'minQuantity' | 'productionDays'> & { productionDays?: number }): Product {
  const first = p.tiers[0];
  if (!first) throw new Error(`Product ${p.id} has no tiers`);
  return {
    ...p,
    ...(p.garment ? { personalisationPrices } : {}),
    minQuantity: first.quantity,
    productionDays: p.productionDays ?? productionDaysByCategory[p.category],
  };
}

const capTiers =
  '20: 66; 50: 54; 100: 48; 200: 42; 300: 38; 500: 34; 750: 32; 1000: 31; 1500: 30.5; 2000: 30';

const seedProducts: readonly Product[] = [
  product({
    id: 'kuponghäfte',
    name: 'Coupon Booklet',
    category: 'tryckprodukter',
    kind: 'tiers',
    toastNoun: 'coupon booklets',
    description: 'Printed coupon booklets with your own offers, numbered and perforated for easy tear-off.',
    tiers: tiers(
      '100: 30; 200: 25; 300: 23; 500: 20; 750: 17; 1000: 15; 1500: 13; 2000: 12; 3000: 10; 5000: 8',
    ),
    options: bookletOptions,
  }),
  product({
    id: 'klistermärken',
    name: 'Stickers',
    category: 'tryckprodukter',
    kind: 'tiers',
    toastNoun: 'stickers',
    description: 'Durable vinyl stickers with your logo, cut to shape and weatherproof.',
    tiers: tiers(
      '5000: 0.74; 7500: 0.70; 10000: 0.68; 15000: 0.66; 20000: 0.62; 30000: 0.58; 40000: 0.55; 60000: 0.53; 80000: 0.52; 100000: 0.50',
    ),
    options: stickerOptions,
  }),
  product({
    id: 'tejp',
    name: 'Printed Tape',
    category: 'tryckprodukter',
    kind: 'tiers',
    toastNoun: 'tape',
    description: 'Packing tape printed with your brand, so every parcel carries your name.',
    tiers: tiers('120: 12.8; 200: 11.2; 300: 10.2; 500: 9.2; 750: 8.8; 1000: 8.5; 1500: 8.35; 2000: 8'),
    options: tapeOptions,
  }),
  product({
    id: 'halsduk-silke',
    name: 'Silk Scarf',
    category: 'accessoarer',
    kind: 'tiers',
    toastNoun: 'scarves',
    description: 'Soft silk scarves printed edge to edge with your pattern.',
    tiers: tiers('20: 50; 50: 42.5; 100: 35; 200: 30; 350: 27; 500: 25'),
  }),
  product({
    id: 'halsduk-stickad',
    name: 'Knitted Scarf',
    category: 'accessoarer',
    kind: 'tiers',
    toastNoun: 'scarves',
    description: 'Warm knitted scarves in your colours, the classic for supporters and teams.',
    tiers: tiers('20: 16.5; 50: 14.25; 100: 12; 200: 9.75; 350: 8.5; 500: 7.5'),
  }),
  product({
    id: 'tshirt-bomull',
    garment: true,
    name: 'Cotton T-shirt',
    category: 'kläder',
    kind: 'customiser',
    toastNoun: 't-shirts',
    description: 'Soft cotton t-shirt. Design it yourself: pick a colour and place your print.',
    tiers: garmentTiers('20: 88; 50: 76.25; 100: 64; 200: 52; 350: 45.2; 500: 40'),
    customiser: { availableSides: frontBack, availableColors: allColors },
    options: [colourOption(allColors)],
  }),
  product({
    id: 'tshirt-polyester',
    garment: true,
    name: 'Polyester T-shirt',
    category: 'kläder',
    kind: 'tiers',
    toastNoun: 't-shirts',
    description: 'Lightweight, quick-drying polyester t-shirt for sport and events.',
    tiers: garmentTiers('20: 110; 50: 95; 100: 85; 200: 75; 350: 70; 500: 65'),
    options: [colourOption(['black', 'white', 'navy', 'red', 'blue', 'green', 'yellow'])],
  }),
  product({
    id: 'tracktop',
    garment: true,
    name: 'Track Top',
    category: 'kläder',
    kind: 'tiers',
    toastNoun: 'track tops',
    description: 'Retro track top with full zip, printed with your club or company logo.',
    tiers: garmentTiers('20: 300; 50: 275; 100: 250; 200: 210; 350: 180; 500: 150'),
    options: [colourOption(['black', 'navy', 'red', 'blue', 'green'])],
  }),
  product({
    id: 'hoodie',
    garment: true,
    name: 'Hoodie',
    category: 'kläder',
    kind: 'customiser',
    toastNoun: 'hoodies',
    description: 'Heavy hoodie with kangaroo pocket. Design it yourself: colour, print and placement.',
    tiers: garmentTiers('20: 132; 50: 114.375; 100: 96; 200: 78; 350: 67.8; 500: 60'),
    customiser: { availableSides: frontBack, availableColors: allColors },
    options: [colourOption(allColors)],
  }),
  product({
    id: 'crewneck',
    garment: true,
    name: 'Crewneck',
    category: 'kläder',
    kind: 'customiser',
    toastNoun: 'crewnecks',
    description: 'Classic crewneck sweatshirt. Design it yourself: colour, print and placement.',
    tiers: garmentTiers('20: 143; 50: 123.75; 100: 104; 200: 84.5; 350: 73.5; 500: 65'),
    customiser: { availableSides: frontBack, availableColors: allColors },
    options: [colourOption(allColors)],
  }),
  product({
    id: 'zip',
    garment: true,
    name: 'Zip Sweater',
    category: 'kläder',
    kind: 'tiers',
    toastNoun: 'zip sweaters',
    description: 'Zip sweater with full-length zip, printed on chest or back.',
    tiers: garmentTiers('20: 154; 50: 133.375; 100: 112; 200: 91; 350: 79.1; 500: 70'),
    options: [colourOption(['black', 'navy', 'grey', 'red'])],
  }),
  product({
    id: 'baseball-keps',
    name: 'Baseball Cap',
    category: 'accessoarer',
    kind: 'customiser',
    toastNoun: 'caps',
    description: 'Six-panel baseball cap. Design it yourself: print on the front or the side.',
    tiers: tiers(capTiers),
    customiser: {
      availableSides: [side('front'), side('side')],
      availableColors: allColors,
    },
    options: [colourOption(allColors)],
  }),
  product({
    id: 'urvattad-keps',
    name: 'Washed Cap',
    category: 'accessoarer',
    kind: 'tiers',
    toastNoun: 'caps',
    description: 'Washed cotton cap with a worn-in look and embroidered or printed logo.',
    tiers: tiers(
      '20: 33; 50: 27; 100: 24; 200: 21; 300: 19; 500: 17; 750: 16; 1000: 15.5; 1500: 15.25; 2000: 15',
    ),
    options: [colourOption(['black', 'navy', 'grey', 'green', 'brown']), decorationOption],
  }),
  product({
    id: 'keps-med-nat',
    name: 'Trucker Cap',
    category: 'accessoarer',
    kind: 'tiers',
    toastNoun: 'caps',
    description: 'Trucker cap with mesh back and a printed front panel.',
    tiers: tiers(capTiers),
    options: [colourOption(['black', 'white', 'navy', 'red', 'blue'])],
  }),
  product({
    id: 'mossa',
    name: 'Beanie',
    category: 'accessoarer',
    kind: 'customiser',
    toastNoun: 'beanies',
    description: 'Knitted beanie with fold-up cuff. Design it yourself: print on the front.',
    tiers: tiers('25: 175; 50: 140; 100: 120; 200: 100; 300: 90; 400: 80'),
    customiser: { availableSides: [side('front')], availableColors: allColors },
    options: [colourOption(allColors)],
  }),
  product({
    id: 'fiskehatt',
    name: 'Bucket Hat',
    category: 'accessoarer',
    kind: 'tiers',
    toastNoun: 'bucket hats',
    description: 'Bucket hat printed all around, for festivals, teams and summer events.',
    tiers: tiers(
      '20: 99; 50: 81; 100: 72; 200: 63; 300: 57; 500: 51; 750: 48; 1000: 46.5; 1500: 45.75; 2000: 45',
    ),
    options: [colourOption(['black', 'white', 'navy', 'green', 'brown'])],
  }),
  product({
    id: 'becknarväska',
    name: 'Fanny Pack',
    category: 'accessoarer',
    kind: 'tiers',
    toastNoun: 'fanny packs',
    description: 'Fanny pack with adjustable strap and your print on the front.',
    tiers: tiers(capTiers),
    options: [colourOption(['black', 'navy', 'grey', 'red'])],
  }),
];

/** The garment drawing each customiser product of the seed is designed on. */
const seedMockups: Readonly<Record<string, MockupId>> = {
  'tshirt-bomull': 'tshirt',
  hoodie: 'hoodie',
  crewneck: 'crewneck',
  'baseball-keps': 'cap',
  mossa: 'beanie',
};

/**
 * Width (cm) of the print area per product and side as the shop opened with it. A customiser
 * product's areas are its mockup's full areas, for the sides it offers.
 */
const seedPrintWidthsCm: Readonly<Record<string, Partial<Record<PrintSide, number>>>> = {
  'tshirt-polyester': { front: 30, back: 32, side: 10 },
  tracktop: { front: 28, back: 32, side: 10 },
  zip: { front: 28, back: 32, side: 10 },
  'urvattad-keps': { front: 12, back: 8, side: 7 },
  'keps-med-nat': { front: 12, back: 8, side: 7 },
  fiskehatt: { front: 12, back: 12, side: 8 },
  becknarväska: { front: 20 },
  'halsduk-silke': { front: 25 },
  'halsduk-stickad': { front: 20 },
};

function seedPrintAreas(p: Product, mockup: MockupId | undefined): PrintAreasCm {
  const areas: PrintAreasCm = {};
  if (mockup) {
    for (const { id } of p.customiser?.availableSides ?? []) {
      const max = mockupAreas[mockup][id];
      areas[id] = { widthCm: max.widthCm, heightCm: max.heightCm };
    }
    return areas;
  }
  const widths = seedPrintWidthsCm[p.id] ?? {};
  for (const side of printSideIds) {
    const widthCm = widths[side];
    if (widthCm !== undefined) areas[side] = { widthCm };
  }
  return areas;
}

function seedFacts(id: string): ProductFacts {
  const text = (messages: {
    sv: Readonly<Record<string, string>>;
    en: Readonly<Record<string, string>>;
  }): BilingualText | undefined => {
    const sv = messages.sv[id];
    const en = messages.en[id];
    return sv && en ? { sv, en } : undefined;
  };
  const material = text(productMaterialMessages);
  const fit = text(productFitMessages);
  const print = text(productPrintMessages);
  return {
    ...(material ? { material } : {}),
    ...(productFacts[id] ?? {}),
    ...(fit ? { fit } : {}),
    ...(print ? { print } : {}),
  };
}

/** The seed with each product's names and descriptions in both languages, its facts and print areas. */
export const seedCatalogue: readonly Product[] = seedProducts.map((p) => {
  const names: Readonly<Record<string, string>> = productNameMessages.sv;
  const namesEn: Readonly<Record<string, string>> = productNameMessages.en;
  const texts: Readonly<Record<string, string>> = productDescriptionMessages.sv;
  const textsEn: Readonly<Record<string, string>> = productDescriptionMessages.en;
  const mockup = p.kind === 'customiser' ? seedMockups[p.id] : undefined;
  return {
    ...p,
    names: { sv: names[p.id] ?? p.name, en: namesEn[p.id] ?? p.name },
    descriptions: { sv: texts[p.id] ?? p.description, en: textsEn[p.id] ?? p.description },
    facts: seedFacts(p.id),
    ...(mockup ? { mockup } : {}),
    printAreas: seedPrintAreas(p, mockup),
    image: p.id,
  };
});

const seedById = new Map(seedCatalogue.map((p) => [p.id, p]));

/** A product of the seed (tests of SPEC's tiers and the first start's data). */
export function seedProduct(id: string): Product | undefined {
  return seedById.get(id);
}
