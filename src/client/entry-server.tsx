/**
 * Server rendering of the public pages (bundled by `vite build --ssr` into dist/client-ssr and
 * loaded by src/server/spa). The same App the browser hydrates, rendered to HTML in the visitor's
 * language, plus the page's head: title, description, canonical, hreflang, Open Graph, JSON-LD.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { locales, type Locale, openGraphLocale } from '@/shared/i18n/locale';
import { localisedUrl } from '@/shared/i18n/urls';
import { productName } from '@/shared/i18n/messages/product-names';
import { productDescription } from '@/shared/i18n/messages/product-descriptions';
import { milliToKr } from '@/shared/money';
import { setCatalogue, type Product } from '@/shared/catalogue';
import { isKnownPage } from '@/shared/routes';
import { shopName } from '@/shared/shop';
import { App, preloadPage } from './app/app';
import { pageMeta } from './app/page-meta';
import { LocaleProvider } from './lib/i18n';
import { trimTrailing } from '@/shared/trim-trailing';

export interface RenderedPage {
  /** The app's HTML, for inside `<div id="root">`. */
  body: string;
  /** Tags for `<head>`. */
  head: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside <script>: `<` escaped so no text can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** schema.org Product with the lowest and highest unit price (SEK, VAT included). */
function productJsonLd(product: Product, locale: Locale, url: string, image: string | undefined) {
  const prices = product.tiers.map((tier) => milliToKr(tier.pricePerUnit));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: productName(locale, product),
    description: productDescription(locale, product),
    sku: product.id,
    brand: { '@type': 'Brand', name: shopName },
    ...(image ? { image } : {}),
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'SEK',
      lowPrice: Math.min(...prices).toFixed(2),
      highPrice: Math.max(...prices).toFixed(2),
      offerCount: product.tiers.length,
      availability: 'https://schema.org/InStock',
      url,
    },
  };
}

export function pageHead(pathname: string, search: string, locale: Locale, baseUrl: string): string {
  const meta = pageMeta(pathname, search, locale);
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  ];
  if (!meta.isPublic) return tags.join('\n    ');
  // /partner-application shows the same form as /partner: one address for search engines.
  const trimmed = pathname.length > 1 ? trimTrailing(pathname, '/') : pathname;
  const canonicalPath = meta.product
    ? `/products/${encodeURIComponent(meta.product.id)}`
    : trimmed === '/partner-application'
      ? '/partner'
      : trimmed;
  const canonical = localisedUrl(baseUrl, canonicalPath, search, locale);
  const image = meta.image ? `${baseUrl}${meta.image}` : undefined;
  tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
  for (const alternate of locales) {
    tags.push(
      `<link rel="alternate" hreflang="${alternate}" href="${escapeHtml(localisedUrl(baseUrl, canonicalPath, search, alternate))}" />`,
    );
  }
  tags.push(
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(localisedUrl(baseUrl, canonicalPath, search))}" />`,
    `<meta property="og:type" content="${meta.product ? 'product' : 'website'}" />`,
    `<meta property="og:site_name" content="${escapeHtml(shopName)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:locale" content="${openGraphLocale[locale]}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
  );
  if (image) {
    const alt = escapeHtml(meta.imageAlt ?? meta.title);
    tags.push(
      `<meta property="og:image" content="${escapeHtml(image)}" />`,
      `<meta property="og:image:alt" content="${alt}" />`,
      `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
      `<meta name="twitter:image:alt" content="${alt}" />`,
    );
  }
  if (meta.product) {
    const json = productJsonLd(meta.product, locale, canonical, image);
    tags.push(`<script type="application/ld+json">${scriptJson(json)}</script>`);
  }
  return tags.join('\n    ');
}

/**
 * Whether the server renders this path's HTML: the public pages, the 404 page, and the cart's frame
 * (its lines are the browser's to show, see CartPage), so the cart paints before its scripts run.
 */
export function isServerRendered(pathname: string): boolean {
  const path = pathname.length > 1 ? trimTrailing(pathname, '/') : pathname;
  return !isKnownPage(pathname) || pageMeta(pathname, '', 'sv').isPublic || path === '/cart';
}

/**
 * The products on sale as the server's catalogue module has them (the database's): this bundle has
 * its own copy of the shared catalogue module, set before every page it renders.
 */
export { setCatalogue };

export async function renderPage(
  pathname: string,
  search: string,
  locale: Locale,
  baseUrl: string,
  products: readonly Product[],
): Promise<RenderedPage> {
  // With the page's chunks loaded nothing suspends, so the HTML is complete and carries no inline
  // script (React's streaming reveal scripts would be refused by the CSP).
  await preloadPage(pathname);
  setCatalogue(products);
  const body = renderToString(
    <StrictMode>
      <LocaleProvider initial={locale}>
        <Router ssrPath={pathname} ssrSearch={search}>
          <App />
        </Router>
      </LocaleProvider>
    </StrictMode>,
  );
  return { body, head: pageHead(pathname, search, locale, baseUrl) };
}
