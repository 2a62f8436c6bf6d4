import { describe, expect, it } from 'vitest';
import { countries, countryName } from './countries';
import { currencyForCountry } from './currencies';
import { CONVERSION_FEE, minimumOrderMessage, quantityUnit } from './terms';
import { formatKr, formatUnitPrice, formatKrDecimal, formatUnitPriceDecimal } from './money-format';
import { milliFromDecimal } from './money';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('business facts', () => {
  it('countries use ISO 3166 codes, so detection and checkout agree on the United Kingdom', () => {
    const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const [code] of countries) expect(regions.of(code), code).toBeDefined();
    const uk = countries.find(([, name]) => name === 'United Kingdom');
    expect(uk?.[0]).toBe('GB');
    expect(currencyForCountry(uk?.[0])).toBe('GBP');
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('UK')).toBeUndefined();
  });

  it('the minimum message counts in the English unit the pages use', () => {
    expect(minimumOrderMessage(20)).toBe(`Minimum order is 20 ${quantityUnit.en}`);
    expect(quantityUnit).toEqual({ sv: 'st', en: 'pcs' });
  });

  it('formats money once: two decimals for amounts, up to three for unit prices', () => {
    expect(plain(formatKr(milliFromDecimal('5718.75')))).toBe('5 718,75 kr');
    expect(plain(formatKrDecimal('5718.75'))).toBe('5 718,75 kr');
    expect(plain(formatUnitPrice(milliFromDecimal('114.375')))).toBe('114,375 kr');
    expect(plain(formatUnitPriceDecimal('48'))).toBe('48,00 kr');
    expect(plain(formatKr(CONVERSION_FEE))).toBe('100,00 kr');
  });
});
