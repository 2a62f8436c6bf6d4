import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DESIGN_THUMBNAIL_PX, designLibraryApiPaths, type DesignLibrary } from '@/shared/design-library';
import { translate } from '@/shared/i18n/define';
import { designLibraryMessages } from '@/shared/i18n/messages/design-library';
import { printFileKinds } from '@/shared/print-files';
import { apiErrorSchema } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { fileResponse } from '@/server/http/route-parts';
import { canThumbnail, sendThumbnail, uploadStorageFor } from '@/server/uploads';
import { settleMembership } from './company';
import { designLibrary, libraryDesign } from './design-library';
import type { AccountRouteDeps } from './route-deps';
import { refusals } from '@/server/http/route-scope';

const designSchema = z.object({
  id: z.string(),
  use: z.enum(['image', 'print-file']),
  name: z.string(),
  contentType: z.string(),
  kind: z.enum(printFileKinds),
  bytes: z.number().int(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  preview: z.string().optional(),
  lastUsedAt: z.string(),
  orders: z.array(z.object({ orderNumber: z.string(), placedAt: z.string() })),
});
const librarySchema = z.object({ designs: z.array(designSchema) });
const designParams = z.object({ id: z.string().min(1).max(100) });

/**
 * The design library (issue 43, decision 0077): the files of the orders whose files the signed-in
 * address may use again (its own, its company's), and a raster file's thumbnail for those only.
 */
export function registerDesignLibraryRoutes(deps: AccountRouteDeps): void {
  const { app, context, signedIn } = deps;
  const db = context.database.db;
  const storage = uploadStorageFor(context);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    designLibraryApiPaths.library,
    {
      schema: {
        summary:
          'The signed-in buyer’s design library: each image and print file of their and their company’s orders, once, newest use first',
        response: { 200: librarySchema, ...refusals(401) },
      },
    },
    async (request, reply) => {
      const email = await signedIn(request, reply);
      if (email === undefined) return reply;
      // As the account page does: an invitation the session proves becomes membership first.
      await settleMembership(db, email);
      const library: DesignLibrary = { designs: await designLibrary(db, email) };
      return reply.header('cache-control', 'no-store').send(library);
    },
  );

  api.get(
    '/api/account/designs/:id/thumbnail',
    {
      schema: {
        summary:
          'A raster file of the reader’s design library as a bounded thumbnail (WebP); 404 for any other id',
        params: designParams,
        response: {
          200: fileResponse('The thumbnail', 'image/webp'),
          422: apiErrorSchema.describe('A stored image that cannot be previewed'),
          ...refusals(401, 404),
        },
      },
    },
    async (request, reply) => {
      const email = await signedIn(request, reply);
      if (email === undefined) return reply;
      const t = translate(designLibraryMessages, requestLocale(request));
      // Another buyer's file, an unknown id and a malformed one answer alike: nothing tells them apart.
      const design = await libraryDesign(db, email, request.params.id);
      if (!design || !canThumbnail(design.contentType)) return sendError(reply, 404, t.notFound);
      // Bytes, sent as they are: the declared 200 is a file, which the typed reply knows only as text.
      const bytes: FastifyReply = reply;
      return sendThumbnail(request, bytes, storage, design.id, {
        px: DESIGN_THUMBNAIL_PX,
        cacheControl: 'private, max-age=86400',
        notFound: t.notFound,
        cannotPreview: t.noPreview,
      });
    },
  );
}
