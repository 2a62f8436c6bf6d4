import type { FastifyReply, FastifyRequest } from 'fastify';
import { typedFileName } from '@/shared/uploads';
import type { UploadInfo } from './service';
import type { Readable } from 'node:stream';

/** Raster images no browser runs script from: the only types ever served inline. */
const inlineSafeTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

// Ids are unguessable and an id's bytes never change; kept out of shared caches all the same.
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

/**
 * Even when opened directly, an upload is a sandboxed document that may load nothing: an SVG or a
 * PDF someone crafted cannot run script with the shop's origin.
 */
export const uploadContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * Cleaned again and with the sniffed type's extension even for names stored before that rule: a
 * download named `logo.hta` opens as an HTML application whatever its content type said.
 */
function downloadName(upload: UploadInfo): string {
  return typedFileName(upload.fileName, upload.contentType, `${upload.purpose}-${upload.id}`);
}

/** RFC 6266 disposition with an ASCII fallback and the UTF-8 name (RFC 5987). */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Sends a stored upload safely: its sniffed type, nosniff, a sandboxing CSP, and as an attachment
 * unless it is a raster image and `inline` was asked for; 304 for a matching If-None-Match.
 * `stored` is what `storage.open(upload.id)` answered (the caller answers 404 when that is nothing).
 * Return its result from the handler:
 *
 *   const stored = upload && (await storage.open(upload.id));
 *   if (!upload || !stored) return sendError(reply, 404, '…');
 *   return sendUpload(request, reply, upload, stored, { inline: true });
 */
export function sendUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  upload: UploadInfo,
  stored: { stream: Readable; size: number },
  options: { inline?: boolean } = {},
): FastifyReply {
  const etag = `"${upload.sha256}"`;
  reply
    .header('etag', etag)
    .header('cache-control', CACHE_CONTROL)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', uploadContentSecurityPolicy)
    .header('cross-origin-resource-policy', 'same-origin');
  if (request.headers['if-none-match'] === etag) {
    stored.stream.destroy();
    return reply.code(304).send();
  }
  const inline = options.inline === true && inlineSafeTypes.has(upload.contentType);
  return reply
    .type(upload.contentType)
    .header('content-length', stored.size)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', downloadName(upload)))
    .send(stored.stream);
}
