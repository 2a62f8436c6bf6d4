import { findProduct, MAX_LINE_QUANTITY, type Product } from '@/shared/catalogue';
import { customisationKey, readCustomisation, type Customisation } from '@/shared/customisation';
import { lineTotal, sumMilli, type Milli } from '@/shared/money';
import { priceLine, quantityProblem } from '@/shared/pricing';
import {
  addSplits,
  hasSizes,
  normaliseSplit,
  readSplit,
  splitProblem,
  type SizeSplit,
  type SplitProblem,
} from '@/shared/sizes';

/** One cart line. Prices are never stored: they follow the tier of the line's quantity. */
export interface CartLine {
  /** Product id plus the design: only identical configurations merge. */
  key: string;
  productId: string;
  quantity: number;
  customisation?: Customisation;
  /**
   * Garments: pieces per size. Not part of the key (one design with two splits is still one
   * design); it may not add up to the quantity yet: the cart says so and checkout waits for it.
   */
  sizes?: SizeSplit;
}

export function lineKey(productId: string, customisation?: Customisation): string {
  const design = customisationKey(customisation);
  return design ? `${productId}#${design}` : productId;
}

/** A stored quantity read back (foreign data, not the buyer's typing): kept within the limits. */
export function clampQuantity(product: Product, quantity: number): number {
  if (!Number.isFinite(quantity)) return product.minQuantity;
  return Math.min(MAX_LINE_QUANTITY, Math.max(product.minQuantity, Math.floor(quantity)));
}

/** A quantity the buyer chose is taken as it is or not at all (the page says why first). */
const acceptable = (product: Product, quantity: number) => quantityProblem(product, quantity) === undefined;

export type CartAction =
  | { type: 'add'; productId: string; quantity: number; customisation?: Customisation; sizes?: SizeSplit }
  | { type: 'remove'; key: string }
  | { type: 'setSizes'; key: string; sizes: SizeSplit }
  | { type: 'setQuantity'; key: string; quantity: number }
  | { type: 'clear' }
  /** Another tab changed the stored cart. */
  | { type: 'replace'; lines: CartLine[] };

export function cartReducer(lines: readonly CartLine[], action: CartAction): CartLine[] {
  switch (action.type) {
    case 'add': {
      const product = findProduct(action.productId);
      if (!product) return [...lines];
      const key = lineKey(product.id, action.customisation);
      const existing = lines.find((line) => line.key === key);
      const quantity = (existing?.quantity ?? 0) + action.quantity;
      if (!acceptable(product, action.quantity) || !acceptable(product, quantity)) return [...lines];
      const sizes = hasSizes(product) && action.sizes ? normaliseSplit(action.sizes) : undefined;
      if (existing) {
        return lines.map((line) => {
          if (line.key !== key) return line;
          const merged: CartLine = {
            ...line,
            quantity,
          };
          // The same design added again: its pieces per size add up too.
          if (line.sizes || sizes) merged.sizes = addSplits(line.sizes, sizes);
          return merged;
        });
      }
      const line: CartLine = {
        key,
        productId: product.id,
        quantity,
      };
      if (action.customisation) line.customisation = action.customisation;
      if (sizes) line.sizes = sizes;
      return [...lines, line];
    }
    case 'setSizes':
      return lines.map((line) => {
        const product = findProduct(line.productId);
        return line.key === action.key && product && hasSizes(product)
          ? { ...line, sizes: normaliseSplit(action.sizes) }
          : line;
      });
    case 'remove':
      return lines.filter((line) => line.key !== action.key);
    case 'setQuantity':
      return lines.map((line) => {
        const product = findProduct(line.productId);
        return line.key === action.key && product && acceptable(product, action.quantity)
          ? { ...line, quantity: action.quantity }
          : line;
      });
    case 'clear':
      return [];
    case 'replace':
      return action.lines;
  }
}

/**
 * Reads a stored cart back, trusting nothing: unknown products and malformed lines are dropped,
 * quantities are clamped to the product's minimum and the line limit.
 */
export function parseStoredCart(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  const lines: CartLine[] = [];
  for (const item of value.slice(0, 200)) {
    if (typeof item !== 'object' || item === null) continue;
    const { productId, quantity, customisation, sizes } = item as Record<string, unknown>;
    if (typeof productId !== 'string') continue;
    const product = findProduct(productId);
    if (!product) continue;
    let design: Customisation | undefined;
    if (customisation !== undefined) {
      design = readCustomisation(customisation);
      if (!design) continue;
    }
    // A malformed split is dropped, not the line: the cart asks for the sizes again.
    const split = sizes === undefined ? undefined : readSplit(sizes);
    const merged = cartReducer(lines, {
      type: 'add',
      productId,
      quantity: clampQuantity(product, typeof quantity === 'number' ? quantity : product.minQuantity),
      ...(design ? { customisation: design } : {}),
      ...(split?.ok ? { sizes: split.sizes } : {}),
    });
    lines.splice(0, lines.length, ...merged);
  }
  return lines;
}

export interface PricedCartLine extends CartLine {
  product: Product;
  unitPrice: Milli;
  lineTotal: Milli;
  /** Why the line cannot be ordered yet (a garment without a size split that adds up). */
  sizeProblem: SplitProblem | undefined;
}

export function priceCart(lines: readonly CartLine[]): {
  lines: PricedCartLine[];
  total: Milli;
  count: number;
} {
  const priced: PricedCartLine[] = [];
  for (const line of lines) {
    const product = findProduct(line.productId);
    const price = product && priceLine(product, line.quantity);
    if (!product || !price) continue;
    priced.push({
      ...line,
      product,
      unitPrice: price.unitPrice,
      lineTotal: lineTotal(price.unitPrice, line.quantity),
      sizeProblem: splitProblem(product, line.quantity, line.sizes),
    });
  }
  return {
    lines: priced,
    total: sumMilli(priced.map((l) => l.lineTotal)),
    count: priced.reduce((n, l) => n + l.quantity, 0),
  };
}
