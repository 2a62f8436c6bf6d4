import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { HttpTimeouts } from '@/server/config';

/**
 * The Node server's own bounds, as Fastify's `http` option and timeouts: headers within
 * `headersMs`, the whole request within `requestMs` (both answered 408 and closed), an idle
 * connection closed after `idleMs` (Fastify's connectionTimeout), an idle keep-alive connection
 * after `keepAliveMs`. Node checks the first two every `connectionsCheckingInterval`: a fraction
 * of the headers bound, so a test's small values are kept to as closely as production's.
 *
 *   Fastify({ ...serverTimeouts(config.http), ... })
 */
export function serverTimeouts(timeouts: HttpTimeouts): {
  http: ServerOptions;
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
} {
  return {
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.max(25, Math.min(5_000, Math.round(timeouts.headersMs / 4))),
    },
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
  };
}

/**
 * A body that trickles (a byte every 20 s keeps the idle timeout from ever firing) is cut off once
 * it averages less than `minBodyBytesPerSecond` after the first `idleMs`: the connection is closed.
 * A 50 MB print file over a slow line arrives many times faster than the floor, and the whole
 * request bound still applies to it.
 */
export function slowBodyGuard(app: FastifyInstance, timeouts: HttpTimeouts): void {
  const floor = timeouts.minBodyBytesPerSecond;
  if (floor <= 0) return;
  const checkEveryMs = Math.max(25, Math.min(5_000, Math.round(timeouts.idleMs / 3)));
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    const hasBody =
      raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
    if (!hasBody || raw.complete) return done();
    const socket = raw.socket;
    const started = Date.now();
    const bytesAtStart = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return clearInterval(timer);
      const elapsedMs = Date.now() - started;
      if (elapsedMs < timeouts.idleMs) return;
      if (socket.bytesRead - bytesAtStart < (floor * elapsedMs) / 1000) {
        clearInterval(timer);
        request.log.warn(
          { elapsedMs, bytes: socket.bytesRead - bytesAtStart },
          'request body too slow: closed',
        );
        socket.destroy();
      }
    }, checkEveryMs);
    timer.unref();
    raw.once('end', () => clearInterval(timer));
    raw.once('close', () => clearInterval(timer));
    done();
  });
}
