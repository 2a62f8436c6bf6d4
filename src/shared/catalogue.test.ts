import { describe, expect, it } from 'vitest';
import { seedCatalogue as products, seedProduct as findProduct } from './catalogue-seed';
import { unitPriceToString } from './money';

/** SPEC §9 gives the baseball cap, the trucker cap and the fanny pack one table. */
const capTiers: [number, string][] = [
  [20, '66'],
  [50, '54'],
  [100, '48'],
  [200, '42'],
  [300, '38'],
  [500, '34'],
  [750, '32'],
  [1000, '31'],
  [1500, '30.5'],
  [2000, '30'],
];

/** SPEC §9, transcribed by hand: every tier of every product, quantity → per-unit price. */
const specTiers: Record<string, [number, string][]> = {
  kuponghäfte: [
    [100, '30'],
    [200, '25'],
    [300, '23'],
    [500, '20'],
    [750, '17'],
    [1000, '15'],
    [1500, '13'],
    [2000, '12'],
    [3000, '10'],
    [5000, '8'],
  ],
  'halsduk-silke': [
    [20, '50'],
    [50, '42.5'],
    [100, '35'],
    [200, '30'],
    [350, '27'],
    [500, '25'],
  ],
  'halsduk-stickad': [
    [20, '16.5'],
    [50, '14.25'],
    [100, '12'],
    [200, '9.75'],
    [350, '8.5'],
    [500, '7.5'],
  ],
  'tshirt-bomull': [
    [20, '88'],
    [50, '76.25'],
    [100, '64'],
    [200, '52'],
    [350, '45.2'],
    [500, '40'],
  ],
  'tshirt-polyester': [
    [20, '110'],
    [50, '95'],
    [100, '85'],
    [200, '75'],
    [350, '70'],
    [500, '65'],
  ],
  tracktop: [
    [20, '300'],
    [50, '275'],
    [100, '250'],
    [200, '210'],
    [350, '180'],
    [500, '150'],
  ],
  hoodie: [
    [20, '132'],
    [50, '114.375'],
    [100, '96'],
    [200, '78'],
    [350, '67.8'],
    [500, '60'],
  ],
  crewneck: [
    [20, '143'],
    [50, '123.75'],
    [100, '104'],
    [200, '84.5'],
    [350, '73.5'],
    [500, '65'],
  ],
  zip: [
    [20, '154'],
    [50, '133.375'],
    [100, '112'],
    [200, '91'],
    [350, '79.1'],
    [500, '70'],
  ],
  'baseball-keps': capTiers,
  'keps-med-nat': capTiers,
  becknarväska: capTiers,
  'urvattad-keps': [
    [20, '33'],
    [50, '27'],
    [100, '24'],
    [200, '21'],
    [300, '19'],
    [500, '17'],
    [750, '16'],
    [1000, '15.5'],
    [1500, '15.25'],
    [2000, '15'],
  ],
  mossa: [
    [25, '175'],
    [50, '140'],
    [100, '120'],
    [200, '100'],
    [300, '90'],
    [400, '80'],
  ],
  fiskehatt: [
    [20, '99'],
    [50, '81'],
    [100, '72'],
    [200, '63'],
    [300, '57'],
    [500, '51'],
    [750, '48'],
    [1000, '46.5'],
    [1500, '45.75'],
    [2000, '45'],
  ],
  klistermärken: [
    [5000, '0.74'],
    [7500, '0.7'],
    [10000, '0.68'],
    [15000, '0.66'],
    [20000, '0.62'],
    [30000, '0.58'],
    [40000, '0.55'],
    [60000, '0.53'],
    [80000, '0.52'],
    [100000, '0.5'],
  ],
  tejp: [
    [120, '12.8'],
    [200, '11.2'],
    [300, '10.2'],
    [500, '9.2'],
    [750, '8.8'],
    [1000, '8.5'],
    [1500, '8.35'],
    [2000, '8'],
  ],
};

describe('catalogue', () => {
  it('has the 17 products of the spec, each once', () => {
    expect(products.map((p) => p.id).sort()).toEqual(Object.keys(specTiers).sort());
  });

  it.each(Object.entries(specTiers))('%s has exactly the tiers of SPEC §9', (id, tiers) => {
    const product = findProduct(id);
    expect(product?.tiers.map((t) => [t.quantity, unitPriceToString(t.pricePerUnit)])).toEqual(tiers);
  });

  it('minimum quantity is the first tier (tape 120, beanie 25, coupon booklet 100, stickers 5000)', () => {
    expect(findProduct('tejp')?.minQuantity).toBe(120);
    expect(findProduct('mossa')?.minQuantity).toBe(25);
    expect(findProduct('kuponghäfte')?.minQuantity).toBe(100);
    expect(findProduct('klistermärken')?.minQuantity).toBe(5000);
    expect(findProduct('hoodie')?.minQuantity).toBe(20);
  });

  it('the spec totals of the three tables with totals equal quantity × per-unit', () => {
    const totals: [string, number, number][] = [
      ['kuponghäfte', 750, 12750],
      ['kuponghäfte', 5000, 40000],
      ['halsduk-silke', 50, 2125],
      ['halsduk-silke', 350, 9450],
      ['halsduk-stickad', 50, 712.5],
      ['halsduk-stickad', 200, 1950],
    ];
    for (const [id, quantity, total] of totals) {
      const tier = findProduct(id)?.tiers.find((t) => t.quantity === quantity);
      expect(((tier?.pricePerUnit ?? 0) * quantity) / 1000).toBe(total);
    }
  });

  it('customiser products are exactly the five of the spec, with their sides', () => {
    const customisers = products.filter((p) => p.kind === 'customiser');
    expect(customisers.map((p) => p.id).sort()).toEqual([
      'baseball-keps',
      'crewneck',
      'hoodie',
      'mossa',
      'tshirt-bomull',
    ]);
    expect(findProduct('baseball-keps')?.customiser?.availableSides.map((s) => s.id)).toEqual([
      'front',
      'side',
    ]);
    expect(findProduct('mossa')?.customiser?.availableSides.map((s) => s.id)).toEqual(['front']);
    expect(findProduct('hoodie')?.customiser?.availableSides.map((s) => s.id)).toEqual(['front', 'back']);
  });

  it('every category has products and tiers ascend', () => {
    for (const category of ['tryckprodukter', 'kläder', 'accessoarer']) {
      expect(products.some((p) => p.category === category)).toBe(true);
    }
    for (const product of products) {
      const quantities = product.tiers.map((t) => t.quantity);
      expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    }
  });
});
