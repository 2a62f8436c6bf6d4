import type { PrintSide } from '@/shared/catalogue';
import { ADDITIONAL_INFO_MAX } from '@/shared/customisation';
import { printFileKinds, type PrintFileAnswer, type PrintFileKind } from '@/shared/print-files';
import { readSplit, type SizeSplit } from '@/shared/sizes';
import { uploadIdPattern } from '@/shared/uploads';
import { readSessionJson, writeSessionJson } from '@/client/lib/storage';
import {
  clampPosition,
  clampScale,
  printMethods,
  type PrintDraft,
  type PrintImage,
} from './customiser-model';

/**
 * A design in progress on one product's customiser (colour, the uploaded prints and where they
 * sit, quantity, sizes, notes), kept in this tab's sessionStorage so a reload or a trip to another
 * page does not lose an upload the buyer waited for. Never sent anywhere; the files themselves
 * are on the server already, the draft holds only their ids.
 */
export interface CustomiserDraft {
  color: string;
  previewSide: PrintSide;
  prints: PrintDraft[];
  quantityText: string;
  additionalInfo: string;
  sizes: SizeSplit;
}

const keyOf = (productId: string) => `customiser-draft:${productId}`;

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const whole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
const shortText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;
const isKind = (value: unknown): value is PrintFileKind =>
  (printFileKinds as readonly unknown[]).includes(value);

/** An uploaded image as stored (a draft's, or one the account's design library sent), trusting nothing. */
export function readImage(value: unknown): PrintImage | undefined {
  if (!isObject(value)) return undefined;
  const { id, contentType, size, kind, fileName, width, height } = value;
  if (typeof id !== 'string' || !uploadIdPattern.test(id)) return undefined;
  if (!shortText(contentType, 100) || !whole(size) || !isKind(kind) || !shortText(fileName, 200))
    return undefined;
  // The address is ours, rebuilt from the id: a stored draft cannot point the preview elsewhere.
  const image: PrintImage = { id, contentType, size, kind, fileName, url: `/api/uploads/${id}` };
  if (whole(width) && whole(height)) Object.assign(image, { width, height });
  return image;
}

function readPrintFile(value: unknown): PrintFileAnswer | undefined {
  if (!isObject(value)) return undefined;
  const { id, kind, name, bytes, contentType, width, height } = value;
  if (typeof id !== 'string' || !uploadIdPattern.test(id)) return undefined;
  if (!isKind(kind) || !shortText(name, 200) || !whole(bytes) || !shortText(contentType, 100))
    return undefined;
  const file: PrintFileAnswer = { id, kind, name, bytes, contentType };
  if (whole(width) && whole(height)) Object.assign(file, { width, height });
  return file;
}

/**
 * The stored draft of a product, trusting nothing: colours and sides the product offers, one
 * print per method and side, positions and scales clamped. Undefined when there is none or it is unusable.
 */
export function readCustomiserDraft(
  productId: string,
  offered: { colors: readonly string[]; sides: readonly PrintSide[] },
): CustomiserDraft | undefined {
  const stored = readSessionJson(keyOf(productId));
  if (!isObject(stored)) return undefined;
  const { color, previewSide, prints, quantityText, additionalInfo, sizes } = stored;
  if (typeof color !== 'string' || !offered.colors.includes(color)) return undefined;
  const side = (value: unknown): value is PrintSide =>
    typeof value === 'string' && (offered.sides as readonly string[]).includes(value);
  if (!side(previewSide) || !Array.isArray(prints)) return undefined;
  if (!shortText(quantityText, 12) || !shortText(additionalInfo, ADDITIONAL_INFO_MAX)) return undefined;
  const split = readSplit(sizes ?? {});
  const drafts: PrintDraft[] = [];
  const readPrint = (print: unknown, key: string): PrintDraft | undefined => {
    if (!isObject(print) || !side(print.side)) return undefined;
    const { x, y, scale } = print;
    if (typeof x !== 'number' || typeof y !== 'number' || typeof scale !== 'number') return undefined;
    const upload = readImage(print.upload);
    const printFile = readPrintFile(print.printFile);
    return {
      key,
      method: print.method as PrintDraft['method'],
      side: print.side,
      x: clampPosition(x),
      y: clampPosition(y),
      scale: clampScale(scale),
      ...(upload ? { upload } : {}),
      ...(printFile ? { printFile } : {}),
    };
  };
  for (const method of printMethods) {
    const ofMethod = prints.filter((p: unknown) => isObject(p) && p.method === method);
    // The method's first print (always on the page), then its prints on further sides: those
    // need their image and a side of their own (one print per method and side).
    const first = readPrint(ofMethod[0], method);
    if (!first) return undefined;
    drafts.push(first);
    const sidesUsed = new Set<PrintSide>([first.side]);
    ofMethod.slice(1, offered.sides.length).forEach((stored: unknown, i: number) => {
      const further = readPrint(stored, `${method}-${i + 2}`);
      if (!further?.upload || sidesUsed.has(further.side)) return;
      sidesUsed.add(further.side);
      drafts.push(further);
    });
  }
  return {
    color,
    previewSide,
    prints: drafts,
    quantityText,
    additionalInfo,
    sizes: split.ok ? split.sizes : {},
  };
}

export function writeCustomiserDraft(productId: string, draft: CustomiserDraft): void {
  writeSessionJson(keyOf(productId), draft);
}
