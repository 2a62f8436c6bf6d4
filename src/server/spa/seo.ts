import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { locales } from '@/shared/i18n/locale';
import { localisedUrl } from '@/shared/i18n/urls';
import { publicPages } from '@/shared/routes';

/** Pages no search engine needs: a buyer's own cart, order and the admin. */
const privatePaths = ['/admin', '/admin-login', '/cart', '/confirmation', '/orders/', '/api/'];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * GET `path`: a text document (no JSON) that caches publicly for `maxAgeSeconds`, declared in the
 * OpenAPI document as text of its type.
 */
function textDocumentRoute(
  app: FastifyInstance,
  path: string,
  document: { summary: string; description: string; type: string; maxAgeSeconds: number; text: () => string },
): void {
  const response = {
    description: document.description,
    content: { [document.type]: { schema: z.string() } },
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      path,
      { schema: { summary: document.summary, response: { 200: response } } },
      async (_request, reply) =>
        reply
          .type(`${document.type}; charset=utf-8`)
          .header('cache-control', `public, max-age=${document.maxAgeSeconds}`)
          .send(document.text()),
    );
}

/** robots.txt and sitemap.xml, both pointing at the public base URL. */
export function seoRoutes(app: FastifyInstance, options: { publicBaseUrl: string }): void {
  const base = options.publicBaseUrl;
  const robots = [
    'User-agent: *',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');

  // Each page once per language, with its alternates (hreflang) as Google documents for sitemaps.
  // Built per request: the products on sale are the catalogue's now (the onRequest check set them).
  const sitemapXml = () => {
    const entries = publicPages().flatMap(({ pathname, search }) =>
      locales.map((locale) => {
        const alternates = [
          ...locales.map(
            (other) =>
              `    <xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(localisedUrl(base, pathname, search, other))}"/>`,
          ),
          `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(localisedUrl(base, pathname, search))}"/>`,
        ];
        return [
          '  <url>',
          `    <loc>${escapeXml(localisedUrl(base, pathname, search, locale))}</loc>`,
          ...alternates,
          '  </url>',
        ].join('\n');
      }),
    );
    const sitemap = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...entries,
      '</urlset>',
      '',
    ].join('\n');
    return sitemap;
  };

  textDocumentRoute(app, '/robots.txt', {
    summary: 'robots.txt: the private pages kept out of search engines, and the sitemap',
    description: 'The rules for crawlers',
    type: 'text/plain',
    maxAgeSeconds: 3600,
    text: () => robots,
  });
  textDocumentRoute(app, '/sitemap.xml', {
    summary: 'The sitemap: every public page in each language, with its alternates (hreflang)',
    description: 'The sitemap (sitemaps.org 0.9)',
    type: 'application/xml',
    maxAgeSeconds: 300,
    text: sitemapXml,
  });
}
