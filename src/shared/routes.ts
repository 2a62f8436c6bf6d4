import { catalogueProducts, categoryIds, findProduct } from './catalogue';
import { orderPagePattern } from './order-page';
import { groupPagePattern } from './group-orders';
import { trimTrailing } from './trim-trailing';

/** Every URL the SPA renders a page for. Anything else is a 404 (with the shell showing the 404 page). */
export const staticPagePaths = [
  '/',
  '/how-it-works',
  '/products',
  '/cart',
  '/confirmation',
  // Order lookup (orderLookupPath): links to an address's orders by email.
  '/orders',
  // The buyer's account (src/shared/account.ts).
  '/account',
  '/partner',
  '/partner-application',
  '/terms',
  '/privacy',
  '/admin-login',
  '/admin',
  // Starting a group order from a design (src/shared/group-orders.ts).
  '/group/new',
] as const;
const staticPaths: ReadonlySet<string> = new Set(staticPagePaths);

export function isKnownPage(pathname: string): boolean {
  const path = pathname.length > 1 ? trimTrailing(pathname, '/') : pathname;
  if (staticPaths.has(path)) return true;
  if (orderPagePattern.test(path)) return true;
  // A quote's page (src/shared/quotes.ts): its number; the token comes in the query.
  if (/^\/quotes\/Q-\d{4}-\d{4,9}$/.test(path)) return true;
  if (groupPagePattern.test(path)) return true;
  const productMatch = /^\/products\/([^/]+)$/.exec(path);
  if (!productMatch?.[1]) return false;
  try {
    return findProduct(decodeURIComponent(productMatch[1])) !== undefined;
  } catch {
    return false;
  }
}

/**
 * Every public page (server-rendered, indexable): the sitemap lists each in both languages.
 * Paths percent-encoded as in a request.
 */
export function publicPages(): { pathname: string; search: string }[] {
  return [
    { pathname: '/', search: '' },
    { pathname: '/how-it-works', search: '' },
    { pathname: '/products', search: '' },
    ...categoryIds.map((id) => ({ pathname: '/products', search: `category=${encodeURIComponent(id)}` })),
    ...catalogueProducts().map((p) => ({ pathname: `/products/${encodeURIComponent(p.id)}`, search: '' })),
    { pathname: '/partner', search: '' },
    { pathname: '/terms', search: '' },
    { pathname: '/privacy', search: '' },
  ];
}
