import { MAX_LINE_QUANTITY, type PriceTier, type Product } from './catalogue';
import type { PrintPlacement } from './customisation';
import { lineTotal, type Milli } from './money';
import { optionsExtraPerUnit, type LineOptions } from './product-options';
import { personalisationExtraPerUnit, type Personalisation } from './group-orders';

/** The highest tier whose quantity is not above `quantity`; undefined below the first tier. */
export function tierFor(tiers: readonly PriceTier[], quantity: number): PriceTier | undefined {
  let applied: PriceTier | undefined;
  for (const tier of tiers) {
    if (tier.quantity <= quantity) applied = tier;
    else break;
  }
  return applied;
}

export interface PricedLine {
  unitPrice: Milli;
  lineTotal: Milli;
}

/** Unit price follows the tier of the line's own quantity (DESIGN §3). Undefined below minimum. */
export function priceLine(product: Product, quantity: number): PricedLine | undefined {
  if (!Number.isSafeInteger(quantity)) return undefined;
  const tier = tierFor(product.tiers, quantity);
  if (!tier) return undefined;
  return { unitPrice: tier.pricePerUnit, lineTotal: lineTotal(tier.pricePerUnit, quantity) };
}

/** Lowest per-unit price of a product: the "from" price on its card. */
export function startingPrice(product: Product): Milli {
  return product.tiers.reduce((min, t) => (t.pricePerUnit < min ? t.pricePerUnit : min), Infinity as Milli);
}

/**
 * What a product card says about price: the unit price at the minimum quantity (what the smallest
 * order really costs) and the lowest unit price with the quantity it needs. A card that paired the
 * lowest price with the minimum quantity promised a price nobody ordering the minimum gets.
 */
export function priceRange(product: Product): {
  atMinimum: { price: Milli; quantity: number };
  lowest: { price: Milli; quantity: number };
} {
  const first = tierFor(product.tiers, product.minQuantity) ?? product.tiers[0];
  const last = product.tiers[product.tiers.length - 1];
  if (!first || !last) throw new Error(`Product ${product.id} has no price tiers`);
  return {
    atMinimum: { price: first.pricePerUnit, quantity: product.minQuantity },
    lowest: { price: last.pricePerUnit, quantity: last.quantity },
  };
}

/** Why a quantity cannot be ordered; undefined when it can. */
export type QuantityProblem =
  { kind: 'minimum'; n: number } | { kind: 'multiple'; n: number } | { kind: 'maximum'; n: number };

/**
 * The one quantity rule of the cart, the customiser and the server: any whole number from the
 * product's minimum up to the line limit (in multiples where a product is sold only so). A number
 * the buyer chose is kept or refused with the reason, never changed into another one.
 */
export function quantityProblem(
  product: Pick<Product, 'minQuantity' | 'soldInMultiplesOf'>,
  quantity: number,
): QuantityProblem | undefined {
  if (!Number.isSafeInteger(quantity) || quantity < product.minQuantity)
    return { kind: 'minimum', n: product.minQuantity };
  if (quantity > MAX_LINE_QUANTITY) return { kind: 'maximum', n: MAX_LINE_QUANTITY };
  const multiple = product.soldInMultiplesOf;
  if (multiple && quantity % multiple !== 0) return { kind: 'multiple', n: multiple };
  return undefined;
}

/** The quantity input's step: 1, or the multiple a product is sold in. */
export function quantityStep(product: Pick<Product, 'soldInMultiplesOf'>): number {
  return product.soldInMultiplesOf ?? 1;
}

/** Parses a typed quantity: whole numbers only; anything non-numeric counts as 0 (SPEC §5). */
export function parseQuantity(text: string): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 0;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : 0;
}

/** A line as far as pricing goes: its product, quantity, design and choices. */
export interface PricingLine {
  productId: string;
  quantity: number;
  customisation?: { prints: readonly PrintPlacement[] } | undefined;
  options?: LineOptions | undefined;
  /** A group order's line: its names and numbers cost the catalogue's personalisation per garment. */
  group?: { personalisation: Personalisation } | undefined;
}

/**
 * The prints of a customised line without its colour: lines of one product with the same artwork,
 * sides and placement are one design in several colours. Undefined for a line without prints.
 */
export function designKey(line: PricingLine): string | undefined {
  const prints = line.customisation?.prints ?? [];
  if (prints.length === 0) return undefined;
  return [line.productId, ...prints.map(printKey).sort()].join('|');
}

function printKey(p: PrintPlacement): string {
  return [p.method, p.uploadId, p.side, p.x, p.y, p.scale].join(':');
}

export interface PricedOrderLine extends PricedLine {
  /** The quantity whose tier priced the line: the line's own, or its design's across colours. */
  tierQuantity: number;
  /** Set when the tier came from the design's lines together (several colours of one design). */
  combinedWith: number;
}

/**
 * Prices every line of a cart or an order, in the browser and on the server. One design in several
 * colours is priced at the tier of the colours' combined quantity (120 hoodies in two colours cost
 * the 100-tier price, as one print run); the choices' extras are added to the tier's unit price.
 * A line below its product's minimum, or of an unknown product, is undefined.
 */
export function priceLines(
  lines: readonly PricingLine[],
  find: (id: string) => Product | undefined,
): (PricedOrderLine | undefined)[] {
  const totals = new Map<string, { quantity: number; lines: number }>();
  for (const line of lines) {
    const key = designKey(line);
    if (key === undefined || !Number.isSafeInteger(line.quantity)) continue;
    const sum = totals.get(key) ?? { quantity: 0, lines: 0 };
    totals.set(key, { quantity: sum.quantity + line.quantity, lines: sum.lines + 1 });
  }
  return lines.map((line) => {
    const product = find(line.productId);
    if (!product || !Number.isSafeInteger(line.quantity) || line.quantity < product.minQuantity)
      return undefined;
    const key = designKey(line);
    const group = key === undefined ? undefined : totals.get(key);
    const combined = group !== undefined && group.lines > 1;
    const tierQuantity = combined ? group.quantity : line.quantity;
    const tier = tierFor(product.tiers, tierQuantity);
    if (!tier) return undefined;
    const unitPrice = (tier.pricePerUnit +
      optionsExtraPerUnit(product, line.options) +
      personalisationExtraPerUnit(line.group?.personalisation, product.personalisationPrices)) as Milli;
    return {
      unitPrice,
      lineTotal: lineTotal(unitPrice, line.quantity),
      tierQuantity,
      combinedWith: combined ? group.lines - 1 : 0,
    };
  });
}
