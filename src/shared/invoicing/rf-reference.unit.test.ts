import { describe, expect, it } from 'vitest';
import { isValidRfReference, rfReference } from './rf-reference';

describe('rfReference (ISO 11649)', () => {
  it("gives the standard's own example and checks it back", () => {
    // ISO 11649's example: RF18 5390 0754 7034.
    expect(rfReference('539007547034')).toBe('RF18539007547034');
    expect(isValidRfReference('RF18539007547034')).toBe(true);
    expect(isValidRfReference('RF19539007547034')).toBe(false);
  });
  it('wraps an OCR number', () => {
    const rf = rfReference('1000059');
    expect(rf).toMatch(/^RF\d{2}1000059$/);
    expect(isValidRfReference(rf)).toBe(true);
  });
  it('refuses what is no reference', () => {
    expect(() => rfReference('')).toThrow();
    expect(() => rfReference('12-3')).toThrow();
    expect(() => rfReference('1'.repeat(22))).toThrow();
  });
});
