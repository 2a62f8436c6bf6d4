import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** Headers of the probe answer that are not security headers. */
const notSecurity = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Security headers (helmet's, with these options) on every answer. @fastify/helmet rebuilds
 * helmet's middleware on every request, parsing the CSP each time: that halved the requests/s of
 * GET /api/products in `npm run bench`. These headers never vary per request (no CSP nonces), so
 * they are computed once, by helmet itself on a throwaway instance, and set by one cheap hook.
 */
export async function securityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
  /**
   * Where the build's hashed scripts, styles and fonts are served: those answers carry only
   * nosniff (with their cache and type headers). The document's policy (CSP, frame and referrer
   * rules) means nothing on a script, and on eight scripts it cost about 8 KB of a first visit.
   */
  assetPrefix?: string,
): Promise<void> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', (_request, reply) => reply.send(''));
  const answer = await probe.inject('/');
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!notSecurity.has(name) && value !== undefined) headers[name] = String(value);
  }
  const assetHeaders = { 'x-content-type-options': 'nosniff' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(assetPrefix !== undefined && request.url.startsWith(assetPrefix) ? assetHeaders : headers);
    done();
  });
  if (assetPrefix === undefined) return;
  // Under the prefix but answered with a page (a missing asset gets the 404 page): a document.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.url.startsWith(assetPrefix) &&
      String(reply.getHeader('content-type')).startsWith('text/html')
    ) {
      reply.headers(headers);
    }
    done(null, payload);
  });
}
