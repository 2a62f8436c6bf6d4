import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { milliFromDecimal, milliToDecimalString, sumMilli, type Milli } from '@/shared/money';
import { isValidOcrReference, ocrForInvoiceNumber, ocrReference } from './ocr-reference';
import {
  isValidBankgiro,
  isValidIban,
  sellerSettingsProblems,
  swedishVatNumber,
  type SellerSettings,
} from './seller-settings';
import { checkEuVatNumber, normaliseVatNumber } from './vat-number';
import { invoiceAmounts, unitPriceExVat, vatTreatmentFor } from './vat-treatment';
import { derivedPeppolId, parsePeppolId } from './peppol-id';
import { lineVatDecisions, vatDecision } from './vat-decision';

describe('OCR reference (length digit + Luhn)', () => {
  it('appends the length digit and the Luhn digit', () => {
    // 1234 + length digit 6 → "12346"; Luhn over 12346: 6·2→3, 4, 3·2=6, 2, 1·2=2 → 17 → check digit 3.
    expect(ocrReference('1234')).toBe('123463');
    expect(isValidOcrReference('123463')).toBe(true);
  });

  it('turns an invoice number into a 15-digit reference that passes both checks', () => {
    const ocr = ocrForInvoiceNumber('INV-1732350000000');
    expect(ocr).toMatch(/^1732350000000\d\d$/);
    expect(ocr[13]).toBe('5');
    expect(isValidOcrReference(ocr)).toBe(true);
  });

  it('refuses a changed digit, a wrong length digit and non-digits', () => {
    const ocr = ocrForInvoiceNumber('INV-1732350000123');
    const changed = `${ocr.slice(0, 3)}${(Number(ocr[3]) + 1) % 10}${ocr.slice(4)}`;
    expect(isValidOcrReference(changed)).toBe(false);
    expect(isValidOcrReference(ocr.slice(1))).toBe(false);
    expect(isValidOcrReference(`${ocr}0`)).toBe(false);
    expect(isValidOcrReference('INV-12')).toBe(false);
  });

  it('every invoice number gives a valid reference (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 19n - 1n }), (n) =>
        isValidOcrReference(ocrForInvoiceNumber(`INV-${n}`)),
      ),
    );
  });
});

describe('EU VAT numbers', () => {
  it('accepts well-formed numbers with the right check digits', () => {
    expect(checkEuVatNumber('DE136695976', 'DE')).toBe('ok');
    expect(checkEuVatNumber('de 136 695 976', 'DE')).toBe('ok');
    expect(checkEuVatNumber('ATU13585627', 'AT')).toBe('ok');
    expect(checkEuVatNumber('FR40303265045', 'FR')).toBe('ok');
    expect(checkEuVatNumber('NL004495445B01', 'NL')).toBe('ok');
    expect(checkEuVatNumber('FI20774740', 'FI')).toBe('ok');
    expect(checkEuVatNumber('EL094259216', 'GR')).toBe('ok');
  });

  it('names what is wrong: prefix, format or check digit', () => {
    expect(checkEuVatNumber('136695976', 'DE')).toBe('prefix');
    expect(checkEuVatNumber('FR40303265045', 'DE')).toBe('prefix');
    expect(checkEuVatNumber('GR094259216', 'GR')).toBe('prefix');
    expect(checkEuVatNumber('DE13669597', 'DE')).toBe('format');
    expect(checkEuVatNumber('DE136695977', 'DE')).toBe('checksum');
  });

  it('normalises spaces, dots and dashes', () => {
    expect(normaliseVatNumber(' de-136.695 976 ')).toBe('DE136695976');
  });
});

describe('VAT treatment by destination', () => {
  it('Sweden: 25 % for individuals and companies', () => {
    expect(vatTreatmentFor({ country: 'SE', customerType: 'company', vatNumber: '' })).toBe('domestic');
    expect(vatTreatmentFor({ country: 'SE', customerType: 'personal', vatNumber: '' })).toBe('domestic');
  });

  it('EU individuals and EU companies without a valid VAT number pay Swedish VAT', () => {
    expect(vatTreatmentFor({ country: 'DE', customerType: 'personal', vatNumber: 'DE136695976' })).toBe(
      'domestic',
    );
    expect(vatTreatmentFor({ country: 'DE', customerType: 'company', vatNumber: '' })).toBe('domestic');
    expect(vatTreatmentFor({ country: 'DE', customerType: 'company', vatNumber: 'DE136695977' })).toBe(
      'domestic',
    );
  });

  it('EU companies with a valid VAT number: reverse charge', () => {
    expect(vatTreatmentFor({ country: 'DE', customerType: 'company', vatNumber: 'DE136695976' })).toBe(
      'reverse_charge',
    );
  });

  it('outside the EU: export, whatever the buyer type', () => {
    for (const country of ['NO', 'CH', 'IS', 'GB']) {
      expect(vatTreatmentFor({ country, customerType: 'personal', vatNumber: '' })).toBe('export');
      expect(vatTreatmentFor({ country, customerType: 'company', vatNumber: '' })).toBe('export');
    }
  });
});

describe('invoice amounts', () => {
  const lines = ['5718.75', '6900.00'].map(milliFromDecimal);

  it('domestic: VAT-inclusive total, 25 % VAT inside it', () => {
    const a = invoiceAmounts(lines, 'domestic');
    expect([a.net, a.vat, a.total].map(milliToDecimalString)).toEqual(['10095.00', '2523.75', '12618.75']);
    expect(a.lineNets.map(milliToDecimalString)).toEqual(['4575.00', '5520.00']);
  });

  it('reverse charge and export: the buyer pays the ex-VAT amount, no VAT', () => {
    for (const treatment of ['reverse_charge', 'export'] as const) {
      const a = invoiceAmounts(lines, treatment);
      expect([a.net, a.vat, a.total].map(milliToDecimalString)).toEqual(['10095.00', '0.00', '10095.00']);
    }
  });

  it('line amounts excluding VAT always add up to the ex-VAT sum (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 30 }),
        (ore) => {
          const milli = ore.map((o) => (o * 10) as Milli);
          const a = invoiceAmounts(milli, 'domestic');
          return sumMilli(a.lineNets) === a.net && a.net + a.vat === a.total;
        },
      ),
    );
  });

  it('unit prices without VAT keep three decimals', () => {
    expect(milliToDecimalString(unitPriceExVat(milliFromDecimal('114.375')))).toBe('91.50');
    expect(unitPriceExVat(milliFromDecimal('0.74'))).toBe(592);
  });
});

describe('seller settings', () => {
  const good: SellerSettings = {
    name: 'Bulk Print Sverige AB',
    orgNumber: '559123-4561',
    vatNumber: 'SE559123456101',
    address: 'Storgatan 1, 111 22 Stockholm, Sweden',
    registeredOffice: 'Stockholm',
    fTax: true,
    email: 'order@bulkprint.se',
    phone: '+46 8 123 456 78',
    bankAccount: '5050-1234567',
    bankgiro: '123-4566',
    iban: 'SE03 5000 0000 0505 0123 4567',
    ibanEur: 'SE45 5000 0000 0583 9825 7466',
    bic: 'ESSESESS',
  };

  it('the shipped defaults pass', () => {
    expect(sellerSettingsProblems(good)).toEqual([]);
    expect(swedishVatNumber(good.orgNumber)).toBe(good.vatNumber);
  });

  it('refuses the old default org number (bad check digit) and a VAT number that does not match', () => {
    expect(sellerSettingsProblems({ ...good, orgNumber: '559123-4567' })).toEqual([
      'SELLER_ORG_NUMBER: the check digit does not match (Luhn)',
    ]);
    expect(sellerSettingsProblems({ ...good, vatNumber: 'SE559123456701' })[0]).toMatch(/^SELLER_VAT_NUMBER/);
  });

  it('checks bankgiro, IBAN and BIC', () => {
    expect(isValidBankgiro('123-4566')).toBe(true);
    expect(isValidBankgiro('123-4567')).toBe(false);
    expect(isValidIban('SE0350000000050501234567')).toBe(true);
    expect(isValidIban('SE0450000000050501234567')).toBe(false);
    expect(sellerSettingsProblems({ ...good, bic: 'ESSE' })).toEqual([
      'SELLER_BIC: must be 8 or 11 letters/digits (BIC/SWIFT)',
    ]);
  });
});

describe('VAT decision per line', () => {
  it('goods to an EU company are an intra-Community supply (K, Article 138); a fee invoiced alone is a service (AE, Article 196)', () => {
    const [goods, ancillaryFee] = lineVatDecisions('reverse_charge', [{ kind: 'product' }, { kind: 'fee' }]);
    expect(goods).toMatchObject({ category: 'K', exemptionCode: 'VATEX-EU-IC', basAccount: '3108' });
    expect(goods?.legal?.en).toContain('Article 138');
    expect(goods?.legal?.sv).toContain('10 kap. 42 § mervärdesskattelagen (2023:200)');
    // The fee on the order's own invoice is ancillary to the goods and follows them.
    expect(ancillaryFee?.category).toBe('K');
    const [fee] = lineVatDecisions('reverse_charge', [{ kind: 'fee' }]);
    expect(fee).toMatchObject({ category: 'AE', exemptionCode: 'VATEX-EU-AE', basAccount: '3308' });
    expect(fee?.legal?.en).toContain('Articles 44 and 196');
    // A credit note of the goods invoice that credits only its fee credits goods, as invoiced.
    const [creditedFee] = lineVatDecisions('reverse_charge', [{ kind: 'fee' }], true);
    expect(creditedFee).toMatchObject({ category: 'K', basAccount: '3108' });
    // And a credit note of a supplementary invoice stays a service.
    expect(lineVatDecisions('reverse_charge', [{ kind: 'fee' }], false)[0]?.category).toBe('AE');
  });

  it('Sweden: S 25 %; outside the EU: export of goods (G) and services outside the EU (O)', () => {
    expect(vatDecision('domestic', 'goods')).toMatchObject({
      category: 'S',
      percent: 25,
      basAccount: '3001',
    });
    expect(vatDecision('domestic', 'service')).toMatchObject({ category: 'S', basAccount: '3041' });
    expect(vatDecision('export', 'goods')).toMatchObject({ category: 'G', basAccount: '3105' });
    expect(vatDecision('export', 'service')).toMatchObject({ category: 'O', basAccount: '3305' });
  });
});

describe('Peppol participant IDs', () => {
  it('derives the buyer address from the code lists: 0007, 0192, the VAT schemes; never an email', () => {
    const company = { customerType: 'company' as const, orgNumber: null, vatNumber: null };
    expect(derivedPeppolId({ ...company, countryCode: 'SE', orgNumber: '556677-8899' })).toEqual({
      scheme: '0007',
      value: '5566778899',
    });
    expect(derivedPeppolId({ ...company, countryCode: 'NO', orgNumber: '923 609 016' })).toEqual({
      scheme: '0192',
      value: '923609016',
    });
    expect(derivedPeppolId({ ...company, countryCode: 'DE', vatNumber: 'DE136695976' })).toEqual({
      scheme: '9930',
      value: 'DE136695976',
    });
    expect(derivedPeppolId({ ...company, countryCode: 'FR', vatNumber: 'FR40303265045' })?.scheme).toBe(
      '9957',
    );
    expect(derivedPeppolId({ ...company, countryCode: 'DK', vatNumber: 'DK13585628' })).toEqual({
      scheme: '0184',
      value: '13585628',
    });
    expect(derivedPeppolId({ ...company, countryCode: 'DE' })).toBeNull();
    expect(derivedPeppolId({ ...company, countryCode: 'NO', orgNumber: '923609017' })).toBeNull();
    expect(
      derivedPeppolId({ customerType: 'personal', countryCode: 'SE', orgNumber: null, vatNumber: null }),
    ).toBeNull();
  });

  it('reads a Peppol ID typed at checkout only with a known scheme and a plausible value', () => {
    expect(parsePeppolId(' 0007:5567321707 ')).toEqual({ scheme: '0007', value: '5567321707' });
    expect(parsePeppolId('0088:7300010000001')).toEqual({ scheme: '0088', value: '7300010000001' });
    expect(parsePeppolId('9930:de136695976')).toEqual({ scheme: '9930', value: 'DE136695976' });
    for (const bad of [
      'EM:a@example.com',
      '0007:556732170',
      '1234:abc',
      '0007',
      ':5567321707',
      '0192:923609017',
    ]) {
      expect(parsePeppolId(bad), bad).toBeNull();
    }
  });
});
