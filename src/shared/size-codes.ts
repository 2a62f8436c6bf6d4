/**
 * Garment sizes, smallest first: the order every split is shown and stored in. Its own module,
 * importing nothing, so the catalogue's product facts can name sizes without a circle through
 * sizes.ts (which reads the catalogue).
 */
export const sizeCodes = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'] as const;
export type SizeCode = (typeof sizeCodes)[number];

/** Children's sizes by height in cm, two heights a size as Swedish children's clothes are sold. */
export const kidsSizeCodes = ['98/104', '110/116', '122/128', '134/140', '146/152', '158/164'] as const;

/**
 * The size sets a garment is ordered in (the owner picks one per product): adult XS–3XL, the
 * default, or children's sizes. A product in one size is no garment: it has no split.
 */
export const sizeSetIds = ['adult', 'kids'] as const;
export type SizeSetId = (typeof sizeSetIds)[number];

/** Every size code, adult then children's: the order splits are stored and shown in. */
export const allSizeCodes = [...sizeCodes, ...kidsSizeCodes] as const;
/** Any garment size, adult or children's: the keys of a line's size split. */
export type GarmentSizeCode = (typeof allSizeCodes)[number];

/** The sizes of one set, smallest first. */
export function sizeCodesOf(set: SizeSetId | undefined): readonly GarmentSizeCode[] {
  return set === 'kids' ? kidsSizeCodes : sizeCodes;
}
