import { describe, expect, it } from 'vitest';
import {
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
});
