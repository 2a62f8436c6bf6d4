import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '@/shared/i18n/locale';
import { isKnownPage } from '@/shared/routes';
import { requestLocale } from '@/server/http/locale';
import { accountPath } from '@/shared/account';
import { accountHintRepair, hasAccountSessionCookie } from '@/server/accounts';
import type { CatalogueStore } from '@/server/catalogue';
import { loadServerRenderer, type ServerRenderer } from './render';

export interface Shell {
  send(request: FastifyRequest, reply: FastifyReply, status: number): Promise<FastifyReply>;
}

interface EncodedHtml {
  html: Buffer;
  brotli?: Buffer;
  gzip?: Buffer;
}

/** Most pages are rendered once per language and address, then served from memory. */
const maxCachedPages = 500;

/**
 * The built index.html as a template: its `<html lang>`, head tags and `<div id="root">` are filled
 * per page (the server renderer writes the page's own title, description, canonical, hreflang,
 * Open Graph and JSON-LD).
 */
/** JSON inside <script>: `<` escaped so no text can close the element. */
function scriptJson(json: string): string {
  return json.replace(/</g, '\\u003c');
}

function pageTemplate(clientDir: string) {
  // The shop's own built file, read once at start: never text a visitor sent.
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8')
    // eslint-disable-next-line regexp/no-super-linear-move -- our own index.html, read once at start
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    // eslint-disable-next-line regexp/no-super-linear-move -- our own index.html, read once at start
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/>/, '');
  // The catalogue the page was rendered from, for the browser to start with (a data block, not a
  // script: the CSP's script-src does not apply to it). Function replacements: the JSON may hold `$`.
  return (locale: Locale, head: string, body: string | undefined, catalogueJson: string) =>
    template
      .replace(/<html[^>]*>/, `<html lang="${locale}">`)
      .replace('</head>', () =>
        [
          head ? `  ${head}` : '',
          `  <script type="application/json" id="catalogue-data">${scriptJson(catalogueJson)}</script>`,
          '  </head>',
        ]
          .filter(Boolean)
          .join('\n'),
      )
      .replace(/<div id="root"><\/div>/, () =>
        body === undefined ? '<div id="root"></div>' : `<div id="root" data-ssr="1">${body}</div>`,
      );
}

function createShell(
  clientDir: string,
  renderer: ServerRenderer | undefined,
  baseUrl: string,
  catalogue: CatalogueStore,
): Shell {
  const fill = pageTemplate(clientDir);
  const cache = new Map<string, EncodedHtml>();
  let cachedVersion = '';

  async function page(request: FastifyRequest, locale: Locale): Promise<EncodedHtml> {
    const current = await catalogue.current();
    // A saved catalogue change renders every page anew (the pages show its names and prices).
    if (current.version !== cachedVersion) {
      cache.clear();
      cachedVersion = current.version;
    }
    const url = splitUrl(request.url);
    const known = isKnownPage(url.pathname);
    // /account without a session cookie is its sign-in form, rendered here like a public page; with
    // one, the shell (the account is the browser's to fetch). Cached apart.
    const accountSignIn = url.pathname === accountPath && !hasAccountSessionCookie(request.headers.cookie);
    // Every unknown path shows the same 404 page: one cache entry per language.
    const key = known
      ? `${locale} ${url.pathname}?${url.search}${accountSignIn ? ' signed out' : ''}`
      : `${locale} 404`;
    const cached = cache.get(key);
    if (cached) return cached;
    let html: string;
    if (!renderer) {
      html = fill(locale, '', undefined, current.publicJson);
    } else {
      renderer.setCatalogue(current.onSale);
      const serverRendered = accountSignIn || renderer.isServerRendered(url.pathname);
      const search = url.search.replace(/^\?/, '');
      const rendered = serverRendered
        ? await renderer.renderPage(url.pathname, search, locale, baseUrl, current.onSale)
        : { head: renderer.pageHead(url.pathname, search, locale, baseUrl), body: undefined };
      html = fill(locale, rendered.head, rendered.body, current.publicJson);
    }
    const entry = { html: Buffer.from(html) };
    if (current.version !== cachedVersion) return entry;
    if (cache.size >= maxCachedPages) cache.clear();
    cache.set(key, entry);
    return entry;
  }

  return {
    async send(request, reply, status) {
      const locale = requestLocale(request);
      const entry = await page(request, locale);
      const accepted = String(request.headers['accept-encoding'] ?? '');
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-language', locale)
        .header('vary', 'accept-encoding, accept-language, cookie');
      const hintRepair = accountHintRepair(request.headers.cookie, request.protocol === 'https');
      if (hintRepair !== undefined) reply.header('set-cookie', hintRepair);
      if (/\bbr\b/.test(accepted)) {
        entry.brotli ??= brotliCompressSync(entry.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } });
        return reply.header('content-encoding', 'br').send(entry.brotli);
      }
      if (/\bgzip\b/.test(accepted)) {
        entry.gzip ??= gzipSync(entry.html, { level: 9 });
        return reply.header('content-encoding', 'gzip').send(entry.gzip);
      }
      return reply.send(entry.html);
    },
  };
}

export interface SpaOptions {
  /** The shop's public address (canonical URLs, link previews, sitemap). */
  publicBaseUrl: string;
  /** The catalogue the pages show (and hand to the browser). */
  catalogue: CatalogueStore;
}

/**
 * Serves the built SPA: hashed assets precompressed and cached for a year, every known page (public
 * pages rendered on the server in the visitor's language, the rest as the shell the browser
 * renders), and unknown paths with HTTP 404 and the 404 page.
 * Returns undefined when the client has not been built (API-only tests).
 */
export async function serveSpa(
  app: FastifyInstance,
  clientDir: string,
  options: SpaOptions,
): Promise<Shell | undefined> {
  if (!existsSync(join(clientDir, 'index.html'))) {
    app.log.warn({ clientDir }, 'client build not found: serving the API only (run npm run build)');
    return undefined;
  }
  const renderer = await loadServerRenderer(clientDir);
  if (!renderer) app.log.warn({ clientDir }, 'server renderer not built: pages render in the browser only');
  const shell = createShell(clientDir, renderer, options.publicBaseUrl, options.catalogue);
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['assets/**'],
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=3600');
    },
  });
  // The build's hashed files never change under their name: cached for a year and never
  // revalidated, so they go without validators (ETag, Last-Modified) and range support. Each
  // header left out is bytes off every script of a first visit (bench/first-visit.ts).
  await app.register(fastifyStatic, {
    root: join(clientDir, 'assets'),
    prefix: '/assets/',
    wildcard: false,
    index: false,
    preCompressed: true,
    decorateReply: false,
    etag: false,
    lastModified: false,
    acceptRanges: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.get('/', (request, reply) => shell.send(request, reply, 200));
  return shell;
}

export function isPageRequest(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
}

/**
 * Path and query of a request URL, read without `new URL`: a path such as `//` or `//host/x`
 * reads as a URL with a host (or none) and would throw or lose its path.
 */
function splitUrl(raw: string): { pathname: string; search: string } {
  const at = raw.indexOf('?');
  return at < 0 ? { pathname: raw, search: '' } : { pathname: raw.slice(0, at), search: raw.slice(at) };
}

export function pageStatus(url: string): number {
  const pathname = url.split('?')[0] ?? '/';
  return isKnownPage(pathname) ? 200 : 404;
}
