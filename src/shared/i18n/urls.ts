import { localeQueryParam, type Locale } from './locale';
import { trimTrailing } from '@/shared/trim-trailing';

/**
 * A page's absolute address in one language (`?lang=` beside its other query parameters), or
 * without a language (the address that follows the visitor's preference: hreflang x-default).
 * `pathname` as it appears in a request (percent-encoded).
 */
export function localisedUrl(baseUrl: string, pathname: string, search: string, locale?: Locale): string {
  const params = new URLSearchParams(search);
  params.delete(localeQueryParam);
  if (locale) params.set(localeQueryParam, locale);
  const query = params.toString();
  return `${trimTrailing(baseUrl, '/')}${pathname}${query ? `?${query}` : ''}`;
}
