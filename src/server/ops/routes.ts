import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { createMetrics, metricsRoutes } from './metrics';
import type { Readiness } from './readiness';

/** Routes that answer without the catalogue (so without the database): see app.ts's hook. */
export const OPS_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * What an operator's tools call: GET /healthz (the process answers; no database, so a slow
 * database never gets a live instance restarted), GET /readyz (send it traffic: 200 or 503 with the
 * reason) and, only when METRICS_TOKEN is set, GET /metrics with that bearer token.
 */
export function opsRoutes(app: FastifyInstance, context: AppContext, readiness: Readiness): void {
  app.get('/healthz', (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const answer = await readiness.check();
    return reply
      .code(answer.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(
        answer.ready
          ? { status: 'ready' }
          : { status: answer.reason, ...('failing' in answer ? { failing: answer.failing } : {}) },
      );
  });
  const token = context.config.metricsToken;
  if (token) metricsRoutes(app, createMetrics(context.database), token);
}
