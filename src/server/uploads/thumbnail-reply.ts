import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '@/server/http/errors';
import type { UploadStorage } from './storage';
import { thumbnailOf } from './thumbnail';

/**
 * Sends a stored raster upload's thumbnail (WebP, at most `px` a side): 422 with `cannotPreview`
 * when libvips cannot read an image that passed the upload's checks, 404 with `notFound` when its
 * bytes are gone; never a 500. The caller has decided the reader may see the upload.
 */
export async function sendThumbnail(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: UploadStorage,
  uploadId: string,
  options: { px?: number; cacheControl: string; notFound: string; cannotPreview: string },
): Promise<FastifyReply> {
  let thumbnail: Buffer | undefined;
  try {
    thumbnail = await thumbnailOf(uploadId, async () => (await storage.open(uploadId))?.stream, options.px);
  } catch (error) {
    request.log.warn({ err: error, upload: uploadId }, 'thumbnail failed');
    return sendError(reply, 422, options.cannotPreview);
  }
  if (!thumbnail) return sendError(reply, 404, options.notFound);
  return reply
    .header('content-type', 'image/webp')
    .header('cache-control', options.cacheControl)
    .header('x-content-type-options', 'nosniff')
    .send(thumbnail);
}
