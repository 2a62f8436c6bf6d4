import { describe, expect, it } from 'vitest';
import { findProduct, type Product } from './catalogue';
import { milliToDecimalString } from './money';
import { parseQuantity, priceLine, priceRange, snapQuantity, startingPrice, tierFor } from './pricing';

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

describe('snapQuantity: the cart follows min and step for tier products', () => {
  const tiers = { kind: 'tiers', minQuantity: 20 } as const;
  const customiser = { kind: 'customiser', minQuantity: 20 } as const;
  it('a tier product goes to the nearest multiple of its minimum, never below it', () => {
    expect(snapQuantity(tiers, 33)).toBe(40);
    expect(snapQuantity(tiers, 29)).toBe(20);
    expect(snapQuantity(tiers, 30)).toBe(40);
    expect(snapQuantity(tiers, 60)).toBe(60);
    expect(snapQuantity(tiers, 5)).toBe(20);
  });
  it('a customiser product keeps any whole quantity from its minimum', () => {
    expect(snapQuantity(customiser, 33)).toBe(33);
    expect(snapQuantity(customiser, 5)).toBe(20);
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
