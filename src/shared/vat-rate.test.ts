import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VAT_RATE_PERCENT, withoutVat } from './vat-rate';

/** a × 100 / (100 + rate) to the nearest integer, halves up, in exact big-integer arithmetic. */
function reference(amount: number): number {
  const numerator = BigInt(amount) * 100n;
  const gross = BigInt(100 + VAT_RATE_PERCENT);
  const quotient = numerator / gross;
  const remainder = numerator % gross;
  return Number(remainder * 2n >= gross ? quotient + 1n : quotient);
}

describe('withoutVat', () => {
  it('is the VAT-inclusive amount × 100 / 125 rounded half up, for every amount up to 10¹² öre', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (amount) => {
        expect(withoutVat(amount)).toBe(reference(amount));
      }),
      { numRuns: 2000 },
    );
  });

  it('knows the plain cases: 125 kr is 100 kr, and a fraction of an öre goes to the nearest (at 25 % there is never an exact half)', () => {
    expect(withoutVat(12_500)).toBe(10_000);
    // In öre: 10 × 0,8 = 8; 3 × 0,8 = 2,4 → 2; 625 × 0,8 = 500; 5 × 0,8 = 4.
    expect(withoutVat(10)).toBe(8);
    expect(withoutVat(3)).toBe(2);
    expect(withoutVat(625)).toBe(500);
    expect(withoutVat(5)).toBe(4);
    // In thousandths of a krona (unit prices): 1 × 0,8 = 0,8 → 1.
    expect(withoutVat(1)).toBe(1);
  });
});
