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

/** A document that is no JSON, as the OpenAPI document describes it (the reply sends the text). */
function textResponse(description: string, type: string) {
  return { description, content: { [type]: { schema: z.string() } } };
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

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/robots.txt',
    {
      schema: {
        summary: 'robots.txt: the private pages kept out of search engines, and the sitemap',
        response: { 200: textResponse('The rules for crawlers', 'text/plain') },
      },
    },
    async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
  api.get(
    '/sitemap.xml',
    {
      schema: {
        summary: 'The sitemap: every public page in each language, with its alternates (hreflang)',
        response: { 200: textResponse('The sitemap (sitemaps.org 0.9)', 'application/xml') },
      },
    },
    async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(sitemapXml()),
  );
}
