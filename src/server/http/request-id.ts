import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { TrustProxy } from '@/server/config';

/** What an id from a proxy may look like: short, no spaces or control characters for the log. */
const acceptableId = /^[\w.:/+=@-]{1,128}$/;

/**
 * Each request's id (Fastify's `genReqId`): the `X-Request-Id` a trusted proxy sent (TRUST_PROXY
 * set, as for X-Forwarded-For; a client could otherwise pick ids that blur the log), or a random
 * UUID. Log lines carry it as `reqId`; the answer returns it (see requestIdHeader).
 */
export function requestIdGenerator(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  return (request) => {
    const given = trustProxy === false ? undefined : request.headers['x-request-id'];
    return typeof given === 'string' && acceptableId.test(given) ? given : randomUUID();
  };
}

/**
 * Every answer says which request it was, so a buyer's report finds its log lines; except the
 * build's hashed assets (`assetPrefix`), static files whose bytes count on every first visit.
 */
export function requestIdHeader(app: FastifyInstance, assetPrefix: string): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith(assetPrefix)) reply.header('x-request-id', request.id);
    done();
  });
}
