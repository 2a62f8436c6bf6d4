import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (build.manifest in vite.config.ts). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The lazy modules (manifest keys, relative to src/client) each page loads on top of the entry
 * before it can render. Home is part of the entry. A new lazy page goes here too: the bench warns
 * about lazy chunks no route names.
 */
export const routeChunks: Record<string, string[]> = {
  '/': [],
  '/how-it-works': ['app/routes/how-it-works.tsx'],
  '/products': ['app/routes/products.tsx'],
  '/products/kuponghäfte': ['app/routes/product.tsx'],
  '/products/hoodie': ['app/routes/product.tsx', 'features/customiser/customiser-page.tsx'],
  '/cart': ['app/routes/cart.tsx'],
  '/confirmation': ['app/routes/confirmation.tsx'],
  '/partner': ['app/routes/partner.tsx'],
  '/admin-login': ['app/routes/admin-login.tsx'],
  '/admin': ['app/routes/admin.tsx'],
  '(404)': ['app/routes/not-found.tsx'],
};

/** Loaded after the first paint on every page (toasts) or on demand (dialogs): not first-load code. */
const deferredModules = [/sonner/, /currency-dialog/, /search-dialog/, /mobile-menu/];

export const budgets = { homeJsGzipKb: 90 };

export interface RouteSize {
  route: string;
  jsGzipKb: number;
  cssGzipKb: number;
  files: string[];
  /** Modules of other pages pulled into this page's first load (should be none). */
  otherRoutes: string[];
  missing: string[];
}

export interface BundleResult {
  routes: RouteSize[];
  entryJsGzipKb: number;
  unassignedLazyChunks: string[];
  budgetOk: boolean;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Sizes the first load of every page from a production build in clientDir (with .vite/manifest.json). */
export function measureBundles(clientDir: string): BundleResult {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gzipCache = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;
      gzipCache.set(file, size);
    }
    return size;
  };

  /** A chunk and everything it imports statically (what the browser fetches before running it). */
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
  };

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest');

  const routeModules = new Set(
    Object.values(routeChunks)
      .flat()
      .filter((key) => key.startsWith('app/routes/')),
  );
  const sizeOf = (keys: Set<string>) => {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) continue;
      if (chunk.file.endsWith('.js')) js.add(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
    }
    const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipSize(file), 0);
    return { js, css, jsBytes: sum(js), cssBytes: sum(css) };
  };

  const entryOnly = new Set<string>();
  closure(entryKey, entryOnly);

  const routes = Object.entries(routeChunks).map(([route, lazyKeys]): RouteSize => {
    const keys = new Set<string>();
    closure(entryKey, keys);
    const missing = lazyKeys.filter((key) => !manifest[key]);
    for (const key of lazyKeys) if (manifest[key]) closure(key, keys);
    const { js, css, jsBytes, cssBytes } = sizeOf(keys);
    const own = new Set(lazyKeys);
    return {
      route,
      jsGzipKb: kb(jsBytes),
      cssGzipKb: kb(cssBytes),
      files: [...js, ...css],
      otherRoutes: [...keys].filter((key) => routeModules.has(key) && !own.has(key)),
      missing,
    };
  });

  const named = new Set(Object.values(routeChunks).flat());
  const unassignedLazyChunks = Object.entries(manifest)
    .filter(
      ([key, chunk]) =>
        chunk.isDynamicEntry && !named.has(key) && !deferredModules.some((pattern) => pattern.test(key)),
    )
    .map(([key]) => key);

  const home = routes.find((r) => r.route === '/');
  return {
    routes,
    entryJsGzipKb: kb(sizeOf(entryOnly).jsBytes),
    unassignedLazyChunks,
    budgetOk: home !== undefined && home.jsGzipKb <= budgets.homeJsGzipKb,
  };
}
