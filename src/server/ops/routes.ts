import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '@/server/context';
import { createMetrics, metricsRoutes } from './metrics';
import type { Readiness } from './readiness';

/** Routes that answer without the catalogue (so without the database): see app.ts's hook. */
export const OPS_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

const liveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({ status: z.literal('ready') });
const notReadySchema = z
  .object({
    status: z.string().describe('"starting", "shutting down" or "<dependency> unavailable"'),
    failing: z.array(z.string()).optional().describe('The dependencies that did not answer'),
  })
  .describe('Not ready: send this instance no traffic');

/**
 * What an operator's tools call: GET /healthz (the process answers; no database, so a slow
 * database never gets a live instance restarted), GET /readyz (send it traffic: 200 or 503 with the
 * reason) and, only when METRICS_TOKEN is set, GET /metrics with that bearer token.
 */
export function opsRoutes(app: FastifyInstance, context: AppContext, readiness: Readiness): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness: the process answers (never asks the database)',
        response: { 200: liveSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  api.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness: migrated, not shutting down, database and upload store answering',
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (_request, reply) => {
      const answer = await readiness.check();
      reply.header('cache-control', 'no-store');
      if (answer.ready) return reply.code(200).send({ status: 'ready' });
      return reply
        .code(503)
        .send({ status: answer.reason, ...('failing' in answer ? { failing: answer.failing } : {}) });
    },
  );
  const token = context.config.metricsToken;
  if (token) metricsRoutes(app, createMetrics(context.database), token);
}
