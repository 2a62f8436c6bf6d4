import { describe, expect, it } from 'vitest';
import { seedCatalogue as products } from './catalogue-seed';
import { locales } from './i18n/locale';
import { productFacts, sizeCharts } from './product-facts';
import { hasSizes, sizeCodes } from './sizes';

describe('product facts', () => {
  // The customiser offers its print methods (print-options.ts) on every customisable product: the
  // facts may not promise a beanie embroidery that its customiser and invoice then call screen print.
  it.each(products.filter((p) => p.kind === 'customiser').map((p) => [p.id, p] as const))(
    '%s names only the print methods its customiser offers',
    (_id, product) => {
      const print = product.facts?.print;
      expect(print?.sv).not.toMatch(/brodyr|transfer|sublimering/i);
      expect(print?.en).not.toMatch(/embroider|transfer|sublimation/i);
      expect(print?.sv).toMatch(/DTG|screentryck/);
      expect(print?.en).toMatch(/DTG|screen print/);
    },
  );

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
