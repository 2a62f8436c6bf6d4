import type { FastifyInstance } from 'fastify';

/** The SPA reports in-app visits to unknown paths here, so every 404 visit reaches the log. */
export function notFoundReportRoute(app: FastifyInstance): void {
  app.post('/api/not-found', { bodyLimit: 4096 }, (request, reply) => {
    const body = request.body as { path?: unknown } | undefined;
    const path = typeof body?.path === 'string' ? body.path.slice(0, 500) : undefined;
    if (!path) return reply.code(400).send({ error: 'path is required' });
    request.log.info({ path, source: 'client' }, 'not found');
    return reply.code(204).send();
  });
}
