import { describe, expect, it } from 'vitest';
import { parsePriceInput, priceForInput } from './catalogue-schema';
import { unitPriceToString } from './money';

describe('a price as the owner types it', () => {
  it('reads Swedish format to the exact 1/1000 kr, up to three decimals', () => {
    expect(parsePriceInput('114,375')).toBe(114_375);
    expect(parsePriceInput('114.375')).toBe(114_375);
    expect(parsePriceInput('39,5')).toBe(39_500);
    expect(parsePriceInput('1 250 kr')).toBe(1_250_000);
    expect(parsePriceInput('1\u00a0250,05 kr')).toBe(1_250_050);
  });

  it('refuses what is not such a price', () => {
    for (const text of ['12,3456', '-5', '', ',5', '1,2,3', 'abc', '1e3', '99999999'])
      expect(parsePriceInput(text), text).toBeUndefined();
  });

  it('is shown back in the form as it was stored, with its decimal comma', () => {
    const parsed = parsePriceInput('114,375');
    if (parsed === undefined) throw new Error('not read');
    const stored = unitPriceToString(parsed);
    expect(stored).toBe('114.375');
    expect(priceForInput(stored)).toBe('114,375');
  });
});
