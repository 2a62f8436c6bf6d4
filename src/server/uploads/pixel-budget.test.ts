import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { frontPrint, testCustomer } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { uploads } from '@/server/db/uploads-schema';
import type { AdminOrderDetail } from '@/shared/admin';

/*
 * A decompression bomb: a small PNG whose header declares 20 000 × 20 000 pixels. Every browser
 * that shows it decodes 1,6 GB, the admin's first. The header is all the server needs to refuse it.
 */

const server = useAdminServer();

/** A real PNG of 8 × 8 pixels whose header then claims `width` × `height` (the data is never decoded). */
function pngClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(makePng(8));
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

/**
 * A JPEG whose frame (20 000 × 20 000 px) follows two junk bytes after its APP0 segment: libjpeg,
 * and so every browser, skips the junk ("extraneous bytes before marker") and decodes the frame;
 * a header reader that stops at the junk never sees the size.
 */
function jpegHidingItsSize(): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const frame = [0xff, 0xc0, 0x00, 0x11, 8, 0x4e, 0x20, 0x4e, 0x20, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, 0x00, 0x00, ...frame, 0xff, 0xd9]);
}

function send(
  path: '/api/uploads' | '/api/print-files',
  bytes: Buffer,
  language: 'sv' | 'en',
  name = 'logo.png',
) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  return request<{ id: string; error?: string; width?: number; height?: number }>(server, path, {
    method: 'POST',
    body,
    headers: { 'accept-language': language },
  });
}

async function storedUploads(): Promise<number> {
  return (await server.database.db.select({ id: uploads.id }).from(uploads)).length;
}

describe('images over the pixel budget (50 megapixels)', () => {
  it.each(['/api/uploads', '/api/print-files'] as const)(
    '%s refuses a 20 000 × 20 000 px PNG with 422 in the visitor’s language and keeps nothing',
    async (path) => {
      const before = await storedUploads();
      const swedish = await send(path, pngClaiming(20_000, 20_000), 'sv');
      expect(swedish.status).toBe(422);
      expect(swedish.body.error).toBe(
        'Bilden är för stor: 20\u00a0000 × 20\u00a0000 px. En bild får ha högst 50 megapixlar, vilket räcker till den största tryckytan i 300 dpi. Spara den i mindre storlek och försök igen.',
      );
      const english = await send(path, pngClaiming(20_000, 20_000), 'en');
      expect(english.status).toBe(422);
      expect(english.body.error).toContain('Images can have at most 50 megapixels');
      expect(await storedUploads()).toBe(before);
    },
  );

  it.each(['/api/uploads', '/api/print-files'] as const)(
    '%s refuses an image whose size its header hides (junk before a JPEG’s frame) with 422, keeping nothing',
    async (path) => {
      const before = await storedUploads();
      const swedish = await send(path, jpegHidingItsSize(), 'sv', 'photo.jpg');
      expect(swedish.status).toBe(422);
      expect(swedish.body.error).toBe(
        'Bildens storlek går inte att läsa ur filen. Spara bilden på nytt som PNG eller JPEG och försök igen.',
      );
      const english = await send(path, jpegHidingItsSize(), 'en', 'photo.jpg');
      expect(english.status).toBe(422);
      expect(english.body.error).toBe(
        "The image's size cannot be read from the file. Save the image again as PNG or JPEG and try again.",
      );
      expect(await storedUploads()).toBe(before);
    },
  );

  it('takes an image just inside the budget (7 000 × 7 000 px = 49 MP) and says its size', async () => {
    const accepted = await send('/api/uploads', pngClaiming(7_000, 7_000), 'en');
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ width: 7_000, height: 7_000 });
    const [row] = await server.database.db.select().from(uploads).where(eq(uploads.id, accepted.body.id));
    expect(row?.pixelWidth).toBe(7_000);
    expect(existsSync(join(server.dataDir, 'uploads', accepted.body.id.slice(0, 2), accepted.body.id))).toBe(
      true,
    );
  });

  it('the admin order detail gives each customiser image’s pixel size, so the page can leave large ones undecoded', async () => {
    const large = await send('/api/uploads', pngClaiming(7_000, 7_000), 'en');
    const small = await send('/api/uploads', pngClaiming(800, 600), 'en');
    const placed = await request<{ orderNumber: string }>(server, '/api/orders', {
      method: 'POST',
      json: {
        idempotencyKey: `pixel-budget-${Date.now()}`,
        customer: testCustomer,
        lines: [
          {
            productId: 'hoodie',
            quantity: 20,
            sizes: { M: 20 },
            customisation: {
              color: 'navy',
              prints: [
                { ...frontPrint, uploadId: large.body.id },
                { ...frontPrint, method: 'screen', side: 'back', uploadId: small.body.id },
              ],
            },
          },
        ],
      },
    });
    expect(placed.status).toBe(201);
    const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${placed.body.orderNumber}`, {
      headers: { cookie: server.cookie },
    });
    expect(detail.body.imageSizes).toEqual({
      [large.body.id]: { width: 7_000, height: 7_000 },
      [small.body.id]: { width: 800, height: 600 },
    });
  });
});
