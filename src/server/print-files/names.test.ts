import { describe, expect, it } from 'vitest';
import { testCustomer } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import type { AdminOrderDetail } from '@/shared/admin';
import type { PrintFileAnswer } from '@/shared/print-files';
import { minimalPdf } from '@tests/helpers/print-files';

/**
 * A print file is named and served by what it is: the HTML page renamed logo.hta (and
 * disguised with a right-to-left override as "logoath.pdf"), an SVG with script in it.
 */

const samples = {
  pdf: minimalPdf,
  ai: Buffer.from('%PDF-1.6\n% Adobe Illustrator 27.0\n1 0 obj << >> endobj\n%%EOF\n'),
  svg: Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n',
  ),
  // APP0 (JFIF) and the frame that says the size (16 × 16 px): an image whose size is unknown is refused.
  jpeg: Buffer.from([
    ...[0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0],
    ...[0xff, 0xc0, 0, 0x11, 8, 0, 16, 0, 16, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9],
  ]),
};

const server = useAdminServer();

const upload = (bytes: Uint8Array, name: string) => {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  return request<PrintFileAnswer & { error?: string }>(server, '/api/print-files', { method: 'POST', body });
};

let keyCounter = 0;
const order = (printFiles: string[]) =>
  request<{ orderNumber: string }>(server, '/api/orders', {
    method: 'POST',
    json: {
      idempotencyKey: `print-file-names-${Date.now()}-${++keyCounter}-abcdef`,
      customer: testCustomer,
      lines: [{ productId: 'hoodie', quantity: 50, sizes: { M: 50 }, options: { colour: 'navy' } }],
      printFiles,
    },
  });

describe('print file names and contents', () => {
  it('names a file by its content: the stored and downloaded name ends with the detected type, without bidi or invisible characters', async () => {
    const cases = [
      // An HTML application renamed, and the right-to-left override that showed logo.hta as "logoath.pdf".
      ['logo.hta', samples.pdf, 'logo.hta.pdf', 'application/pdf'],
      ['logo\u202Efdp.hta', samples.pdf, 'logofdp.hta.pdf', 'application/pdf'],
      ['lo\u200Bgo\u2066.pdf\u2069.exe', samples.pdf, 'logo.pdf.exe.pdf', 'application/pdf'],
      ['page.html', makePng(8), 'page.html.png', 'image/png'],
      // Windows drops trailing dots and spaces: `x.pdf. ` would open as x.pdf.
      ['artwork.PDF. ', samples.pdf, 'artwork.PDF', 'application/pdf'],
      ['drawing.ai', samples.ai, 'drawing.ai', 'application/pdf'],
      ['vector.svg.html', samples.svg, 'vector.svg.html.svg', 'image/svg+xml'],
      ['C:\\fakepath\\photo.jpeg', samples.jpeg, 'photo.jpeg', 'image/jpeg'],
    ] as const;
    const uploaded = [];
    for (const [name, bytes, shown, contentType] of cases) {
      const created = await upload(bytes, name);
      expect(created.status, name).toBe(201);
      expect(created.body, name).toMatchObject({ name: shown, contentType });
      uploaded.push(created.body);
    }
    const placed = await order(uploaded.map((f) => f.id));
    expect(placed.status).toBe(201);
    const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${placed.body.orderNumber}`, {
      headers: { cookie: server.cookie },
    });
    expect(detail.body.printFiles.map((f) => f.name)).toEqual(cases.map((c) => c[2]));
    for (const [i, file] of detail.body.printFiles.entries()) {
      const download = await fetch(
        `${server.url}/api/admin/orders/${placed.body.orderNumber}/print-files/${file.id}`,
        { headers: { cookie: server.cookie } },
      );
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toContain(cases[i]?.[3]);
      const disposition = download.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/);
      const utf8Name = decodeURIComponent(disposition.split("filename*=UTF-8''")[1] ?? '');
      expect(utf8Name).toBe(cases[i]?.[2]);
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
      await download.arrayBuffer();
    }
  });

  it('stores an SVG print file cleaned like a customiser SVG, and downloads it only as an attachment', async () => {
    const hostile = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" onload="alert(1)">' +
        '<script>fetch("/api/admin/logout-all",{method:"POST"})</script>' +
        '<a xlink:href="javascript:alert(2)"><rect width="10" height="10" fill="red"/></a>' +
        '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject>' +
        '<image href="https://evil.example/track.png" width="1" height="1"/></svg>',
    );
    const created = await upload(hostile, 'logo.svg');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'vector', contentType: 'image/svg+xml' });
    const placed = await order([created.body.id]);
    expect(placed.status).toBe(201);
    const download = await fetch(
      `${server.url}/api/admin/orders/${placed.body.orderNumber}/print-files/${created.body.id}`,
      { headers: { cookie: server.cookie } },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('image/svg+xml');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    const stored = await download.text();
    // The drawing stays; nothing that runs or loads does.
    expect(stored).toContain('<rect');
    for (const gone of ['<script', 'onload', 'javascript:', 'foreignObject', 'iframe', 'evil.example']) {
      expect(stored, gone).not.toContain(gone);
    }
    // A file the sanitiser cannot read is refused, in the visitor's language.
    const broken = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'), 'x.svg');
    expect(broken.status).toBe(415);
    expect(broken.body.error).toMatch(/SVG/);
  });
});
