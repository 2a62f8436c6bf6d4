import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/server/http/contract';

const reportSchema = z.object({
  // Longer paths are cut, not refused: the visit happened all the same.
  path: z
    .string()
    .min(1)
    .transform((path) => path.slice(0, 500))
    .describe('The unknown path the visitor opened in the app'),
});

/** The SPA reports in-app visits to unknown paths here, so every 404 visit reaches the log. */
export function notFoundReportRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/not-found',
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Log a visit to a page the app does not know',
        body: reportSchema,
        response: { 204: z.null().describe('Logged'), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      request.log.info({ path: request.body.path, source: 'client' }, 'not found');
      return reply.code(204).send(null);
    },
  );
}
