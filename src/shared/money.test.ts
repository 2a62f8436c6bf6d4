import { describe, expect, it } from 'vitest';
import { formatEuroDecimal } from './money-format';
import {
  lineTotal,
  milliFromDecimal,
  milliToDecimalString,
  splitVat,
  sumMilli,
  unitPriceToString,
} from './money';

describe('money', () => {
  it('parses decimal kronor exactly', () => {
    expect(milliFromDecimal('114.375')).toBe(114375);
    expect(milliFromDecimal('0.74')).toBe(740);
    expect(milliFromDecimal('8')).toBe(8000);
    expect(() => milliFromDecimal('1.2345')).toThrow();
    expect(() => milliFromDecimal('-1')).toThrow();
  });

  it('50 hoodies at 114.375 kr cost exactly 5 718,75 kr', () => {
    expect(milliToDecimalString(lineTotal(milliFromDecimal('114.375'), 50))).toBe('5718.75');
  });

  it('rounds line totals half-up to whole öre', () => {
    expect(milliToDecimalString(lineTotal(milliFromDecimal('114.375'), 1))).toBe('114.38');
    expect(milliToDecimalString(lineTotal(milliFromDecimal('133.375'), 21))).toBe('2800.88'); // 2800.875
    expect(milliToDecimalString(lineTotal(milliFromDecimal('0.74'), 5000))).toBe('3700.00');
  });

  it('splits VAT 25 % so that ex-VAT + VAT = total to the öre', () => {
    expect(splitVat(milliFromDecimal('5718.75'))).toEqual({
      exVat: milliFromDecimal('4575'),
      vat: milliFromDecimal('1143.75'),
    });
    const { exVat, vat } = splitVat(milliFromDecimal('100.01'));
    expect(milliToDecimalString(exVat)).toBe('80.01'); // 80.008 → 80.01
    expect(milliToDecimalString(vat)).toBe('20.00');
    for (const ore of [1, 3, 99, 12345, 99999999]) {
      const total = milliFromDecimal((ore / 100).toFixed(2));
      const split = splitVat(total);
      expect(split.exVat + split.vat).toBe(total);
    }
  });

  it('sums and prints', () => {
    expect(sumMilli([milliFromDecimal('0.1'), milliFromDecimal('0.2')])).toBe(milliFromDecimal('0.3'));
    expect(unitPriceToString(milliFromDecimal('45.20'))).toBe('45.2');
  });
});

describe('formatEuroDecimal', () => {
  it('writes an exact euro decimal in Swedish format, a credit with its minus', () => {
    expect(formatEuroDecimal('1110.45')).toBe('1\u00a0110,45 €');
    expect(formatEuroDecimal('0.1')).toBe('0,10 €');
    expect(formatEuroDecimal('-50.00')).toBe('−50,00 €');
  });
});
