import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '@/shared/i18n/define';
import { requestGuardMessages } from '@/shared/i18n/messages/request-guard';
import { sendError } from './errors';
import { requestLocale } from './locale';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard for routes a session cookie authorises (the admin): a
 * state-changing request must come from the shop's own origin, and carry a body type the route
 * reads. SameSite=Strict alone is not enough: a sibling subdomain is the same site.
 *
 * - `Sec-Fetch-Site`, when sent (every current browser), must be `same-origin`.
 * - `Origin`, when sent (browsers send it on every cross-origin request and on same-origin
 *   POSTs), must be the shop's public origin or the origin the request was made to; `null`
 *   (sandboxed frames, privacy redirects) is refused.
 * - Neither header: not a browser (curl, scripts, tests), which cannot carry a victim's cookie.
 * - The body must be JSON, or multipart where the route's scope reads uploads; text/plain and
 *   form posts (what a cross-site form can send without a preflight) are refused with 415.
 *
 *   scope.addHook('onRequest', sameOriginGuard(config.publicBaseUrl));
 */
export function sameOriginGuard(publicBaseUrl: string) {
  const publicOrigin = new URL(publicBaseUrl).origin;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!stateChanging.has(request.method)) return;
    const t = translate(requestGuardMessages, requestLocale(request));
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (
      (site !== undefined && site !== 'same-origin') ||
      (origin !== undefined && origin !== publicOrigin && origin !== ownOrigin)
    ) {
      request.log.warn({ origin, site }, 'state-changing admin request from another origin refused');
      sendError(reply, 403, t.otherOrigin);
      return reply;
    }
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const hasBody =
      request.headers['transfer-encoding'] !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0;
    if (type === '' && !hasBody) return;
    if (type === 'application/json') return;
    if (type === 'multipart/form-data' && request.server.hasContentTypeParser('multipart/form-data')) return;
    sendError(reply, 415, t.wrongContentType);
    return reply;
  };
}
