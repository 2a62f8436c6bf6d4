import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { ADMIN_THUMBNAIL_PX } from '@/shared/admin';
import { MAX_IMAGE_PIXELS } from '@/shared/uploads';

// One image at a time on one libvips thread, and no libvips operation cache: a thumbnail is made
// once and then served from the small cache below, so memory stays that of one image being shrunk.
sharp.concurrency(1);
sharp.cache(false);

/** Raster types a thumbnail is made of (an SVG is drawn at the box's size by the browser anyway). */
const rasterTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export function canThumbnail(contentType: string): boolean {
  return rasterTypes.has(contentType);
}

/** Thumbnails by upload id, newest last (an upload's bytes never change, so neither does its thumbnail). */
const cache = new Map<string, Buffer>();
const CACHE_ENTRIES = 128;
let queue: Promise<unknown> = Promise.resolve();

/**
 * A WebP at most `px` (ADMIN_THUMBNAIL_PX unless given) on its longer side, made on the server from the stored image:
 * the admin's browser decodes that (at most 320 × 320 px, 400 KB of pixels) instead of an image of
 * up to 50 megapixels (200 MB) per print. libvips reads the stream sequentially and shrinks JPEGs
 * while decoding; `limitInputPixels` refuses anything above the upload pixel budget. Made one at a
 * time so an order with many large images never decodes several at once.
 */
export function thumbnailOf(
  id: string,
  open: () => Promise<Readable | undefined>,
  px: number = ADMIN_THUMBNAIL_PX,
): Promise<Buffer | undefined> {
  const key = `${id}:${px}`;
  const cached = cache.get(key);
  if (cached) return Promise.resolve(cached);
  const made = queue.then(async () => {
    const again = cache.get(key);
    if (again) return again;
    const stream = await open();
    if (!stream) return undefined;
    const shrink = sharp({ limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true, failOn: 'error' })
      .rotate()
      .resize(px, px, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 });
    stream.on('error', (error) => shrink.destroy(error));
    stream.pipe(shrink);
    const thumbnail = await shrink.toBuffer();
    cache.set(key, thumbnail);
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    return thumbnail;
  });
  // The queue goes on whether this one failed or not.
  queue = made.catch(() => undefined);
  return made;
}
