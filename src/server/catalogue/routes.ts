import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '@/server/http/errors';
import { notModifiedSchema, productParams, productRecordSchema } from './contract';
import type { CatalogueStore } from './store';
import { refusals } from '@/server/http/route-scope';

export { catalogueAdminRoutes } from './admin-routes';
export { productPictureAdminRoutes, productPictureRoutes } from './picture-routes';

/** Revalidated on every use: a saved change reaches the next page view (304 while unchanged). */
const cacheControl = 'no-cache';

function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
}

function sendCached(request: FastifyRequest, reply: FastifyReply, etag: string, body: string) {
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (notModified(request, etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * GET /api/products (every product on sale, in the owner's order) and /api/products/:id, in the
 * shape the admin edits (catalogue-record.ts): prices as exact decimal strings. Both answer an
 * entity tag and 304 to a browser that holds the current catalogue.
 */
export function catalogueRoutes(app: FastifyInstance, catalogue: CatalogueStore): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // The bodies are the store's JSON, written once per catalogue version (a string is sent as it is).
  typed.get(
    '/api/products',
    {
      schema: {
        summary: 'The products on sale, in the owner’s order',
        response: { 200: z.array(productRecordSchema), 304: notModifiedSchema },
      },
    },
    async (request, reply) => {
      const current = await catalogue.current();
      return sendCached(request, reply, current.etag, current.publicJson);
    },
  );

  typed.get(
    '/api/products/:id',
    {
      schema: {
        summary: 'One product on sale',
        params: productParams,
        response: { 200: productRecordSchema, 304: notModifiedSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const current = await catalogue.current();
      const record = current.record(request.params.id);
      if (!record?.visible) return sendError(reply, 404, 'Product not found');
      const etag = `W/"${encodeURIComponent(record.id)}-${record.version}"`;
      return sendCached(request, reply, etag, JSON.stringify(record));
    },
  );
}
