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
export async function securityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', (_request, reply) => reply.send(''));
  const answer = await probe.inject('/');
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!notSecurity.has(name) && value !== undefined) headers[name] = String(value);
  }
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
