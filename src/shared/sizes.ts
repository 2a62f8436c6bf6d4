import type { Product } from './catalogue';
import { MAX_LINE_QUANTITY } from './catalogue';
import type { sizeMessages } from './i18n/messages/sizes';

import { allSizeCodes, sizeCodes, sizeCodesOf, type GarmentSizeCode, type SizeCode } from './size-codes';

export {
  allSizeCodes,
  kidsSizeCodes,
  sizeCodes,
  sizeCodesOf,
  sizeSetIds,
  type GarmentSizeCode,
  type SizeCode,
  type SizeSetId,
} from './size-codes';

/** How many pieces of each size a garment line holds; sizes not ordered are left out. */
export type SizeSplit = Partial<Record<GarmentSizeCode, number>>;

const sizeSet: ReadonlySet<string> = new Set(allSizeCodes);

/** An adult size (XS–3XL): what group orders and the export's size columns know. */
export function isSizeCode(value: string): value is SizeCode {
  return (sizeCodes as readonly string[]).includes(value);
}

/** Any garment size, adult or children's: what a line's split may name. */
export function isGarmentSizeCode(value: string): value is GarmentSizeCode {
  return sizeSet.has(value);
}

/** The sizes a garment is ordered in: its size set's (adult XS–3XL unless the owner chose kids'). */
export function productSizeCodes(product: Pick<Product, 'sizeSet'>): readonly GarmentSizeCode[] {
  return sizeCodesOf(product.sizeSet);
}

/** Garments are ordered with a size split; everything else (caps, scarves, print products) has no sizes. */
export function hasSizes(product: Pick<Product, 'garment'>): boolean {
  return product.garment === true;
}

export function splitTotal(sizes: SizeSplit | undefined): number {
  if (!sizes) return 0;
  return allSizeCodes.reduce((sum, code) => sum + (sizes[code] ?? 0), 0);
}

/** The split in size order without zero entries (what is stored and compared). */
export function normaliseSplit(sizes: SizeSplit): SizeSplit {
  const clean: SizeSplit = {};
  for (const code of allSizeCodes) {
    const n = sizes[code];
    if (n !== undefined && n > 0) clean[code] = n;
  }
  return clean;
}

/** "20 S, 50 M, 50 L" */
export function formatSplit(sizes: SizeSplit | undefined): string {
  if (!sizes) return '';
  return allSizeCodes
    .filter((code) => (sizes[code] ?? 0) > 0)
    .map((code) => `${sizes[code] ?? 0} ${code}`)
    .join(', ');
}

/** Adds two splits size by size (two cart lines of one design merging). */
export function addSplits(a: SizeSplit | undefined, b: SizeSplit | undefined): SizeSplit {
  const sum: SizeSplit = {};
  for (const code of allSizeCodes) {
    const n = (a?.[code] ?? 0) + (b?.[code] ?? 0);
    if (n > 0) sum[code] = n;
  }
  return sum;
}

/** What is wrong with a split; the words come from the sizes catalogue in the reader's language. */
export type SplitProblem =
  | { kind: 'notObject' }
  | { kind: 'notWhole' }
  | { kind: 'unknown'; code: string; known?: readonly string[] }
  | { kind: 'required'; quantity: number }
  | { kind: 'mismatch'; quantity: number; total: number }
  | { kind: 'notGarment'; name: string };

export type SizeTexts = (typeof sizeMessages)['en'];

export function describeSplitProblem(t: SizeTexts, problem: SplitProblem): string {
  switch (problem.kind) {
    case 'notObject':
      return t.notObject;
    case 'notWhole':
      return t.notWhole;
    case 'unknown':
      return t.unknown({ code: problem.code.slice(0, 20), known: (problem.known ?? sizeCodes).join(', ') });
    case 'required':
      return t.required({ quantity: problem.quantity });
    case 'mismatch':
      return t.mismatch({ quantity: problem.quantity, total: problem.total });
    case 'notGarment':
      return t.notGarment({ name: problem.name });
  }
}

/**
 * Reads a split without trusting it (stored cart, request body): an object of known size codes to
 * whole numbers ≥ 0. Answers the normalised split, or a message saying what is wrong.
 */
export function readSplit(
  value: unknown,
): { ok: true; sizes: SizeSplit } | { ok: false; problem: SplitProblem } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, problem: { kind: 'notObject' } };
  const sizes: SizeSplit = {};
  for (const [code, n] of Object.entries(value as Record<string, unknown>)) {
    if (!isGarmentSizeCode(code)) return { ok: false, problem: { kind: 'unknown', code } };
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > MAX_LINE_QUANTITY)
      return { ok: false, problem: { kind: 'notWhole' } };
    sizes[code] = n;
  }
  return { ok: true, sizes: normaliseSplit(sizes) };
}

/**
 * The one rule for a line's sizes, in the browser and on the server: a garment needs a split that
 * adds up to the quantity; anything else must not have one. Undefined when the line is fine.
 */
export function splitProblem(
  product: Pick<Product, 'name' | 'garment' | 'sizeSet'>,
  quantity: number,
  sizes: SizeSplit | undefined,
): SplitProblem | undefined {
  if (!hasSizes(product)) return sizes === undefined ? undefined : { kind: 'notGarment', name: product.name };
  // A kids' garment takes kids' sizes only, an adult one adult sizes only.
  const known = sizeCodesOf(product.sizeSet);
  const foreign = Object.keys(sizes ?? {}).find((code) => !(known as readonly string[]).includes(code));
  if (foreign !== undefined) return { kind: 'unknown', code: foreign, known };
  const total = splitTotal(sizes);
  if (total === 0) return { kind: 'required', quantity };
  if (total !== quantity) return { kind: 'mismatch', quantity, total };
  return undefined;
}
