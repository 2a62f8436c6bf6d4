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

/** Parses a typed quantity: whole numbers only; anything non-numeric counts as 0 (SPEC §5). */
export function parseQuantity(text: string): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 0;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : 0;
}
