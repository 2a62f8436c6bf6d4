import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '@/shared/staff';
import { historyChanges } from './catalogue-history';

const hoodie = {
  id: 'hoodie',
  name: 'Hoodie',
  names: { sv: 'Hoodie', en: 'Hoodie' },
  descriptions: { sv: 'Luvtröja.', en: 'Hooded sweatshirt.' },
  category: 'klader',
  tiers: [
    { quantity: 20, pricePerUnit: '132' },
    { quantity: 50, pricePerUnit: '114.375' },
  ],
  options: [{ id: 'colour', choices: [{ id: 'black' }, { id: 'navy' }] }],
  visible: true,
  sortOrder: 90,
};

function event(before: unknown, after: unknown): AuditEvent {
  return {
    id: '1',
    at: '2026-11-27T06:00:00.000Z',
    staff: 'Ägare',
    staffId: 1,
    action: 'catalogue',
    target: 'hoodie',
    orderNumber: null,
    before,
    after,
  };
}

describe('a product change in the owner’s words', () => {
  it('names each changed field with its value before and after, prices in Swedish format', () => {
    const after = {
      ...hoodie,
      tiers: [{ quantity: 20, pricePerUnit: '139.875' }, hoodie.tiers[1]],
      names: { sv: 'Luvtröja', en: 'Hoodie' },
      visible: false,
    };
    expect(historyChanges('sv', event(hoodie, after))).toEqual([
      { field: 'Namn (svenska)', before: 'Hoodie', after: 'Luvtröja' },
      {
        field: 'Prisnivåer',
        before: '20 st: 132,00 kr, 50 st: 114,375 kr',
        after: '20 st: 139,875 kr, 50 st: 114,375 kr',
      },
      { field: 'Status', before: 'Visas i butiken', after: 'Dold' },
    ]);
    expect(historyChanges('en', event(hoodie, after))[1]).toEqual({
      field: 'Price tiers',
      before: '20 pcs: 132,00 kr, 50 pcs: 114,375 kr',
      after: '20 pcs: 139,875 kr, 50 pcs: 114,375 kr',
    });
  });

  it('names colours by their names and an added product by its name and tiers', () => {
    const fewer = { ...hoodie, options: [{ id: 'colour', choices: [{ id: 'black' }] }] };
    expect(historyChanges('sv', event(hoodie, fewer))).toEqual([
      { field: 'Val (färger m.m.)', before: 'Färg: Svart, Marinblå', after: 'Färg: Svart' },
    ]);
    expect(historyChanges('en', event(null, hoodie))).toEqual([
      { field: 'Added', before: '–', after: 'Hoodie: 20 pcs: 132,00 kr, 50 pcs: 114,375 kr' },
    ]);
  });

  it('names print areas, the mockup and each fact in the owner’s language', () => {
    const before = {
      ...hoodie,
      mockup: 'hoodie',
      printAreas: { front: { widthCm: '28', heightCm: '24.4' } },
      facts: { material: { sv: 'Bomull', en: 'Cotton' }, weightGsm: 320 },
    };
    const after = {
      ...before,
      mockup: 'crewneck',
      printAreas: { front: { widthCm: '25.5', heightCm: '24.4' }, back: { widthCm: '30' } },
      facts: { material: { sv: 'Bomullspiké', en: 'Cotton' }, weightGsm: 340 },
    };
    expect(historyChanges('sv', event(before, after))).toEqual([
      { field: 'Mockup i designvyn', before: 'Huvtröja', after: 'Collegetröja' },
      {
        field: 'Trycksidor och tryckytor',
        before: 'Framsida 28 × 24,4 cm',
        after: 'Framsida 25,5 × 24,4 cm, Baksida 30 cm',
      },
      { field: 'Material (svenska)', before: 'Bomull', after: 'Bomullspiké' },
      { field: 'Vikt (g/m²)', before: '320', after: '340' },
    ]);
  });
});
