import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startServer, type TestServer } from '@tests/helpers/server';

let server: TestServer;
const shellHtml =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>';
/** The shell as served: its `<html lang>` is the visitor's language (English without a preference). */
const servedShell = (lang: string) => shellHtml.replace('<html>', `<html lang="${lang}">`);
const assetJs = 'console.log("app");'.repeat(100);

beforeAll(async () => {
  // A minimal built client: the shell and one hashed, precompressed asset.
  const clientDir = mkdtempSync(join(tmpdir(), 'shop-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), shellHtml);
  writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), assetJs);
  writeFileSync(join(clientDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(assetJs));
  server = await startServer({ clientDir });
});
afterAll(() => server.close());

describe('serving the SPA', () => {
  it.each([
    '/',
    '/products',
    '/products/hoodie',
    `/products/${encodeURIComponent('becknarväska')}`,
    '/cart',
    '/admin',
    '/partner-application',
    '/products?category=kläder',
  ])('%s → 200 with the shell', async (path) => {
    const { status, body, headers } = await request<string>(server, path);
    expect(status).toBe(200);
    expect(body).toBe(servedShell('en'));
    expect(headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/nope', '/products/nope', '/products/hoodie/extra', '/admin/x'])(
    '%s → 404 with the shell',
    async (path) => {
      const { status, body, headers } = await request<string>(server, path);
      expect(status).toBe(404);
      expect(body).toBe(servedShell('en'));
      expect(headers.get('content-type')).toContain('text/html');
    },
  );

  it.each([
    ['account_session=abc; lang=sv', ['account_signed_in=1; Max-Age=2592000; Path=/; SameSite=Lax']],
    ['lang=sv;account_signed_in=1', ['account_signed_in=; Max-Age=0; Path=/; SameSite=Lax']],
    ['account_session=abc; account_signed_in=1', []],
    ['lang=sv', []],
    [undefined, []],
  ])(
    'a page for Cookie %j sets the account hint to agree with the session cookie: %j',
    async (cookie, expected) => {
      const response = await fetch(`${server.url}/account`, {
        headers: cookie === undefined ? {} : { cookie },
      });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()).toEqual(expected);
    },
  );

  it.each([
    [{ 'accept-language': 'sv-SE,sv;q=0.9,en;q=0.8' }, '/', 'sv'],
    [{ 'accept-language': 'en-GB,sv;q=0.5' }, '/', 'en'],
    [{ 'accept-language': 'sv', cookie: 'lang=en' }, '/', 'en'],
    [{ 'accept-language': 'en-GB', cookie: 'other=1; lang=sv' }, '/products', 'sv'],
    [{ 'accept-language': 'sv-SE', cookie: 'lang=sv' }, '/products?lang=en', 'en'],
  ])('%j %s → <html lang="%s">', async (headers, path, lang) => {
    const response = await fetch(`${server.url}${path}`, { headers });
    expect(await response.text()).toBe(servedShell(lang));
    expect(response.headers.get('vary')).toContain('cookie');
  });

  it('serves hashed assets precompressed and cached as immutable', async () => {
    const response = await fetch(`${server.url}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(assetJs);
  });

  it("an asset carries only the headers it needs (cache, type, nosniff), not the document's policy", async () => {
    const asset = await fetch(`${server.url}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    for (const documentOnly of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'strict-transport-security',
    ]) {
      expect(asset.headers.get(documentOnly), documentOnly).toBeNull();
    }
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    // A missing asset is answered with the 404 page: a document, with the document's policy.
    const missing = await fetch(`${server.url}/assets/gone-123.js`);
    expect(missing.headers.get('content-type')).toContain('text/html');
    expect(missing.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('a path of two slashes (no host when read as a URL) answers, never a 500', async () => {
    const { status } = await request(server, '//');
    expect(status).toBeLessThan(500);
  });

  it('a missing asset is a 404', async () => {
    expect((await request(server, '/assets/gone-123.js')).status).toBe(404);
  });
});
