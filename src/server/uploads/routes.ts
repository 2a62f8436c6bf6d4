import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate, type Translation } from '@/shared/i18n/define';
import { uploadMessages } from '@/shared/i18n/messages/uploads';
import { printFileKind } from '@/shared/print-files';
import { printFileKinds } from '@/shared/print-files';
import { acceptedImageTypes, MAX_UPLOAD_BYTES, SVG_TYPE, type UploadAnswer } from '@/shared/uploads';
import type { AppContext } from '@/server/context';
import { apiErrorSchema } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { fileResponse } from '@/server/http/route-parts';
import { uploadRefusalResponses } from './contract';
import { requestLocale } from '@/server/http/locale';
import { detectImage, looksLikeSvgDocument } from './detect';
import { enableUploads, receiveUpload, uploadStorageFor, type Sniffed } from './receive';
import { sendUpload } from './serve';
import { findUpload } from './service';
import { measureUpload, tooManyPixels } from './measure';
import type { SvgProblem } from './svg-sanitiser';
import { svgRewriter } from './svg-rewriter';
import { canThumbnail } from './thumbnail';
import { sendThumbnail } from './thumbnail-reply';
import { refusals } from '@/server/http/route-scope';

export type { UploadAnswer };

type UploadTexts = Translation<typeof uploadMessages.en>;

const PDF = '%PDF-';
const POSTSCRIPT = '%!PS';

/**
 * Customiser images: PNG, JPEG, WebP, GIF by their first bytes, and SVG documents (cleaned before
 * they are stored). A PDF or PostScript file gets its own answer: it can be a print file, not a preview.
 */
function sniffImage(head: Uint8Array, t: UploadTexts): Sniffed {
  const detected = detectImage(head);
  if (detected.kind === 'image') return { accept: true, contentType: detected.contentType };
  if (detected.kind === 'svg' && looksLikeSvgDocument(head)) return { accept: true, contentType: SVG_TYPE };
  const start = new TextDecoder('latin1').decode(head.subarray(0, 1024));
  if (start.includes(PDF) || start.startsWith(POSTSCRIPT)) return { accept: false, message: t.noPreviewHere };
  return { accept: false, message: t.notImage };
}

const svgProblemMessage = (t: UploadTexts): Record<SvgProblem, string> => ({
  malformed: t.svgMalformed,
  entities: t.svgEntities,
  encoding: t.svgEncoding,
  notSvg: t.svgNotSvg,
});

/** What POST /api/uploads answers (201). */
const uploadAnswerSchema = z.object({
  id: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string().describe('Where the image is served: GET /api/uploads/:id'),
  kind: z
    .enum(printFileKinds)
    .describe('As a print file, decided by the server: SVG vector, every other image raster'),
  width: z.number().int().optional().describe('Raster images: pixels'),
  height: z.number().int().optional(),
  sha256: z.string().optional(),
}) satisfies z.ZodType<UploadAnswer>;

/** An upload's id in a path: any text; an unknown or odd one is a 404. */
const uploadParams = z.object({ id: z.string().max(100) });

/**
 * POST /api/uploads (multipart, one image file) and GET /api/uploads/:id.
 * Registered as its own encapsulated plugin: multipart parsing applies to these routes only.
 */
export function uploadRoutes(context: AppContext) {
  const storage = uploadStorageFor(context);
  return async function uploads(app: FastifyInstance): Promise<void> {
    await enableUploads(app);

    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/uploads',
      {
        schema: {
          summary:
            'Upload a customiser image (multipart, one file: PNG, JPEG, WebP, GIF or SVG, ≤ 20 MB), streamed',
          consumes: ['multipart/form-data'],
          response: { 201: uploadAnswerSchema, ...uploadRefusalResponses },
        },
      },
      async (request, reply) => {
        const t = translate(uploadMessages, requestLocale(request));
        const upload = await receiveUpload(request, reply, context, {
          purpose: 'image',
          sniff: (head) => sniffImage(head, t),
          rewrite: (contentType) =>
            contentType === SVG_TYPE ? svgRewriter(svgProblemMessage(t)) : undefined,
          maxBytes: MAX_UPLOAD_BYTES,
          messages: t,
        });
        if (!upload) return reply;
        // The pixel size is kept for the print-quality check, should the buyer use the image as the print file.
        const measured = await measureUpload(context.database, storage, upload);
        if (!measured.accepted) return sendError(reply, 422, tooManyPixels(t, measured.size));
        const { size } = measured;
        const { id, contentType } = upload;
        const answer: UploadAnswer = {
          id,
          contentType,
          size: upload.size,
          url: `/api/uploads/${id}`,
          // The server decides what the image is as a print file (and so whether the fee applies).
          kind: printFileKind(contentType) ?? 'raster',
          ...(size ? { width: size.width, height: size.height } : {}),
          sha256: upload.sha256,
        };
        return reply.code(201).send(answer);
      },
    );

    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/uploads/:id',
      {
        schema: {
          summary: 'A customiser image (raster inline; an SVG, cleaned, as an attachment)',
          params: uploadParams,
          response: { 200: fileResponse('The image', ...acceptedImageTypes, SVG_TYPE), ...refusals(404) },
        },
      },
      async (request, reply) => {
        // Only customiser images are public by id; print files and proofs have their own routes.
        const upload = await findUpload(context.database, request.params.id, 'image');
        const stored = upload && (await storage.open(upload.id));
        if (!upload || !stored) return sendError(reply, 404, 'Image not found');
        // Raster images inline; an SVG (cleaned) as an attachment all the same: an <img> shows it,
        // opened on its own it is downloaded, never drawn as a document of the shop's origin.
        return sendUpload(request, reply, upload, stored, { inline: true });
      },
    );
  };
}

/**
 * GET /api/admin/uploads/:id/thumbnail, registered inside the admin scope (session checked there):
 * a customiser image's bounded thumbnail (WebP, at most ADMIN_THUMBNAIL_PX a side) for the order
 * page, so the admin's browser never decodes a print-sized image to show it in a small box.
 */
export function uploadThumbnailRoute(admin: FastifyInstance, context: AppContext): void {
  const storage = uploadStorageFor(context);
  admin.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/uploads/:id/thumbnail',
    {
      schema: {
        summary: 'A customiser image’s bounded thumbnail (WebP) for the order page',
        params: uploadParams,
        response: {
          200: fileResponse('The thumbnail', 'image/webp'),
          422: apiErrorSchema.describe('A stored image that cannot be previewed'),
          ...refusals(404),
        },
      },
    },
    async (request, reply) => {
      const upload = await findUpload(context.database, request.params.id, 'image');
      if (!upload || !canThumbnail(upload.contentType)) return sendError(reply, 404, 'Image not found');
      // Bytes, sent as they are: the declared 200 is a file, which the typed reply knows only as text.
      const bytes: FastifyReply = reply;
      return sendThumbnail(request, bytes, storage, upload.id, {
        cacheControl: 'private, max-age=31536000, immutable',
        notFound: 'Image not found',
        cannotPreview: 'The image cannot be previewed',
      });
    },
  );
}
