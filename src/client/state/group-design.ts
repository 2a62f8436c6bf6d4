import { findProduct } from '@/shared/catalogue';
import { readCustomisation, type Customisation } from '@/shared/customisation';
import { readOptions, type LineOptions } from '@/shared/product-options';
import { readSessionJson, writeSessionJson } from '@/client/lib/storage';

/**
 * The design a group order starts from (issue 44): the customiser keeps it here for the start
 * page (/group/new), in this tab only, read back without trusting it.
 */
export interface GroupDesign {
  productId: string;
  customisation?: Customisation;
  options?: LineOptions;
}

const key = 'bulkprint.group-design';

export function keepGroupDesign(design: GroupDesign): void {
  writeSessionJson(key, design);
}

export function readGroupDesign(): GroupDesign | undefined {
  const stored = readSessionJson(key);
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { productId, customisation, options } = stored as Record<string, unknown>;
  if (typeof productId !== 'string' || !findProduct(productId)) return undefined;
  const design: GroupDesign = { productId };
  const read = customisation === undefined ? undefined : readCustomisation(customisation);
  if (read) design.customisation = read;
  const choices = readOptions(options);
  if (choices) design.options = choices;
  return design;
}
