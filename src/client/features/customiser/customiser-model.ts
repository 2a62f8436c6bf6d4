import { MAX_LINE_QUANTITY, type PrintSide, type PriceTier, type Product } from '@/shared/catalogue';
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
import { parseQuantity, tierFor } from '@/shared/pricing';
import { formatCount } from '@/shared/money-format';
import type { Locale } from '@/shared/i18n/locale';
import { customiserMessages } from '@/shared/i18n/messages/customiser';
import { productMessages } from '@/shared/i18n/messages/products';
import type { PrintFileAnswer } from '@/shared/print-files';
import type { UploadAnswer } from '@/shared/uploads';
import { printArea, type MockupProduct } from './mockups';

const mockupProducts: readonly string[] = [
  'tshirt-bomull',
  'hoodie',
  'crewneck',
  'baseball-keps',
  'mossa',
] satisfies MockupProduct[];
/** Products that have a drawn mockup (the five customiser products). */
export const isMockupProduct = (id: string): id is MockupProduct => mockupProducts.includes(id);

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
export function defaultPosition(product: MockupProduct, side: PrintSide): { x: number; y: number } {
  const area = printArea[product][side];
  return {
    x: clampPosition(((area.x + area.width / 2) / 400) * 100),
    y: clampPosition(((area.y + area.height / 2) / 400) * 100),
  };
}

/**
 * Where a print goes on a side: the middle of the print area, or just below (else above) the
 * prints already there so they do not cover each other.
 */
export function placeFor(
  product: MockupProduct,
  side: PrintSide,
  others: readonly { x: number; y: number; scale: number }[],
): { x: number; y: number } {
  const centre = defaultPosition(product, side);
  const other = others[0];
  if (!other) return centre;
  const gap = printWidthPercent(product, side, Math.max(other.scale, DEFAULT_SCALE)) * 1.1;
  const below = other.y + gap;
  return { x: clampPosition(other.x), y: clampPosition(below <= POSITION_MAX ? below : other.y - gap) };
}

/**
 * Print width in % of the preview. Size 100 % is a large print for the side (1.6 × the marked
 * print area's width); the default 30 % is a chest-logo size that fits the area on every product.
 */
export function printWidthPercent(product: MockupProduct, side: PrintSide, scale: number): number {
  return ((printArea[product][side].width * 1.6 * scale) / 400) * 100;
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
  let problem: string | undefined;
  if (quantity < product.minQuantity)
    problem = productMessages[locale].minimumOrder({ n: formatCount(product.minQuantity) });
  else if (quantity > MAX_LINE_QUANTITY)
    problem = customiserMessages[locale].maximumOrder({ n: formatCount(MAX_LINE_QUANTITY) });
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
  method: PrintMethod;
  side: PrintSide;
  x: number;
  y: number;
  scale: number;
  upload?: PrintImage;
  /** A PDF, EPS or AI file chosen for this print: nothing to preview, it can only be the print file. */
  printFile?: PrintFileAnswer;
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
