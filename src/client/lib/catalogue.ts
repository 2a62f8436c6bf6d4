/**
 * The browser's catalogue: the products on sale as the page's HTML carried them (the server wrote
 * them from the database, `<script type="application/json" id="catalogue-data">`), refreshed from
 * GET /api/products (revalidated by its ETag) where a page must show today's prices: the cart and
 * checkout. Nothing about products is bundled.
 */
import { useSyncExternalStore } from 'react';
import { catalogueProducts, setCatalogue, subscribeCatalogue, type Product } from '@/shared/catalogue';
import { productFromRecord, type ProductRecord } from '@/shared/catalogue-record';

/** The catalogue's text as last applied: an answer with the same text changes nothing. */
let appliedJson: string | undefined;

function apply(json: string): void {
  // The same products again would still be a new list, and every page that reads them (the cart's
  // lines and the header's count) would render again at once, right after the page hydrated.
  if (json === appliedJson) return;
  appliedJson = json;
  setCatalogue((JSON.parse(json) as ProductRecord[]).map(productFromRecord));
}

/** Fetches the current catalogue (a 304 keeps the browser's copy) and applies it. */
export async function refreshCatalogue(): Promise<void> {
  const response = await fetch('/api/products', {
    cache: 'no-cache',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) return;
  apply(await response.text());
}

/** Sets the catalogue before the first render: from the page, or (the dev server's bare page) the API. */
export async function startCatalogue(): Promise<void> {
  const data = document.getElementById('catalogue-data')?.textContent;
  if (data) {
    apply(data);
    return;
  }
  await refreshCatalogue().catch(() => undefined);
}

/** The products on sale; the component renders again when they change. */
export function useCatalogue(): readonly Product[] {
  return useSyncExternalStore(subscribeCatalogue, catalogueProducts, catalogueProducts);
}
