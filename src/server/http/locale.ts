import type { FastifyRequest } from 'fastify';
import { cookieValue } from '@/shared/cookie-value';
import { localeCookieName, localeQueryParam, negotiateLocale, type Locale } from '@/shared/i18n/locale';

/**
 * The language to answer a request in: `?lang=`, then the visitor's remembered choice (cookie),
 * then Accept-Language. Server-rendered pages and server-sent text use it.
 */
export function requestLocale(request: FastifyRequest): Locale {
  // Only the query is read: a path such as '//' would not parse as a URL.
  const at = request.url.indexOf('?');
  const query = at < 0 ? null : new URLSearchParams(request.url.slice(at + 1)).get(localeQueryParam);
  return negotiateLocale({
    query,
    cookie: cookieValue(request.headers.cookie, localeCookieName),
    acceptLanguage: request.headers['accept-language'],
  });
}
