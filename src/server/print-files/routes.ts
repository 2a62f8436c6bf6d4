import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@/shared/i18n/define';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { uploadMessages } from '@/shared/i18n/messages/uploads';
import { MAX_PRINT_FILE_BYTES, printFileKind, type PrintFileAnswer } from '@/shared/print-files';
import { SVG_TYPE } from '@/shared/uploads';
import type { AppContext } from '@/server/context';
import { sendError } from '@/server/http/errors';
import { fileResponse } from '@/server/http/route-parts';
import { requestLocale } from '@/server/http/locale';
import { findOrderByNumber, orderNumberPattern } from '@/server/orders';
import { recordAudit, staffOf } from '@/server/staff';
import {
  enableUploads,
  measureUpload,
  receiveUpload,
  sendUpload,
  svgRewriter,
  tooManyPixels,
  uploadRefusalResponses,
  uploadStorageFor,
  type Sniffed,
} from '@/server/uploads';
import { printFileAnswerSchema } from './contract';
import { detectPrintFile } from './detect';
import { findOrderPrintFile } from './service';
import { refusals } from '@/server/http/route-scope';

/**
 * POST /api/print-files (multipart, one file): a print file for an order, checked by its content
 * (PDF, SVG, EPS, AI vector; PNG, JPEG, TIFF, WebP raster), up to 50 MB, streamed to storage.
 * Unattached until an order claims it (`printFiles` in POST /api/orders). Never served back to
 * the public: only the admin downloads it, as an attachment.
 */
export function printFileRoutes(context: AppContext) {
  const storage = uploadStorageFor(context);
  return async function printFiles(app: FastifyInstance): Promise<void> {
    await enableUploads(app);

    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/print-files',
      {
        schema: {
          summary:
            'Upload a print file (multipart, one file: PDF, SVG, EPS, AI, PNG, JPEG, TIFF, WebP, ≤ 50 MB), streamed',
          consumes: ['multipart/form-data'],
          response: { 201: printFileAnswerSchema, ...uploadRefusalResponses },
        },
      },
      async (request, reply) => {
        const t = translate(printFileMessages, requestLocale(request));
        const svgTexts = translate(uploadMessages, requestLocale(request));
        const sniff = (head: Uint8Array): Sniffed => {
          const detected = detectPrintFile(head);
          return detected
            ? { accept: true, contentType: detected.contentType }
            : { accept: false, status: 415, message: t.notPrintFile };
        };
        const upload = await receiveUpload(request, reply, context, {
          purpose: 'print-file',
          sniff,
          // An SVG print file is stored cleaned like a customiser SVG: the staff's browser opens it.
          rewrite: (contentType) =>
            contentType === SVG_TYPE
              ? svgRewriter({
                  malformed: svgTexts.svgMalformed,
                  entities: svgTexts.svgEntities,
                  encoding: svgTexts.svgEncoding,
                  notSvg: t.notPrintFile,
                })
              : undefined,
          maxBytes: MAX_PRINT_FILE_BYTES,
          messages: { noFile: t.noFile, empty: t.empty, tooLarge: t.tooLarge },
        });
        if (!upload) return reply;
        const measured = await measureUpload(context.database, storage, upload);
        if (!measured.accepted) return sendError(reply, 422, tooManyPixels(svgTexts, measured.size));
        const { size } = measured;
        const kind = printFileKind(upload.contentType) ?? 'vector';
        const answer: PrintFileAnswer = {
          id: upload.id,
          kind,
          name: upload.fileName ?? t.unnamed,
          bytes: upload.size,
          contentType: upload.contentType,
          ...(size ? { width: size.width, height: size.height } : {}),
          sha256: upload.sha256,
        };
        return reply.code(201).header('cache-control', 'no-store').send(answer);
      },
    );
  };
}

const downloadParams = z.object({
  number: z.string().regex(orderNumberPattern),
  id: z.string().max(64),
});

/** The path as declared: any text; its shape is checked in the handler (an odd one is a 404). */
const declaredDownloadParams = z.object({ number: z.string().max(100), id: z.string().max(100) });

/**
 * GET /api/admin/orders/:number/print-files/:id, registered inside the admin scope (session
 * checked there): the file as an attachment with nosniff and a sandboxing CSP, never inline.
 */
export function printFileDownloadRoute(admin: FastifyInstance, context: AppContext): void {
  const storage = uploadStorageFor(context);
  admin.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/orders/:number/print-files/:id',
    {
      schema: {
        summary: 'An order’s print file, always as an attachment (the download is audited)',
        params: declaredDownloadParams,
        response: {
          200: fileResponse('The print file as the buyer sent it (an SVG cleaned)', '*/*'),
          ...refusals(404),
        },
      },
    },
    async (request, reply) => {
      const params = downloadParams.safeParse(request.params);
      const order = params.success
        ? await findOrderByNumber(context.database, params.data.number)
        : undefined;
      const file =
        order && params.success && (await findOrderPrintFile(context.database, order.id, params.data.id));
      const stored = file && (await storage.open(file.id));
      if (!file || !stored) return sendError(reply, 404, 'Tryckfilen finns inte');
      await recordAudit(context.database.db, {
        staffId: staffOf(request).id,
        action: 'print_file_download',
        target: file.fileName ?? file.id,
        orderId: order.id,
      });
      return sendUpload(request, reply, file, stored, { inline: false });
    },
  );
}

export { addPrintFileRoute } from './after-order';
export { removePrintFileRoute, replacePrintFileRoute } from './replace';
