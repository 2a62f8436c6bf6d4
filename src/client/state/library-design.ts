import { readSessionJson, writeSessionJson } from '@/client/lib/storage';

/**
 * An image of the account's design library on its way to a product's customiser (issue 43): the
 * account page keeps it here and opens the product; the customiser takes it once (this tab only)
 * and places it as a print, so the buyer does not upload it again. The image is read back by the
 * customiser's own draft rules (customiser-draft.ts), trusting nothing.
 */
const key = 'bulkprint.library-design';

export function keepLibraryDesign(productId: string, image: unknown): void {
  writeSessionJson(key, { productId, image });
}

/** The image kept for this product, taken (a reload does not place it again); else undefined. */
export function takeLibraryDesign(productId: string): unknown {
  const stored = readSessionJson(key);
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { productId: kept, image } = stored as Record<string, unknown>;
  if (kept !== productId) return undefined;
  writeSessionJson(key, undefined);
  return image;
}
