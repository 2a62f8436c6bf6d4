import type { PriceTier, Product } from './catalogue';
import { lineTotal, type Milli } from './money';

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

/**
 * The cart's quantity for a tier product: its input's min and step are the minimum (SPEC, cart), so
 * a typed quantity goes to the nearest multiple of it, never below it. Customiser products keep
 * any whole quantity from their minimum up.
 */
export function snapQuantity(product: Pick<Product, 'kind' | 'minQuantity'>, quantity: number): number {
  const min = product.minQuantity;
  if (product.kind !== 'tiers' || quantity % min === 0) return Math.max(min, quantity);
  return Math.max(min, Math.round(quantity / min) * min);
}

/** Parses a typed quantity: whole numbers only; anything non-numeric counts as 0 (SPEC §5). */
export function parseQuantity(text: string): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 0;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : 0;
}
