import { findProduct, type Product } from '@/shared/catalogue';

/** The product a `/products/{id}` path shows (ids are Swedish words: URL-encoded, NFC). */
export function productFromPath(pathname: string): Product | undefined {
  const match = /^\/products\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return findProduct(decodeURIComponent(match[1]).normalize('NFC'));
  } catch {
    return undefined;
  }
}
