import { describe, expect, it } from 'vitest';
import { seedCatalogue as products } from './catalogue-seed';
import { locales } from './i18n/locale';
import { productFacts, sizeCharts } from './product-facts';
import { hasSizes, sizeCodes } from './sizes';

describe('product facts', () => {
  it.each(products.map((p) => [p.id, p] as const))(
    '%s says what the buyer gets in both languages',
    (id, product) => {
      expect(productFacts[id], 'facts entry').toBeDefined();
      const facts = product.facts ?? {};
      for (const locale of locales) {
        expect(facts.material?.[locale].length, `${locale} material`).toBeGreaterThan(10);
        expect(facts.print?.[locale].length, `${locale} print`).toBeGreaterThan(10);
        if (hasSizes(product)) expect(facts.fit?.[locale].length, `${locale} fit`).toBeGreaterThan(10);
      }
      // A size chart exactly for the garments that are ordered by size.
      expect(productFacts[id]?.sizeChart !== undefined).toBe(hasSizes(product));
    },
  );

  it('no facts for a product the catalogue does not have', () => {
    const ids = new Set(products.map((p) => p.id));
    expect(Object.keys(productFacts).filter((id) => !ids.has(id))).toEqual([]);
  });

  it.each(Object.entries(sizeCharts))('the %s chart grows with every size', (_, chart) => {
    for (let i = 1; i < sizeCodes.length; i++) {
      const [smaller, larger] = [sizeCodes[i - 1], sizeCodes[i]] as const;
      if (!smaller || !larger) continue;
      expect(chart.chestCm[larger]).toBeGreaterThan(chart.chestCm[smaller]);
      expect(chart.lengthCm[larger]).toBeGreaterThanOrEqual(chart.lengthCm[smaller]);
    }
  });
});
