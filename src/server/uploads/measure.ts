import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { uploads } from '@/server/db/uploads-schema';
import { readPixelSize } from './pixel-size';
import type { UploadInfo } from './service';
import type { UploadStorage } from './storage';

const rasterTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/tiff']);

/** Reads a raster upload's pixel size from its stored header and records it (vector: nothing). */
export async function measureUpload(
  database: Database,
  storage: UploadStorage,
  upload: UploadInfo,
): Promise<{ width: number; height: number } | undefined> {
  if (!rasterTypes.has(upload.contentType)) return undefined;
  const stored = await storage.open(upload.id);
  if (!stored) return undefined;
  // A header that cannot be read leaves the size unknown; the upload itself is fine.
  const size = await readPixelSize(stored.stream, upload.contentType).catch(() => undefined);
  if (!size) return undefined;
  await database.db
    .update(uploads)
    .set({ pixelWidth: size.width, pixelHeight: size.height })
    .where(eq(uploads.id, upload.id));
  return size;
}
