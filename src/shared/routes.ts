import { findProduct } from './catalogue';

/** Every URL the SPA renders a page for. Anything else is a 404 (with the shell showing the 404 page). */
export const staticPagePaths = [
  '/',
  '/how-it-works',
  '/products',
  '/cart',
  '/confirmation',
  '/partner',
  '/partner-application',
  '/admin-login',
  '/admin',
] as const;
const staticPaths: ReadonlySet<string> = new Set(staticPagePaths);

export function isKnownPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (staticPaths.has(path)) return true;
  const productMatch = /^\/products\/([^/]+)$/.exec(path);
  if (!productMatch?.[1]) return false;
  try {
    return findProduct(decodeURIComponent(productMatch[1])) !== undefined;
  } catch {
    return false;
  }
}
