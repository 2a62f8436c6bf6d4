import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueAdminMessages } from '@/shared/i18n/messages/catalogue-admin';
import { uploadMessages } from '@/shared/i18n/messages/uploads';
import { translate } from '@/shared/i18n/define';
import { pictureImage, productPictureUrl } from '@/shared/product-images';
import { SVG_TYPE } from '@/shared/uploads';
import type { AppContext } from '@/server/context';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import {
  detectImage,
  enableUploads,
  findUpload,
  looksLikeSvgDocument,
  measureUpload,
  receiveUpload,
  sendUpload,
  svgRewriter,
  tooManyPixels,
  uploadStorageFor,
  canThumbnail,
  thumbnailOf,
  uploadRefusalResponses,
  type Sniffed,
} from '@/server/uploads';
import { refusals } from '@/server/http/route-scope';

/** What an uploaded product picture is kept as (uploads.purpose). */
export const PRODUCT_PICTURE_PURPOSE = 'product-picture';

/** A product picture is a photo or drawing for a card and a product page, not a print file. */
export const MAX_PRODUCT_PICTURE_BYTES = 10 * 1024 * 1024;

/**
 * The storefront shows a picture at most 400 px wide (the cards and the product page); twice that
 * keeps it sharp on a high-density screen while the browser never decodes the original.
 */
export const PRODUCT_PICTURE_PX = 800;

const pictureTypes = new Set(['image/png', 'image/jpeg', 'image/webp']);

const pictureAnswer = z.object({
  id: z.string(),
  image: z.string().describe('The value for the product record’s `image`: picture:<id>'),
  url: z.string(),
  contentType: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type ProductPictureAnswer = z.infer<typeof pictureAnswer>;

/**
 * POST /api/admin/product-pictures (owner, multipart, one file): a product picture under the upload
 * rules (streamed, at most 10 MB, the pixel budget, the type read from its first bytes: PNG, JPEG,
 * WebP, or an SVG document, which is rewritten by the sanitiser before it is stored). Saving a
 * product whose `image` names it claims it; unclaimed ones expire like every upload.
 */
export function productPictureAdminRoutes(context: AppContext) {
  const storage = uploadStorageFor(context);
  return async function productPictures(admin: FastifyInstance): Promise<void> {
    await enableUploads(admin);
    admin.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/product-pictures',
      {
        schema: {
          summary: 'Uploads a product picture (multipart: one PNG, JPEG, WebP or SVG file, at most 10 MB)',
          response: { 201: pictureAnswer, ...uploadRefusalResponses },
        },
      },
      async (request, reply) => {
        const locale = requestLocale(request);
        const t = catalogueAdminMessages[locale];
        const svgTexts = translate(uploadMessages, locale);
        const sniff = (head: Uint8Array): Sniffed => {
          const detected = detectImage(head);
          if (detected.kind === 'image' && pictureTypes.has(detected.contentType))
            return { accept: true, contentType: detected.contentType };
          if (detected.kind === 'svg' && looksLikeSvgDocument(head))
            return { accept: true, contentType: SVG_TYPE };
          return { accept: false, status: 415, message: t.pictureNotImage };
        };
        const upload = await receiveUpload(request, reply, context, {
          purpose: PRODUCT_PICTURE_PURPOSE,
          sniff,
          rewrite: (contentType) =>
            contentType === SVG_TYPE
              ? svgRewriter({
                  malformed: svgTexts.svgMalformed,
                  entities: svgTexts.svgEntities,
                  encoding: svgTexts.svgEncoding,
                  notSvg: svgTexts.svgNotSvg,
                })
              : undefined,
          maxBytes: MAX_PRODUCT_PICTURE_BYTES,
          messages: { noFile: t.pictureNoFile, empty: t.pictureEmpty, tooLarge: t.pictureTooLarge },
          // The owner's own upload: no per-client allowance; saving the product claims it.
          anonymous: false,
        });
        if (!upload) return reply;
        const measured = await measureUpload(context.database, storage, upload);
        if (!measured.accepted) return sendError(reply, 422, tooManyPixels(svgTexts, measured.size));
        return reply.code(201).send({
          id: upload.id,
          image: pictureImage(upload.id),
          url: productPictureUrl(upload.id),
          contentType: upload.contentType,
          ...(measured.size ? { width: measured.size.width, height: measured.size.height } : {}),
        });
      },
    );
  };
}

/**
 * GET /api/product-pictures/:id (public): a raster picture as a WebP thumbnail the server made (at
 * most 800 px a side), an SVG as the sanitiser rewrote it (shown only through <img>, served as an
 * attachment with a sandboxing CSP like every SVG upload).
 */
export function productPictureRoutes(app: FastifyInstance, context: AppContext): void {
  const storage = uploadStorageFor(context);
  // Plain types here: the answer is bytes, which the zod provider's reply type does not take.
  app.get<{ Params: { id: string } }>(
    '/api/product-pictures/:id',
    {
      schema: {
        summary: 'A product picture the owner uploaded: a WebP thumbnail, or the cleaned SVG',
        params: z.object({ id: z.string().max(64) }),
        response: {
          200: {
            description: 'The picture',
            content: {
              'image/webp': { schema: z.string().describe('WebP') },
              'image/svg+xml': { schema: z.string().describe('SVG') },
            },
          },
          ...refusals(404, 422),
        },
      },
    },
    async (request, reply) => {
      const upload = await findUpload(context.database, request.params.id, PRODUCT_PICTURE_PURPOSE);
      if (!upload) return sendError(reply, 404, 'Picture not found');
      if (!canThumbnail(upload.contentType)) {
        const stored = await storage.open(upload.id);
        if (!stored) return sendError(reply, 404, 'Picture not found');
        return sendUpload(request, reply, upload, stored, { inline: false });
      }
      let thumbnail: Buffer | undefined;
      try {
        thumbnail = await thumbnailOf(
          upload.id,
          async () => (await storage.open(upload.id))?.stream,
          PRODUCT_PICTURE_PX,
        );
      } catch (error) {
        request.log.warn({ err: error, upload: upload.id }, 'product picture thumbnail failed');
        return sendError(reply, 422, 'The picture cannot be shown');
      }
      if (!thumbnail) return sendError(reply, 404, 'Picture not found');
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(thumbnail);
    },
  );
}
