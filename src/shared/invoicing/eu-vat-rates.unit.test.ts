import { describe, expect, it } from 'vitest';
import { milliFromOre, toOre } from '@/shared/money';
import { rateText, standardRateTenths } from './eu-vat-rates';
import { amountToPay, invoiceAmounts, vatTreatmentFor } from './vat-treatment';

describe('EU standard rates and OSS amounts', () => {
  it('takes the rate of the day: Finland 24 % until 31 August 2024, 25,5 % from 1 September', () => {
    expect(standardRateTenths('FI', '2024-08-31')).toBe(240);
    expect(standardRateTenths('FI', '2024-09-01')).toBe(255);
    expect(standardRateTenths('DE', '2026-11-28')).toBe(190);
    expect(standardRateTenths('SE', '2026-11-28')).toBeNull();
    expect(rateText(255, 'sv')).toBe('25,5');
    expect(rateText(255, 'en')).toBe('25.5');
    expect(rateText(190, 'sv')).toBe('19');
  });

  it('an EU individual is taxed where the goods go once the shop taxes distance sales there; companies with a VAT number and buyers outside the EU are not', () => {
    const individual = { country: 'DE', customerType: 'personal' as const, vatNumber: '' };
    expect(vatTreatmentFor(individual)).toBe('domestic');
    expect(vatTreatmentFor(individual, true)).toBe('oss');
    expect(vatTreatmentFor({ ...individual, country: 'SE' }, true)).toBe('domestic');
    expect(vatTreatmentFor({ ...individual, country: 'NO' }, true)).toBe('export');
    expect(vatTreatmentFor({ country: 'DE', customerType: 'company', vatNumber: 'DE136695976' }, true)).toBe(
      'reverse_charge',
    );
  });

  it('adds the buyer country’s VAT to the price without Swedish VAT, half up to öre', () => {
    // 12 618,75 kr with Swedish VAT is 10 095,00 without; 25,5 % of it is 2 574,225.
    const amounts = invoiceAmounts([milliFromOre(1261875)], 'oss', 255);
    expect([toOre(amounts.net), toOre(amounts.vat), toOre(amounts.total)]).toEqual([
      1009500, 257423, 1266923,
    ]);
    const paid = amountToPay(
      [milliFromOre(1261875)],
      { country: 'DE', customerType: 'personal', vatNumber: '' },
      true,
      '2026-11-28',
    );
    expect(paid).toMatchObject({ treatment: 'oss', ossTenths: 190 });
    expect(toOre(paid.total)).toBe(1201305);
    expect(() => invoiceAmounts([milliFromOre(100)], 'oss')).toThrow();
  });
});
