import { describe, expect, it } from 'vitest';
import {
  cmForInput,
  parseCmInput,
  parsePriceInput,
  priceForInput,
  storedFromInput,
  validateProductInput,
} from './catalogue-schema';
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

describe('a print area in cm as the owner types it', () => {
  it('reads exact hundredths of a cm, comma or point, and keeps them exactly', () => {
    expect(parseCmInput('25,5')).toBe(2550);
    expect(parseCmInput('25.25')).toBe(2525);
    expect(parseCmInput('30 cm')).toBe(3000);
    expect(parseCmInput('0')).toBe(0);
    for (const text of ['25,555', '-3', '', ',5', '1000', 'tio', '2e1'])
      expect(parseCmInput(text), text).toBeUndefined();
  });

  it('is saved as the shortest exact decimal and shown back with a comma', () => {
    const valid = validateProductInput('en', {
      id: 'cm-check',
      names: { sv: 'Prov', en: 'Sample' },
      descriptions: { sv: 'Prov', en: 'Sample' },
      category: 'kläder',
      kind: 'customiser',
      mockup: 'hoodie',
      printAreas: { front: { widthCm: '27,50', heightCm: 20.05 } },
      tiers: [{ quantity: 20, pricePerUnit: '100' }],
      options: [{ id: 'colour', choices: [{ id: 'black' }] }],
    });
    if (!valid.ok) throw new Error(JSON.stringify(valid.fieldErrors));
    const stored = storedFromInput(valid.value);
    expect(stored.printAreas).toEqual({ front: { widthCm: '27.5', heightCm: '20.05' } });
    expect(stored.customiser?.availableSides).toEqual([{ id: 'front', label: 'Front' }]);
    expect(cmForInput(stored.printAreas.front?.widthCm)).toBe('27,5');
  });
});
