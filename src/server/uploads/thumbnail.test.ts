import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { adminUploadThumbnailPath, ADMIN_THUMBNAIL_PX } from '@/shared/admin';

/*
 * The admin's order page shows customiser images through a thumbnail the server makes: a browser
 * decodes a whole image whatever box it is drawn in, and a print-sized image is 200 MB of pixels.
 */

const server = useAdminServer();

async function upload(bytes: Buffer, name: string, type: string) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const answer = await request<{ id: string; width?: number; height?: number }>(server, '/api/uploads', {
    method: 'POST',
    body,
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function thumbnail(id: string, cookie: string | undefined = server.cookie) {
  const response = await fetch(`${server.url}${adminUploadThumbnailPath(id)}`, {
    headers: cookie ? { cookie } : {},
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('admin thumbnails of customiser images', () => {
  it('a 49-megapixel PNG is shown as a WebP of at most 320 px a side, in its proportions', async () => {
    const big = await sharp({ create: { width: 8_400, height: 5_800, channels: 3, background: '#c0392b' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const stored = await upload(big, 'banner.png', 'image/png');
    expect([stored.width, stored.height]).toEqual([8_400, 5_800]);

    const answer = await thumbnail(stored.id);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('image/webp');
    const shown = await sharp(answer.bytes).metadata();
    expect(shown.format).toBe('webp');
    expect(shown.width).toBe(ADMIN_THUMBNAIL_PX);
    expect(shown.height).toBe(Math.round((ADMIN_THUMBNAIL_PX * 5_800) / 8_400));
    // What the admin's browser decodes: about 0,1 megapixels instead of 49.
    expect((shown.width ?? 0) * (shown.height ?? 0)).toBeLessThan(ADMIN_THUMBNAIL_PX ** 2 + 1);

    // Asked again (another admin, a reload): the same bytes.
    expect((await thumbnail(stored.id)).bytes.equals(answer.bytes)).toBe(true);
  });

  it('a small JPEG is never enlarged', async () => {
    const small = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2c3e50' } })
      .jpeg()
      .toBuffer();
    const stored = await upload(small, 'logo.jpg', 'image/jpeg');
    const shown = await sharp((await thumbnail(stored.id)).bytes).metadata();
    expect([shown.width, shown.height]).toEqual([120, 80]);
  });

  it('needs an admin session, and answers 404 for an unknown id or an SVG (drawn at the box size)', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const stored = await upload(png, 'dot.png', 'image/png');
    expect((await thumbnail(stored.id, '')).status).toBe(401);
    expect((await thumbnail('AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);

    const svg = await upload(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
      'logo.svg',
      'image/svg+xml',
    );
    expect((await thumbnail(svg.id)).status).toBe(404);
  });
});
