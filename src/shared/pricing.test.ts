import { describe, expect, it } from 'vitest';
import { findProduct, type Product } from './catalogue';
import { milliToDecimalString } from './money';
import { parseQuantity, priceLine, startingPrice, tierFor } from './pricing';

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
