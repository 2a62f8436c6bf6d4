import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from './catalogue';
import { seedCatalogue as products } from './catalogue-seed';
import { milliToDecimalString, splitVat, sumMilli, type Milli } from './money';
import { priceLine, tierFor } from './pricing';

/** The same amounts computed with BigInt, the slow obvious way. */
const roundHalfUp = (numerator: bigint, denominator: bigint) =>
  (numerator * 2n + denominator) / (denominator * 2n);

describe('order money, for every product and quantity', () => {
  it('line totals are exact: quantity × tier unit price, half-up to öre', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...products),
        fc.integer({ min: 0, max: MAX_LINE_QUANTITY }),
        (product, quantity) => {
          const priced = priceLine(product, quantity);
          const tier = tierFor(product.tiers, quantity);
          if (quantity < product.minQuantity) {
            expect(priced).toBeUndefined();
            return;
          }
          expect(tier).toBeDefined();
          const ore = roundHalfUp(BigInt(tier?.pricePerUnit ?? 0) * BigInt(quantity), 10n);
          expect(BigInt(priced?.lineTotal ?? 0)).toBe(ore * 10n);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('ex-VAT = total / 1.25 half-up, VAT the remainder; the two always add up to the total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6_000_000_000 }), { minLength: 1, maxLength: 200 }),
        (linesOre) => {
          const total = sumMilli(linesOre.map((ore) => (ore * 10) as Milli));
          const { exVat, vat } = splitVat(total);
          const totalOre = BigInt(linesOre.reduce((a, b) => a + b, 0));
          expect(BigInt(exVat / 10)).toBe(roundHalfUp(totalOre * 4n, 5n));
          expect(exVat + vat).toBe(total);
          expect(milliToDecimalString(total)).toMatch(/^\d+\.\d{2}$/);
        },
      ),
    );
  });
});
