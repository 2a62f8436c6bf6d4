import type { FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES, uploadMessages } from '@/shared/uploads';
import type { AppContext } from '@/server/app';
import { sendError } from '@/server/http/errors';
import { detectImage } from './detect';
import { enableUploads, receiveUpload, uploadStorageFor, type Sniffed } from './receive';
import { sendUpload } from './serve';
import { findUpload } from './service';
import { measureUpload } from './measure';

/** What POST /api/uploads answers (201). */
export interface UploadAnswer {
  id: string;
  contentType: string;
  size: number;
  url: string;
}

/** Customiser images: PNG, JPEG, WebP, GIF by their first bytes; SVG refused (it can carry script). */
function sniffImage(head: Uint8Array): Sniffed {
  const detected = detectImage(head);
  if (detected.kind === 'image') return { accept: true, contentType: detected.contentType };
  return { accept: false, message: detected.kind === 'svg' ? uploadMessages.svg : uploadMessages.notImage };
}

/**
 * POST /api/uploads (multipart, one image file) and GET /api/uploads/:id.
 * Registered as its own encapsulated plugin: multipart parsing applies to these routes only.
 */
export function uploadRoutes(context: AppContext) {
  const storage = uploadStorageFor(context.config);
  return async function uploads(app: FastifyInstance): Promise<void> {
    await enableUploads(app);

    app.post('/api/uploads', async (request, reply) => {
      const upload = await receiveUpload(request, reply, context, {
        purpose: 'image',
        sniff: sniffImage,
        maxBytes: MAX_UPLOAD_BYTES,
        messages: uploadMessages,
      });
      if (!upload) return reply;
      // The pixel size is kept for the print-quality check, should the buyer use the image as the print file.
      await measureUpload(context.database, storage, upload);
      const { id, contentType, size } = upload;
      return reply
        .code(201)
        .send({ id, contentType, size, url: `/api/uploads/${id}` } satisfies UploadAnswer);
    });

    app.get<{ Params: { id: string } }>('/api/uploads/:id', async (request, reply) => {
      // Only customiser images are public by id; print files and proofs have their own routes.
      const upload = await findUpload(context.database, request.params.id, 'image');
      const stored = upload && (await storage.open(upload.id));
      if (!upload || !stored) return sendError(reply, 404, 'Image not found');
      return sendUpload(request, reply, upload, stored, { inline: true });
    });
  };
}
