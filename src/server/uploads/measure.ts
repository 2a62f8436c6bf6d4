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

/** A stored upload's pixel size (raster images whose header reads), or why it was thrown away. */
export type Measured = { accepted: true; size: PixelSize | undefined } | { accepted: false; size: PixelSize };

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
  // A header that cannot be read leaves the size unknown; the upload itself is fine.
  const size = await readPixelSize(stored.stream, upload.contentType).catch(() => undefined);
  if (!size) return { accepted: true, size: undefined };
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
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

/** The refusal of an image over the pixel budget, with its size and the budget in the reader's number format. */
export function tooManyPixels(t: Translation<typeof uploadMessages.en>, size: PixelSize): string {
  return t.tooManyPixels({
    width: formatCount(size.width),
    height: formatCount(size.height),
    max: formatCount(MAX_IMAGE_MEGAPIXELS),
  });
}
