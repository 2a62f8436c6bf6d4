import { describe, expect, it } from 'vitest';
import {
  convertAddingUp,
  convertAmount,
  defaultInvoiceCurrency,
  mayInvoiceIn,
  rateDecimalFrom,
  sekPerUnit,
  trimTrailingZeros,
} from './invoice-currency';

describe('invoice currency', () => {
  it('converts SEK amounts exactly at the rate, half away from zero, to cents or milli-euros', () => {
    expect(convertAmount('12618.75', '0.088')).toBe('1110.45');
    expect(convertAmount('3912.50', '0.088')).toBe('344.30');
    expect(convertAmount('-12618.75', '0.088')).toBe('-1110.45');
    // 0,005 rounds away from zero either way.
    expect(convertAmount('0.125', '0.1')).toBe('0.01');
    expect(convertAmount('-0.125', '0.1')).toBe('-0.01');
    expect(convertAmount('91.5', '0.088', 3)).toBe('8.052');
    expect(convertAmount('0.00', '0.088')).toBe('0.00');
  });

  it('reads the rates service number as an exact decimal, refusing nonsense', () => {
    expect(rateDecimalFrom(0.088)).toBe('0.088');
    expect(rateDecimalFrom(0.0879123)).toBe('0.0879123');
    expect(rateDecimalFrom(1.03)).toBe('1.03');
    expect(rateDecimalFrom(0)).toBeUndefined();
    expect(rateDecimalFrom(-1)).toBeUndefined();
    expect(rateDecimalFrom(Number.NaN)).toBeUndefined();
    expect(trimTrailingZeros(`1.5${'0'.repeat(50_000)}`)).toBe('1.5');
  });

  it('quotes SEK per euro with four decimals', () => {
    expect(sekPerUnit('0.088')).toBe('11.3636');
    expect(sekPerUnit('0.1')).toBe('10.0000');
  });

  it('offers EUR to buyers outside Sweden only, by default when they shop in EUR', () => {
    expect(mayInvoiceIn('EUR', 'SE')).toBe(false);
    expect(mayInvoiceIn('EUR', 'DE')).toBe(true);
    expect(mayInvoiceIn('SEK', 'SE')).toBe(true);
    expect(defaultInvoiceCurrency('EUR', 'DE')).toBe('EUR');
    expect(defaultInvoiceCurrency('EUR', 'SE')).toBe('SEK');
    expect(defaultInvoiceCurrency('SEK', 'DE')).toBe('SEK');
  });

  it('shows amounts in EUR that add up to their sum converted once (the rounding on the largest)', () => {
    // 3 × 5,00 kr at 0,088: 0,44 € each (0,44 rounded), 1,32 € in all: the sum is what is paid.
    expect(convertAddingUp(['5.00', '5.00', '5.00'], '0.088')).toEqual({
      parts: ['0.44', '0.44', '0.44'],
      total: '1.32',
    });
    // 5,00 + 5,00 + 6,00 kr: 0,44 + 0,44 + 0,528 → 1,408 €, 1,41 € converted once; 0,53 on the largest.
    expect(convertAddingUp(['5.00', '5.00', '6.00'], '0.088')).toEqual({
      parts: ['0.44', '0.44', '0.53'],
      total: '1.41',
    });
    // 6 × 0,30 kr: 0,03 € each (0,0264) = 0,18 €, but 1,80 kr is 0,16 €: the largest takes −0,02.
    expect(
      convertAddingUp(
        Array.from({ length: 6 }, () => '0.30'),
        '0.088',
      ),
    ).toEqual({
      parts: ['0.01', '0.03', '0.03', '0.03', '0.03', '0.03'],
      total: '0.16',
    });
  });
});
