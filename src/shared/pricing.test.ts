import { describe, expect, it } from 'vitest';
import type { Product } from './catalogue';
import { seedProduct as findProduct } from './catalogue-seed';
import { milliToDecimalString } from './money';
import {
  parseQuantity,
  priceLine,
  priceRange,
  quantityProblem,
  quantityStep,
  startingPrice,
  tierFor,
} from './pricing';

const hoodie = findProduct('hoodie') as Product;
const booklet = findProduct('kuponghäfte') as Product;

describe('tier pricing', () => {
  it('applies the highest tier whose quantity is not above the quantity', () => {
    expect(tierFor(hoodie.tiers, 19)).toBeUndefined();
    expect(tierFor(hoodie.tiers, 20)?.quantity).toBe(20);
    expect(tierFor(hoodie.tiers, 49)?.quantity).toBe(20);
    expect(tierFor(hoodie.tiers, 50)?.quantity).toBe(50);
    expect(tierFor(hoodie.tiers, 10_000)?.quantity).toBe(500);
  });

  it('prices a line by its own quantity (raising 100 booklets to 5000 lowers the unit price)', () => {
    expect(milliToDecimalString(priceLine(booklet, 100)?.lineTotal ?? (0 as never))).toBe('3000.00');
    expect(milliToDecimalString(priceLine(booklet, 5000)?.lineTotal ?? (0 as never))).toBe('40000.00');
    expect(priceLine(hoodie, 50)?.lineTotal).toBe(5718750);
    expect(priceLine(hoodie, 19)).toBeUndefined();
    expect(priceLine(hoodie, 20.5)).toBeUndefined();
  });

  it('starting price is the lowest per-unit price', () => {
    expect(startingPrice(booklet)).toBe(8000);
    expect(startingPrice(hoodie)).toBe(60000);
  });

  it('parses typed quantities: whole numbers, anything else is 0', () => {
    expect(parseQuantity('50')).toBe(50);
    expect(parseQuantity(' 20 ')).toBe(20);
    for (const bad of ['', 'abc', '12abc', '-5', '1.5', '1e3', 'NaN', '99999999999999999999']) {
      expect(parseQuantity(bad)).toBe(0);
    }
  });
});

describe('quantityProblem: one rule for cart, customiser and server', () => {
  const cap = findProduct('urvattad-keps') as Product;
  it('keeps any whole quantity from the minimum: 50 caps are 50 at the 50 tier', () => {
    expect(quantityProblem(cap, 50)).toBeUndefined();
    expect(quantityProblem(cap, 33)).toBeUndefined();
    expect(priceLine(cap, 50)?.lineTotal).toBe(1_350_000);
    expect(quantityProblem(cap, 19)).toEqual({ kind: 'minimum', n: 20 });
    expect(quantityProblem(cap, 20.5)).toEqual({ kind: 'minimum', n: 20 });
    expect(quantityProblem(cap, 1_000_001)).toEqual({ kind: 'maximum', n: 1_000_000 });
  });
  it('a product sold in multiples refuses the others instead of rounding them', () => {
    const packs = { minQuantity: 100, soldInMultiplesOf: 50 };
    expect(quantityProblem(packs, 150)).toBeUndefined();
    expect(quantityProblem(packs, 160)).toEqual({ kind: 'multiple', n: 50 });
    expect(quantityStep(packs)).toBe(50);
    expect(quantityStep(cap)).toBe(1);
  });
});

describe('priceRange: what a product card promises', () => {
  it('stickers: 0,74 kr at the 5 000 minimum, down to 0,50 kr from 100 000', () => {
    const stickers = findProduct('klistermärken') as Product;
    const range = priceRange(stickers);
    expect(range.atMinimum).toEqual({ price: 740, quantity: 5000 });
    expect(range.lowest).toEqual({ price: 500, quantity: 100000 });
  });
});
