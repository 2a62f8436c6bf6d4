import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Product } from '@/shared/catalogue';
import type { Locale } from '@/shared/i18n/locale';
import { trimTrailing } from '@/shared/trim-trailing';

/** What the server bundle of the client (src/client/entry-server.tsx) offers. */
export interface ServerRenderer {
  renderPage(
    pathname: string,
    search: string,
    locale: Locale,
    baseUrl: string,
    products: readonly Product[],
  ): Promise<{ body: string; head: string }>;
  /** Sets the renderer's copy of the products on sale (before pageHead and isServerRendered). */
  setCatalogue(products: readonly Product[]): void;
  /** The head tags alone, for pages the browser renders (cart, checkout, admin). */
  pageHead(pathname: string, search: string, locale: Locale, baseUrl: string): string;
  isServerRendered(pathname: string): boolean;
}

/** The client build's server bundle lives beside it: dist/client → dist/client-ssr. */
export function serverRendererDir(clientDir: string): string {
  return `${trimTrailing(clientDir, '\\/')}-ssr`;
}

export async function loadServerRenderer(clientDir: string): Promise<ServerRenderer | undefined> {
  const entry = join(serverRendererDir(clientDir), 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  return (await import(pathToFileURL(entry).href)) as ServerRenderer;
}
