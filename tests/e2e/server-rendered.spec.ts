import type { TestServer } from '../helpers/server';
import { expect, test } from './fixtures';
import { seedCatalogue as products } from '@/shared/catalogue-seed';
import { milliToKr } from '@/shared/money';

// Plain HTTP, no JavaScript: what a search engine or a link preview reads.

async function fetchPage(server: TestServer, path: string, language: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { 'accept-language': language } });
  const html = await response.text();
  const attr = (pattern: RegExp) => pattern.exec(html)?.[1];
  return {
    status: response.status,
    html,
    lang: attr(/<html lang="([^"]+)"/),
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    heading: attr(/<h1[^>]*>([^<]*)</),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
    hreflang: [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)"/g)].map((m) => m[1]),
    jsonLd: attr(/<script type="application\/ld\+json">([^<]*)<\/script>/),
    serverRendered: html.includes('data-ssr="1"'),
  };
}

const pages: [path: string, sv: string, en: string][] = [
  ['/', 'Storköp till bästa pris', 'Bulk products at the best price'],
  ['/how-it-works', 'Så fungerar det', 'How It Works'],
  ['/products', 'Produkter', 'Products'],
  ['/products?category=tryckprodukter', 'Produkter', 'Products'],
  ['/products?category=kl%C3%A4der', 'Produkter', 'Products'],
  ['/products?category=accessoarer', 'Produkter', 'Products'],
  ['/partner', 'Bli partner', 'Become a Partner'],
  ['/terms', 'Köpvillkor', 'Terms of purchase'],
  ['/privacy', 'Integritetspolicy', 'Privacy policy'],
  ...products.map((p): [string, string, string] => [`/products/${encodeURIComponent(p.id)}`, '', p.name]),
];

test.describe('public pages without JavaScript', () => {
  for (const [path, sv, en] of pages) {
    test(`${path}: heading, title, description, canonical, alternates, preview image`, async ({ server }) => {
      for (const [language, lang, heading] of [
        ['sv-SE,sv;q=0.9', 'sv', sv],
        ['en-GB,en;q=0.9', 'en', en],
      ] as const) {
        const page = await fetchPage(server, path, language);
        expect(page.status).toBe(200);
        expect(page.serverRendered).toBe(true);
        expect(page.lang).toBe(lang);
        if (heading) expect(page.heading).toBe(heading);
        else expect(page.heading).toBeTruthy();
        expect(page.title).toContain('BulkPrint');
        expect(page.description?.length).toBeGreaterThan(40);
        expect(page.canonical).toMatch(new RegExp(`^http://localhost:3000/.*lang=${lang}`));
        expect(page.hreflang).toEqual(['sv', 'en', 'x-default']);
        expect(page.ogImage).toMatch(/^http:\/\/localhost:3000\/assets\/.+\.svg$/);
      }
    });
  }

  for (const product of products) {
    test(`/products/${product.id}: price in the HTML and Product JSON-LD with the lowest and highest unit price`, async ({
      server,
    }) => {
      const page = await fetchPage(server, `/products/${encodeURIComponent(product.id)}`, 'sv-SE');
      const prices = product.tiers.map((t) => milliToKr(t.pricePerUnit));
      const low = Math.min(...prices);
      // The lowest unit price in Swedish format ("60,00 kr" / "0,50 kr") is in the description.
      const lowText = low.toFixed(2).replace('.', ',');
      expect(page.description).toContain(lowText);
      // eslint-disable-next-line regexp/no-super-linear-move -- the shop's own page
      expect(page.html.replace(/\u00a0/g, ' ')).toMatch(/\d+,\d\d kr/);
      const jsonLd = JSON.parse(page.jsonLd ?? '{}') as {
        '@type': string;
        name: string;
        offers: { '@type': string; priceCurrency: string; lowPrice: string; highPrice: string };
      };
      expect(jsonLd['@type']).toBe('Product');
      expect(jsonLd.offers).toMatchObject({
        '@type': 'AggregateOffer',
        priceCurrency: 'SEK',
        lowPrice: low.toFixed(2),
        highPrice: Math.max(...prices).toFixed(2),
      });
    });
  }

  test('a garment page says material, weight, fit, print and its size chart in the first response', async ({
    server,
  }) => {
    // eslint-disable-next-line regexp/no-super-linear-move -- the shop's own page
    const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    const sv = text((await fetchPage(server, '/products/hoodie', 'sv-SE')).html);
    expect(sv).toContain('Om produkten');
    expect(sv).toContain('80 % bomull, 20 % polyester');
    expect(sv).toContain('320 g/m²');
    expect(sv).toContain('Största tryckbredd Framsida 28 cm · Baksida 32 cm');
    // The size chart: every size with its measurements, smallest first.
    expect(sv).toContain('Storleksguide');
    expect(sv).toMatch(/XS 50 cm 65 cm S 53 cm 68 cm M 56 cm 71 cm .* 3XL 68 cm 79 cm/);
    const en = text((await fetchPage(server, '/products/hoodie', 'en-GB')).html);
    expect(en).toContain('About the product');
    expect(en).toContain('Unisex, relaxed fit');
    expect(en).toContain('Size chart');
    // A cap has no sizes, so no size chart.
    const cap = text((await fetchPage(server, '/products/baseball-keps', 'en-GB')).html);
    expect(cap).toContain('One size, adjustable (54–60 cm).');
    expect(cap).not.toContain('Size chart');
  });

  test('an unknown path answers 404 with the 404 page in the visitor language', async ({ server }) => {
    const sv = await fetchPage(server, '/finns-inte', 'sv-SE');
    expect(sv.status).toBe(404);
    expect(sv.heading).toBe('Hoppsan! Sidan hittades inte');
    const en = await fetchPage(server, '/products/nope', 'en-GB');
    expect(en.status).toBe(404);
    expect(en.heading).toBe('Oops! Page not found');
    expect(en.title).toBe('Page not found — BulkPrint');
  });

  test('?lang= picks the language of one address, whatever the browser says', async ({ server }) => {
    const page = await fetchPage(server, '/products?lang=en', 'sv-SE');
    expect(page.lang).toBe('en');
    expect(page.heading).toBe('Products');
  });

  test('sitemap.xml lists every public page in both languages; robots.txt keeps private pages out', async ({
    server,
  }) => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]?.replace(/&#38;/g, '&'));
    for (const [path] of pages) {
      for (const lang of ['sv', 'en']) {
        const separator = path.includes('?') ? '&' : '?';
        expect(locs).toContain(`http://localhost:3000${path}${separator}lang=${lang}`);
      }
    }
    expect(locs).toHaveLength(pages.length * 2);
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    for (const path of ['/admin', '/cart', '/confirmation']) expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});
