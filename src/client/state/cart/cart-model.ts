import { findProduct, MAX_LINE_QUANTITY, type Product } from '@/shared/catalogue';
import type { LineChoices } from '@/shared/checkout-schema';
import { customisationKey, readCustomisation, type Customisation } from '@/shared/customisation';
import { lineTotal, sumMilli, type Milli } from '@/shared/money';
import { groupIdPattern, MAX_GROUP_TITLE, readGroupLine, type GroupLine } from '@/shared/group-orders';
import { priceLines, quantityProblem } from '@/shared/pricing';
import {
  MAX_LINE_NOTES,
  optionsKey,
  optionsProblem,
  readOptions,
  type LineOptions,
  type OptionsProblem,
} from '@/shared/product-options';
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
export interface CartLine extends LineChoices {
  /** Product id plus the design: only identical configurations merge. */
  key: string;
  /**
   * Garments: pieces per size. Not part of the key (one design with two splits is still one
   * design); it may not add up to the quantity yet: the cart says so and checkout waits for it.
   */
  sizes?: SizeSplit;
  /** Part of the key: two colours are two lines. */
  options?: LineOptions;
  /** A print file (uploaded, also among the cart's print files) for this line. */
  printFileId?: string;
  /**
   * A closed group order (src/shared/group-orders.ts): each garment's member, size, name and
   * number. Its quantity and sizes are the group's: the cart does not change them.
   */
  group?: GroupLine;
  /** The group order it came from: its id (part of the key, so two groups never merge) and title. */
  groupOrder?: { id: string; title: string };
}

export function lineKey(productId: string, customisation?: Customisation, options?: LineOptions): string {
  const design = customisationKey(customisation);
  const choices = optionsKey(options);
  const base = design ? `${productId}#${design}` : productId;
  return choices ? `${base}~${choices}` : base;
}

/** A stored quantity read back (foreign data, not the buyer's typing): kept within the limits. */
export function clampQuantity(product: Product, quantity: number): number {
  if (!Number.isFinite(quantity)) return product.minQuantity;
  return Math.min(MAX_LINE_QUANTITY, Math.max(product.minQuantity, Math.floor(quantity)));
}

/** A quantity the buyer chose is taken as it is or not at all (the page says why first). */
const acceptable = (product: Product, quantity: number) => quantityProblem(product, quantity) === undefined;

export type CartAction =
  /** A line's content; its key follows from the product and design. */
  | ({ type: 'add' } & Omit<CartLine, 'key'>)
  | { type: 'setOption'; key: string; option: string; choice: string }
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
      const designKey = lineKey(product.id, action.customisation, action.options);
      const key = action.groupOrder ? `${designKey}@group:${action.groupOrder.id}` : designKey;
      if (action.group && action.groupOrder) {
        // A group's line is the group as it closed: added again, it replaces itself.
        const groupLine: CartLine = { key, productId: product.id, quantity: action.quantity };
        if (action.customisation) groupLine.customisation = action.customisation;
        if (action.sizes) groupLine.sizes = normaliseSplit(action.sizes);
        if (action.options && Object.keys(action.options).length > 0) groupLine.options = action.options;
        if (action.notes) groupLine.notes = action.notes.slice(0, MAX_LINE_NOTES);
        groupLine.group = action.group;
        groupLine.groupOrder = action.groupOrder;
        return [...lines.filter((line) => line.key !== key), groupLine];
      }
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
          if (!line.notes && action.notes) merged.notes = action.notes;
          if (!line.printFileId && action.printFileId) merged.printFileId = action.printFileId;
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
      if (action.options && Object.keys(action.options).length > 0) line.options = action.options;
      if (action.notes) line.notes = action.notes.slice(0, MAX_LINE_NOTES);
      if (action.printFileId) line.printFileId = action.printFileId;
      return [...lines, line];
    }
    case 'setOption': {
      // A choice made in the cart (a line stored before the product had it): the line moves to its
      // new key, merging with a line that already has these choices.
      const line = lines.find((l) => l.key === action.key);
      if (!line) return [...lines];
      const rest = lines.filter((l) => l.key !== action.key);
      return cartReducer(rest, {
        ...line,
        type: 'add',
        options: { ...line.options, [action.option]: action.choice },
      });
    }
    case 'setSizes':
      return lines.map((line) => {
        const product = findProduct(line.productId);
        return line.key === action.key && product && hasSizes(product) && !line.group
          ? { ...line, sizes: normaliseSplit(action.sizes) }
          : line;
      });
    case 'remove':
      return lines.filter((line) => line.key !== action.key);
    case 'setQuantity':
      return lines.map((line) => {
        const product = findProduct(line.productId);
        return line.key === action.key && product && acceptable(product, action.quantity) && !line.group
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
/** Longest product id a stored line of a product no longer on sale may keep. */
const MAX_UNAVAILABLE_ID = 60;

export function parseStoredCart(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  const lines: CartLine[] = [];
  for (const item of value.slice(0, 200)) {
    if (typeof item !== 'object' || item === null) continue;
    const { productId, quantity, customisation, sizes, options, notes, printFileId, group, groupOrder } =
      item as Record<string, unknown>;
    if (typeof productId !== 'string') continue;
    let design: Customisation | undefined;
    if (customisation !== undefined) {
      design = readCustomisation(customisation);
      if (!design) continue;
    }
    const product = findProduct(productId);
    if (!product) {
      // No longer on sale (hidden or gone): kept so the cart can say so instead of dropping it.
      if (
        productId.length > 0 &&
        productId.length <= MAX_UNAVAILABLE_ID &&
        !lines.some((l) => l.productId === productId)
      )
        lines.push({
          key: lineKey(productId, design, readOptions(options)),
          productId,
          quantity:
            typeof quantity === 'number' && Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 1,
          ...(design ? { customisation: design } : {}),
          ...(readOptions(options) ? { options: readOptions(options) } : {}),
        });
      continue;
    }
    // A malformed split is dropped, not the line: the cart asks for the sizes again.
    const split = sizes === undefined ? undefined : readSplit(sizes);
    const merged = cartReducer(lines, {
      type: 'add',
      productId,
      quantity: clampQuantity(product, typeof quantity === 'number' ? quantity : product.minQuantity),
      ...(design ? { customisation: design } : {}),
      ...(split?.ok ? { sizes: split.sizes } : {}),
      ...(readOptions(options) ? { options: readOptions(options) } : {}),
      ...(typeof notes === 'string' && notes !== '' ? { notes } : {}),
      ...(typeof printFileId === 'string' && printFileId !== '' ? { printFileId } : {}),
      ...readGroup(group, groupOrder),
    });
    lines.splice(0, lines.length, ...merged);
  }
  return lines;
}

/** A stored group line's garments and group, read without trusting them; nothing when malformed. */
function readGroup(group: unknown, groupOrder: unknown): Pick<CartLine, 'group' | 'groupOrder'> {
  const garments = readGroupLine(group);
  if (!garments || typeof groupOrder !== 'object' || groupOrder === null) return {};
  const { id, title } = groupOrder as Record<string, unknown>;
  if (typeof id !== 'string' || !groupIdPattern.test(id) || typeof title !== 'string') return {};
  return { group: garments, groupOrder: { id, title: title.slice(0, MAX_GROUP_TITLE) } };
}

export interface PricedCartLine extends CartLine {
  product: Product;
  unitPrice: Milli;
  lineTotal: Milli;
  /** Why the line cannot be ordered yet (a garment without a size split that adds up). */
  sizeProblem: SplitProblem | undefined;
  /** A choice the product needs and the line lacks (a line stored before the product had it). */
  optionsProblem: OptionsProblem | undefined;
  /** The quantity whose tier priced the line: its own, or its design's across colours. */
  tierQuantity: number;
  /** How many other colours of the same design share its tier (0: the line's own tier). */
  combinedWith: number;
}

export function priceCart(
  lines: readonly CartLine[],
  find: (id: string) => Product | undefined = findProduct,
): {
  lines: PricedCartLine[];
  /** Lines of products no longer on sale: shown as such, never ordered. */
  unavailable: CartLine[];
  total: Milli;
  count: number;
} {
  const priced: PricedCartLine[] = [];
  const unavailable: CartLine[] = [];
  const prices = priceLines(lines, find);
  lines.forEach((line, index) => {
    const product = find(line.productId);
    const price = prices[index];
    if (!product) unavailable.push(line);
    if (!product || !price) return;
    priced.push({
      ...line,
      product,
      unitPrice: price.unitPrice,
      lineTotal: lineTotal(price.unitPrice, line.quantity),
      sizeProblem: splitProblem(product, line.quantity, line.sizes),
      optionsProblem: optionsProblem(product, line.options, line.customisation),
      tierQuantity: price.tierQuantity,
      combinedWith: price.combinedWith,
    });
  });
  return {
    lines: priced,
    unavailable,
    total: sumMilli(priced.map((l) => l.lineTotal)),
    count: priced.reduce((n, l) => n + l.quantity, 0),
  };
}
