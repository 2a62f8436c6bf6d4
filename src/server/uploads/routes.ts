import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES, uploadMessages } from '../../shared/uploads';
import type { AppContext } from '../app';
import { sendError } from '../http/errors';
import { findUpload, saveUpload } from './service';
import { FileUploadStorage, type UploadStorage } from './storage';

// Ids are unguessable and an id's bytes never change; kept out of shared caches all the same.
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** What POST /api/uploads answers (201). */
export interface UploadAnswer {
  id: string;
  contentType: string;
  size: number;
  url: string;
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * POST /api/uploads (multipart, one image file) and GET /api/uploads/:id.
 * Registered as its own encapsulated plugin: multipart parsing applies to these routes only.
 */
export function uploadRoutes(
  context: AppContext,
  storage: UploadStorage = new FileUploadStorage(join(context.config.dataDir, 'uploads')),
) {
  return async function uploads(app: FastifyInstance): Promise<void> {
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 50 },
      throwFileSizeLimit: true,
    });

    app.post('/api/uploads', async (request, reply) => {
      if (!request.isMultipart()) return sendError(reply, 400, uploadMessages.noFile);
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part) return sendError(reply, 400, uploadMessages.noFile);
        bytes = await part.toBuffer();
        // The size limit can be hit on the very last chunk, after the library's own check: a
        // truncated file is never stored.
        if (part.file.truncated) return sendError(reply, 413, uploadMessages.tooLarge);
      } catch (error) {
        const code = errorCode(error);
        if (code === 'FST_REQ_FILE_TOO_LARGE') return sendError(reply, 413, uploadMessages.tooLarge);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          return sendError(reply, 413, 'Upload one image at a time.');
        }
        request.log.info({ err: error }, 'unreadable upload');
        return sendError(reply, 400, uploadMessages.unreadable);
      }

      const result = await saveUpload(context.database, storage, bytes);
      if (!result.ok) {
        const status = result.reason === 'too-large' ? 413 : result.reason === 'empty' ? 400 : 415;
        const message = {
          empty: uploadMessages.empty,
          'too-large': uploadMessages.tooLarge,
          svg: uploadMessages.svg,
          'not-image': uploadMessages.notImage,
        }[result.reason];
        return sendError(reply, status, message);
      }
      const { id, contentType, size } = result.upload;
      return reply
        .code(201)
        .send({ id, contentType, size, url: `/api/uploads/${id}` } satisfies UploadAnswer);
    });

    app.get<{ Params: { id: string } }>('/api/uploads/:id', async (request, reply) => {
      const upload = await findUpload(context.database, request.params.id);
      const etag = upload && `"${upload.sha256}"`;
      if (etag && request.headers['if-none-match'] === etag) {
        return reply.code(304).header('etag', etag).header('cache-control', CACHE_CONTROL).send();
      }
      const stored = upload && (await storage.open(upload.id));
      if (!upload || !stored) return sendError(reply, 404, 'Image not found');
      return reply
        .type(upload.contentType)
        .header('content-length', stored.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', CACHE_CONTROL)
        .header('etag', `"${upload.sha256}"`)
        .header(
          'content-disposition',
          `inline; filename="print-${upload.id}.${upload.contentType.split('/')[1] ?? 'img'}"`,
        )
        .send(stored.stream);
    });
  };
}
