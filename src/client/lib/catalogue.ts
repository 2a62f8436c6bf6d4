/**
 * The browser's catalogue: the products on sale as the page's HTML carried them (the server wrote
 * them from the database, `<script type="application/json" id="catalogue-data">`), refreshed from
 * GET /api/products (revalidated by its ETag) where a page must show today's prices: the cart and
 * checkout. Nothing about products is bundled.
 */
import { useSyncExternalStore } from 'react';
import { catalogueProducts, setCatalogue, subscribeCatalogue, type Product } from '@/shared/catalogue';
import { productFromRecord, type ProductRecord } from '@/shared/catalogue-record';

function apply(records: readonly ProductRecord[]): void {
  setCatalogue(records.map(productFromRecord));
}

/** Fetches the current catalogue (a 304 keeps the browser's copy) and applies it. */
export async function refreshCatalogue(): Promise<void> {
  const response = await fetch('/api/products', {
    cache: 'no-cache',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) return;
  apply((await response.json()) as ProductRecord[]);
}

/** Sets the catalogue before the first render: from the page, or (the dev server's bare page) the API. */
export async function startCatalogue(): Promise<void> {
  const data = document.getElementById('catalogue-data')?.textContent;
  if (data) {
    apply(JSON.parse(data) as ProductRecord[]);
    return;
  }
  await refreshCatalogue().catch(() => undefined);
}

/** The products on sale; the component renders again when they change. */
export function useCatalogue(): readonly Product[] {
  return useSyncExternalStore(subscribeCatalogue, catalogueProducts, catalogueProducts);
}
