import type { PrintSide, PriceTier, Product } from '@/shared/catalogue';
import {
  ADDITIONAL_INFO_MAX,
  DEFAULT_SCALE,
  POSITION_MAX,
  POSITION_MIN,
  SCALE_MAX,
  SCALE_MIN,
  type Customisation,
  type PrintMethod,
  type PrintPlacement,
} from '@/shared/customisation';
import { printMethodIds } from '@/shared/print-options';
import { lineTotal, type Milli } from '@/shared/money';
import { parseQuantity, quantityProblem, tierFor } from '@/shared/pricing';
import type { Locale } from '@/shared/i18n/locale';
import { quantityProblemText } from '@/shared/i18n/messages/products';
import type { PrintFileAnswer } from '@/shared/print-files';
import type { UploadAnswer } from '@/shared/uploads';
import { printWidthPercent, type PrintGeometry } from '@/client/components/print-area';
import type { MockupId, PrintAreasCm } from '@/shared/print-areas';
import { largestFittingScale, sideAreaCm } from '@/shared/print-fit';

/** The two prints of a design, in the order the customiser shows them. */
export const printMethods: readonly PrintMethod[] = printMethodIds;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A position in % of the preview, kept within 10–90 and to one decimal. Not a number → centre. */
export function clampPosition(value: number): number {
  if (!Number.isFinite(value)) return 50;
  return round1(Math.min(POSITION_MAX, Math.max(POSITION_MIN, value)));
}

/** A print scale within 0.1–2 on the slider's 0.1 grid. Not a number → the default. */
export function clampScale(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_SCALE;
  return round1(Math.min(SCALE_MAX, Math.max(SCALE_MIN, value)));
}

/** "30 %": the slider's value as the spec shows it. */
export function scaleLabel(scale: number): string {
  return `${Math.round(scale * 100)} %`;
}

/** Where a new print starts: the centre of the product's print area on that side. */
export function defaultPosition(product: PrintGeometry, side: PrintSide): { x: number; y: number } {
  const area = product.rects[side];
  return {
    x: clampPosition(((area.x + area.width / 2) / 400) * 100),
    y: clampPosition(((area.y + area.height / 2) / 400) * 100),
  };
}

/** A print's box in % of the preview; the height is taken as the width (the image is not known yet). */
interface Box {
  x: number;
  y: number;
  size: number;
}

/** How much two boxes cover each other, in %² of the preview. */
function overlap(a: Box, b: Box): number {
  const across = Math.min(a.x + a.size / 2, b.x + b.size / 2) - Math.max(a.x - a.size / 2, b.x - b.size / 2);
  const down = Math.min(a.y + a.size / 2, b.y + b.size / 2) - Math.max(a.y - a.size / 2, b.y - b.size / 2);
  return Math.max(0, across) * Math.max(0, down);
}

/** A centre moved so that a box of `size` stays within [start, start + length] (centred if it cannot). */
function keepWithin(centre: number, size: number, start: number, length: number): number {
  if (size >= length) return start + length / 2;
  return Math.min(start + length - size / 2, Math.max(start + size / 2, centre));
}

type Position = { x: number; y: number };

/**
 * Where a new print goes on a side: the middle of the print area; with a print already there,
 * clear of it and always inside the print area. On a small area (the beanie's cuff) that means
 * side by side, so a print still where it started moves aside to make room (`other`); one the buyer
 * placed stays put and the new print covers it as little as the area allows.
 */
export function placeFor(
  product: PrintGeometry,
  side: PrintSide,
  others: readonly { x: number; y: number; scale: number }[],
  scale: number = DEFAULT_SCALE,
): { position: Position; other?: Position } {
  const centre = defaultPosition(product, side);
  const existing = others[0];
  if (!existing) return { position: centre };
  const rect = product.rects[side];
  const area = { x: rect.x / 4, y: rect.y / 4, width: rect.width / 4, height: rect.height / 4 };
  const size = printWidthPercent(product, side, scale);
  const otherSize = printWidthPercent(product, side, existing.scale);
  const inside = (p: Position, boxSize: number): Position => ({
    x: clampPosition(keepWithin(p.x, boxSize, area.x, area.width)),
    y: clampPosition(keepWithin(p.y, boxSize, area.y, area.height)),
  });
  const apart = (otherSize + size) / 2 + Math.min(otherSize, size) * 0.1;
  const covered = (own: Position, other: Position) =>
    overlap({ ...own, size }, { ...other, size: otherSize });

  // Below, above, right or left of the print where it is: the first that covers it least.
  let best: { position: Position; other?: Position } | undefined;
  let bestCover = Infinity;
  const consider = (option: { position: Position; other?: Position }) => {
    const cover = covered(option.position, option.other ?? existing);
    if (cover < bestCover) {
      best = option;
      bestCover = cover;
    }
  };
  for (const [dx, dy] of [
    [0, 1],
    [0, -1],
    [1, 0],
    [-1, 0],
  ] as const)
    consider({ position: inside({ x: existing.x + dx * apart, y: existing.y + dy * apart }, size) });
  // An untouched print shares the area: the two split around the middle, one above the other or
  // side by side.
  if (bestCover > 0 && existing.x === centre.x && existing.y === centre.y)
    for (const [dx, dy] of [
      [0, 1],
      [1, 0],
    ] as const)
      consider({
        position: inside({ x: centre.x + (dx * apart) / 2, y: centre.y + (dy * apart) / 2 }, size),
        other: inside({ x: centre.x - (dx * apart) / 2, y: centre.y - (dy * apart) / 2 }, otherSize),
      });
  return best ?? { position: centre };
}

/** Moves a print with the arrow keys: 1 % a press, 5 % with Shift. Undefined for other keys. */
export function nudge(
  position: { x: number; y: number },
  key: string,
  large: boolean,
): { x: number; y: number } | undefined {
  const step = large ? 5 : 1;
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const move = moves[key];
  if (!move) return undefined;
  return { x: clampPosition(position.x + move[0]), y: clampPosition(position.y + move[1]) };
}

export interface Quote {
  quantity: number;
  /** Applied tier: the highest whose quantity is not above the total. */
  tier: PriceTier | undefined;
  total: Milli | undefined;
  /** Why the quantity cannot be ordered, in the words shown to the buyer; undefined when it can. */
  problem: string | undefined;
  /** The next cheaper tier, to tell the buyer how many more bring the unit price down. */
  nextTier: PriceTier | undefined;
}

/** Prices a typed quantity (whole numbers; anything else counts as 0); problems in the buyer's language. */
export function quote(product: Product, quantityText: string, locale: Locale): Quote {
  const quantity = parseQuantity(quantityText);
  const tier = tierFor(product.tiers, quantity);
  const nextTier = product.tiers.find((t) => t.quantity > quantity);
  const refused = quantityProblem(product, quantity);
  const problem = refused && quantityProblemText(locale, refused);
  const total = tier && !problem ? lineTotal(tier.pricePerUnit, quantity) : undefined;
  return { quantity, tier, total, problem, nextTier };
}

/** True when the typed text is not a plain whole number (pasted text, minus signs, decimals). */
export function isNotWholeNumber(text: string): boolean {
  return text.trim() !== '' && !/^\d+$/.test(text.trim());
}

/** The image of a print, as POST /api/uploads answered it (kind and pixels decided by the server). */
export type PrintImage = UploadAnswer & { fileName: string };

/** One print being designed; it joins the order only once its image is uploaded. */
export interface PrintDraft {
  /**
   * Which print this is on the page: the method's id for its first print ("screen"), then
   * "screen-2", "screen-3" for the same method on further sides.
   */
  key: string;
  method: PrintMethod;
  side: PrintSide;
  x: number;
  y: number;
  scale: number;
  upload?: PrintImage;
  /** A PDF, EPS or AI file chosen for this print: nothing to preview, it can only be the print file. */
  printFile?: PrintFileAnswer;
}

/** The image's height / width where its pixels are known (raster images); else undefined. */
export function imageAspect(upload: PrintImage | undefined): number | undefined {
  return upload?.width && upload.height ? upload.height / upload.width : undefined;
}

/**
 * The slider's end for a print: the largest size whose print fits the side's print area (its
 * height too when the image's proportions are known), never above the slider's 2.
 */
export function largestScale(
  product: { mockup?: MockupId | undefined; printAreas?: PrintAreasCm | undefined },
  side: PrintSide,
  upload: PrintImage | undefined,
): number {
  const area = sideAreaCm(product, side);
  return area ? Math.min(SCALE_MAX, largestFittingScale(area, imageAspect(upload))) : SCALE_MAX;
}

/** The sides a method has no print on yet, besides the one `except` (the print being changed). */
export function freeSides(
  prints: readonly PrintDraft[],
  method: PrintMethod,
  sides: readonly PrintSide[],
  except?: string,
): PrintSide[] {
  const taken = new Set(prints.filter((p) => p.method === method && p.key !== except).map((p) => p.side));
  return sides.filter((side) => !taken.has(side));
}

/**
 * Another print of `method` on the first side it has no print on yet (screen print on the back
 * besides the front), placed clear of a print already there; undefined when every side has one.
 */
export function anotherPrint(
  product: PrintGeometry,
  prints: readonly PrintDraft[],
  method: PrintMethod,
  sides: readonly PrintSide[],
): PrintDraft | undefined {
  const side = freeSides(prints, method, sides)[0];
  if (!side) return undefined;
  const used = new Set(prints.map((p) => p.key));
  let n = 2;
  while (used.has(`${method}-${n}`)) n += 1;
  const others = prints.filter((p) => p.upload && p.side === side);
  return {
    key: `${method}-${n}`,
    method,
    side,
    scale: DEFAULT_SCALE,
    ...placeFor(product, side, others).position,
  };
}

/** The design as the cart and the order carry it (src/shared/customisation.ts). */
export function toCustomisation(
  color: string,
  prints: readonly PrintDraft[],
  additionalInfo: string,
): Customisation {
  const placed: PrintPlacement[] = prints.flatMap((p) =>
    p.upload
      ? [
          {
            method: p.method,
            uploadId: p.upload.id,
            side: p.side,
            x: clampPosition(p.x),
            y: clampPosition(p.y),
            scale: clampScale(p.scale),
          },
        ]
      : [],
  );
  return { color, prints: placed, additionalInfo: additionalInfo.trim().slice(0, ADDITIONAL_INFO_MAX) };
}
