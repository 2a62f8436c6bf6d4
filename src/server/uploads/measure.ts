import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { uploads } from '@/server/db/uploads-schema';
import type { Translation } from '@/shared/i18n/define';
import type { uploadMessages } from '@/shared/i18n/messages/uploads';
import { formatCount } from '@/shared/money-format';
import { MAX_IMAGE_MEGAPIXELS, MAX_IMAGE_PIXELS } from '@/shared/uploads';
import { readPixelSize, type PixelSize } from './pixel-size';
import type { UploadInfo } from './service';
import type { UploadStorage } from './storage';

const rasterTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/tiff']);
/**
 * Types a browser decodes (the admin's, the buyer's): their size must be known to be kept, else a
 * bomb gets past the budget by a header the reader does not follow (libjpeg skips junk between a
 * JPEG's segments and decodes the frame after it). TIFF is never drawn by a browser.
 */
const drawnTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** A stored upload's pixel size (raster images whose header reads), or why it was thrown away. */
export type Measured =
  | { accepted: true; size: PixelSize | undefined }
  | { accepted: false; size: PixelSize }
  | { accepted: false; size: undefined };

/**
 * Reads a raster upload's pixel size from its stored header and records it (vector: nothing).
 * An image over MAX_IMAGE_PIXELS is deleted (row and bytes) before anyone can open it: the
 * header is all it takes to know, and decoding it would cost every viewer gigabytes.
 */
export async function measureUpload(
  database: Database,
  storage: UploadStorage,
  upload: UploadInfo,
): Promise<Measured> {
  if (!rasterTypes.has(upload.contentType)) return { accepted: true, size: undefined };
  const stored = await storage.open(upload.id);
  if (!stored) return { accepted: true, size: undefined };
  const size = await readPixelSize(stored.stream, upload.contentType).catch(() => undefined);
  // A TIFF whose header does not read keeps an unknown size; an image a browser draws does not stay.
  if (!size && !drawnTypes.has(upload.contentType)) return { accepted: true, size: undefined };
  if (!size || size.width * size.height > MAX_IMAGE_PIXELS) {
    await database.db.delete(uploads).where(eq(uploads.id, upload.id));
    await storage.remove(upload.id);
    return { accepted: false, size };
  }
  await database.db
    .update(uploads)
    .set({ pixelWidth: size.width, pixelHeight: size.height })
    .where(eq(uploads.id, upload.id));
  return { accepted: true, size };
}

/**
 * The refusal of an image over the pixel budget, with its size and the budget in the reader's
 * number format; or of one whose size its header does not say.
 */
export function tooManyPixels(t: Translation<typeof uploadMessages.en>, size: PixelSize | undefined): string {
  if (!size) return t.sizeUnreadable;
  return t.tooManyPixels({
    width: formatCount(size.width),
    height: formatCount(size.height),
    max: formatCount(MAX_IMAGE_MEGAPIXELS),
  });
}
