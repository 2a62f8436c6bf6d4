/**
 * Garment sizes, smallest first: the order every split is shown and stored in. Its own module,
 * importing nothing, so the catalogue's product facts can name sizes without a circle through
 * sizes.ts (which reads the catalogue).
 */
export const sizeCodes = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'] as const;
export type SizeCode = (typeof sizeCodes)[number];
