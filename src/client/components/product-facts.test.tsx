import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Product } from '@/shared/catalogue';
import { seedProduct } from '@/shared/catalogue-seed';
import { LocaleProvider } from '@/client/lib/i18n';
import { ProductFacts } from './product-facts';

const hoodie = seedProduct('hoodie') as Product;

/** The size chart as a reader meets it: its heading, then each row's cells (the caption left out). */
function chartText(product: Product, locale: 'sv' | 'en'): string {
  const html = renderToStaticMarkup(
    <LocaleProvider initial={locale}>
      <ProductFacts product={product} />
    </LocaleProvider>,
  );
  const table = /<h3[^]*<\/table>/.exec(html)?.[0] ?? '';
  const cells = table
    .replace(/<caption[^>]*>([^<]*)<\/caption>/, '')
    .replace(/<!-- -->/g, '')
    .replace(/<\/t[hd]>/g, ' | ')
    .split('<')
    .map((part) => part.slice(part.indexOf('>') + 1))
    .join(' ');
  return cells.replace(/\s+/g, ' ').trim();
}

describe('ProductFacts size chart', () => {
  it('an adult garment: every size with its chest and length, under "Storleksguide"', () => {
    const text = chartText(hoodie, 'sv');
    expect(text).toMatch(
      /^Storleksguide Storlek \| Halva bröstvidden[^|]* \| Längd[^|]* \| XS \| 50 cm \| 65 cm \| S \| 53 cm/,
    );
    expect(text).toContain('3XL | 68 cm | 79 cm |');
  });

  it("a kids' garment: each size's height span and the age it usually fits", () => {
    const kids = { ...hoodie, sizeSet: 'kids' } as Product;
    const text = chartText(kids, 'en');
    expect(text).toMatch(/^Size chart Size \| [^|]+ \| [^|]+ \| 98\/104 \| 98–104 cm \| 3–4 years \|/);
    expect(text).toContain('158/164 | 158–164 cm | 13–14 years |');
  });
});
