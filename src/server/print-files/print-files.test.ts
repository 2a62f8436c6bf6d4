import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { frontPrintedLine, testCustomer } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { streamUpload } from '@tests/helpers/upload-stream';
import type { AdminOrderDetail } from '@/shared/admin';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { uploadMessages } from '@/shared/i18n/messages/uploads';
import type { OrderView } from '@/shared/order-view';
import { MAX_PRINT_FILE_BYTES, type PrintFileAnswer } from '@/shared/print-files';
import { detectPrintFile } from './detect';
import { readPixelSize } from '@/server/uploads';
import { minimalPdf } from '@tests/helpers/print-files';

/** Minimal files of each format: only their headers matter to the shop. */
export const samples = {
  pdf: minimalPdf,
  ai: Buffer.from(
    '%PDF-1.6\n%\xe2\xe3\xcf\xd3\n% Adobe Illustrator 27.0\n1 0 obj << >> endobj\n%%EOF\n',
    'latin1',
  ),
  eps: Buffer.from('%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\nshowpage\n'),
  svg: Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n',
  ),
  tiff: (() => {
    // Little-endian TIFF: header, then one directory of two entries (width 3000 LONG, height 2000 SHORT).
    const b = Buffer.alloc(8 + 2 + 2 * 12 + 4);
    b.write('II', 0, 'latin1');
    b.writeUInt16LE(42, 2);
    b.writeUInt32LE(8, 4);
    b.writeUInt16LE(2, 8);
    b.writeUInt16LE(256, 10);
    b.writeUInt16LE(4, 12);
    b.writeUInt32LE(1, 14);
    b.writeUInt32LE(3000, 18);
    b.writeUInt16LE(257, 22);
    b.writeUInt16LE(3, 24);
    b.writeUInt32LE(1, 26);
    b.writeUInt16LE(2000, 30);
    return b;
  })(),
  jpeg: (() => {
    // SOI, an APP1 segment, then a baseline frame of 1200 × 800.
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0x00, 0x10]), Buffer.alloc(14, 0x41)]);
    const sof = Buffer.from([
      0xff, 0xc0, 0x00, 0x11, 0x08, 0x03, 0x20, 0x04, 0xb0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    ]);
    return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof, Buffer.from([0xff, 0xd9])]);
  })(),
};

function form(bytes: Uint8Array, name: string, type = 'application/octet-stream'): FormData {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return body;
}

const server = useAdminServer();

const upload = (bytes: Uint8Array, name: string, type?: string, headers: Record<string, string> = {}) =>
  request<PrintFileAnswer & { error?: string }>(server, '/api/print-files', {
    method: 'POST',
    body: form(bytes, name, type),
    headers,
  });

let keyCounter = 0;
const newKey = () => `print-files-${Date.now()}-${++keyCounter}-abcdef`;

function order(body: Record<string, unknown>) {
  return request<{
    orderNumber: string;
    accessToken: string;
    total: string;
    error?: string;
    fieldErrors?: Record<string, string>;
  }>(server, '/api/orders', {
    method: 'POST',
    json: {
      idempotencyKey: newKey(),
      customer: testCustomer,
      lines: [
        { productId: 'hoodie', quantity: 120, sizes: { S: 20, M: 50, L: 50 }, options: { colour: 'navy' } },
      ],
      ...body,
    },
  });
}

describe('POST /api/print-files', () => {
  it('decides the kind by content: a PNG named .pdf is raster, with its pixel size', async () => {
    const created = await upload(makePng(64), 'logo.pdf', 'application/pdf');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'raster',
      // The name ends with the detected type's extension.
      name: 'logo.pdf.png',
      contentType: 'image/png',
      width: 64,
      height: 64,
    });
    expect(created.body.bytes).toBe(makePng(64).length);
    expect(created.body.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it.each([
    ['artwork.pdf', samples.pdf, 'vector', 'application/pdf'],
    ['artwork.ai', samples.ai, 'vector', 'application/pdf'],
    ['artwork.eps', samples.eps, 'vector', 'application/postscript'],
    ['artwork.svg', samples.svg, 'vector', 'image/svg+xml'],
    ['photo.tif', samples.tiff, 'raster', 'image/tiff'],
    ['photo.jpg', samples.jpeg, 'raster', 'image/jpeg'],
  ] as const)('%s is %s (%s)', async (name, bytes, kind, contentType) => {
    const created = await upload(bytes, name);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind, name, contentType });
    // An SVG is stored as the sanitiser writes it anew; every other type as it came.
    if (contentType !== 'image/svg+xml') expect(created.body.bytes).toBe(bytes.length);
  });

  it('reads the pixel size of TIFF and JPEG headers; an image with a size no image has is refused', async () => {
    const huge = makePng(8);
    huge.writeUInt32BE(0xfffffff0, 16);
    expect(await readPixelSize(Readable.from([huge]), 'image/png')).toBeUndefined();
    // A browser would still try to decode it: without a size the pixel budget cannot vouch for it.
    const refused = await upload(huge, 'huge.png');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe(uploadMessages.en.sizeUnreadable);
    expect(await readPixelSize(Readable.from([samples.tiff]), 'image/tiff')).toEqual({
      width: 3000,
      height: 2000,
    });
    expect(
      await readPixelSize(
        Readable.from([samples.jpeg.subarray(0, 7), samples.jpeg.subarray(7)]),
        'image/jpeg',
      ),
    ).toEqual({
      width: 1200,
      height: 800,
    });
  });

  it('refuses a file that is no print format by its content with 415, whatever its name says', async () => {
    for (const [name, bytes] of [
      ['notes.png', Buffer.from('just some text, not an image')],
      ['page.svg', Buffer.from('<html><body><svg></svg><script>alert(1)</script></body></html>')],
      ['anim.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    ] as const) {
      const refused = await upload(bytes, name);
      expect(refused.status, name).toBe(415);
      expect(refused.body.error).toBe(printFileMessages.en.notPrintFile);
    }
    const swedish = await upload(Buffer.from('text'), 'a.pdf', undefined, { 'accept-language': 'sv-SE' });
    expect(swedish.body.error).toBe(printFileMessages.sv.notPrintFile);
    expect(detectPrintFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))?.kind).toBe('vector');
  });

  it('refuses a file above 50 MB with 413 and keeps nothing of it', async () => {
    const refused = await streamUpload(server, { path: '/api/print-files', size: MAX_PRINT_FILE_BYTES + 1 });
    expect(refused.status).toBe(413);
    expect(refused.body.error).toBe(printFileMessages.en.tooLarge);
    const incoming = join(server.dataDir, 'uploads', '.incoming');
    expect(readdirSync(incoming)).toEqual([]);
  });

  it('answers 400 without a file', async () => {
    const refused = await request<{ error: string }>(server, '/api/print-files', {
      method: 'POST',
      body: new FormData(),
    });
    expect(refused.status).toBe(400);
  });
});

describe('print files on an order', () => {
  it('unknown, foreign or malformed print file ids are refused with 400 naming the field', async () => {
    const image = await request<{ id: string }>(server, '/api/uploads', {
      method: 'POST',
      body: form(makePng(16), 'x.png', 'image/png'),
    });
    for (const printFiles of [['AAAAAAAAAAAAAAAAAAAAAAAA'], [image.body.id], ['../../etc/passwd'], 'nope']) {
      const refused = await order({ printFiles });
      expect(refused.status, JSON.stringify(printFiles)).toBe(400);
      expect(Object.keys(refused.body.fieldErrors ?? {}).join(' ')).toMatch(/^printFiles/);
    }
  });

  it('each raster file adds one 100 kr conversion line priced by the server; vector files add nothing', async () => {
    const vector = await upload(samples.pdf, 'logo.pdf');
    const raster = await upload(makePng(600), 'photo.png');
    const placed = await order({
      printFiles: [vector.body.id, raster.body.id, raster.body.id],
      // A client's own prices and fee lines are never read.
      total: '1.00',
      fees: [{ name: 'Conversion of non-vector print file', amount: '0' }],
      lines: [
        {
          productId: 'hoodie',
          quantity: 120,
          sizes: { S: 20, M: 50, L: 50 },
          options: { colour: 'navy' },
          unitPrice: '1',
          lineTotal: '1',
        },
        { productId: 'conversion-fee', quantity: 1 },
      ].slice(0, 1),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    // 120 hoodies at 96 kr = 11 520,00 kr, plus one conversion of 100 kr.
    expect(placed.body.total).toBe('11620.00');
    const { orderNumber, accessToken } = placed.body;
    const view = await request<OrderView>(server, `/api/orders/${orderNumber}?token=${accessToken}`);
    const fees = view.body.lines.filter((l) => l.productId === 'conversion-fee');
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({
      quantity: 1,
      unitPrice: '100',
      lineTotal: '100.00',
      name: 'Conversion of non-vector print file',
    });
    expect(view.body.printFiles?.map((f) => [f.name, f.kind])).toEqual([
      ['logo.pdf', 'vector'],
      ['photo.png', 'raster'],
    ]);

    // The invoice (Swedish buyer: Swedish text) carries the line; the shop's notice lists the files.
    const invoice = await request<string>(server, `/api/orders/${orderNumber}/invoice?token=${accessToken}`);
    expect(invoice.body).toContain(printFileMessages.sv.conversionFee);
    await server.app.emailOutbox.drain();
    const mails = readdirSync(join(server.dataDir, 'outbox'))
      .map((name) => readFileSync(join(server.dataDir, 'outbox', name), 'utf8').replace(/=\r?\n/g, ''))
      .map((raw) =>
        raw.replace(/(?:=[0-9A-F]{2})+/g, (hex) =>
          Buffer.from(hex.replace(/=/g, ''), 'hex').toString('utf8'),
        ),
      )
      .filter((text) => text.includes(orderNumber));
    const notice = mails.find((text) => text.includes(`Ny beställning ${orderNumber}`));
    expect(notice).toContain('Tryckfiler med beställningen (2)');
    expect(notice).toMatch(/- tryckfil 2 \(PNG\): Raster, [\d,]+ kB, 600 × 600 px, 54 dpi vid 28 cm \(låg\)/);
    const buyerMail = mails.find((text) => text.includes('Orderbekr'));
    expect(buyerMail).toContain(
      `${printFileMessages.sv.received}:\n- tryckfil 1 (PDF): Vektor\n- tryckfil 2 (PNG): Raster`,
    );
    expect(buyerMail).toContain(`1 × ${printFileMessages.sv.conversionFee} – tryckfil 2 (PNG): 100,00 kr`);

    // The admin sees both files and downloads them as attachments, never inline.
    const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${orderNumber}`, {
      headers: { cookie: server.cookie },
    });
    expect(detail.body.printFiles.map((f) => f.kind)).toEqual(['vector', 'raster']);
    const rasterFile = detail.body.printFiles[1];
    expect(rasterFile).toMatchObject({ width: 600, height: 600 });
    // Not placed in the customiser: checked at the hoodie's full front print area (28 cm).
    expect(rasterFile?.quality).toEqual({ dpi: 54, widthCm: 28, blurry: true });
    for (const file of detail.body.printFiles) {
      const download = await fetch(`${server.url}/api/admin/orders/${orderNumber}/print-files/${file.id}`, {
        headers: { cookie: server.cookie },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
      expect(download.headers.get('content-security-policy')).toContain('sandbox');
      expect(Buffer.from(await download.arrayBuffer()).length).toBe(file.bytes);
    }
    const anonymous = await fetch(
      `${server.url}/api/admin/orders/${orderNumber}/print-files/${vector.body.id}`,
    );
    expect(anonymous.status).toBe(401);

    // A print file belongs to its buyer: another buyer's order cannot claim it; the same buyer's
    // next order (a reorder from the account) may, without a second conversion fee.
    const stranger = await order({
      printFiles: [vector.body.id],
      customer: { ...testCustomer, email: 'someone.else@example.se' },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.fieldErrors).toHaveProperty('printFiles.0');
  });

  it('the same buyer’s next order may claim an earlier order’s raster file again, without a second conversion fee', async () => {
    const raster = await upload(makePng(300), 'again.png');
    const first = await order({ printFiles: [raster.body.id] });
    expect(first.status).toBe(201);
    const again = await order({ printFiles: [raster.body.id] });
    expect(again.status).toBe(201);
    const fees = async (placed: typeof first) =>
      (
        await request<OrderView>(server, `/api/orders/${placed.body.orderNumber}`, {
          headers: { 'x-order-token': placed.body.accessToken },
        })
      ).body.lines.filter((line) => line.fee === 'conversion').length;
    expect(await fees(first)).toBe(1);
    expect(await fees(again)).toBe(0);
  });

  it('a customiser image chosen as the print file is raster and charged once', async () => {
    const image = await request<{ id: string }>(server, '/api/uploads', {
      method: 'POST',
      body: form(makePng(300), 'logo.png', 'image/png'),
    });
    const placed = await order({
      lines: [frontPrintedLine({ productId: 'hoodie', quantity: 50, sizes: { M: 50 } }, image.body.id, 0.6)],
      printFiles: [image.body.id],
    });
    expect(placed.status).toBe(201);
    const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${placed.body.orderNumber}`, {
      headers: { cookie: server.cookie },
    });
    expect(detail.body.items.filter((l) => l.productId === 'conversion-fee')).toHaveLength(1);
    // 300 px at 60 % on the hoodie front (28 cm × 1,6 × 0,6 = 26,9 cm): far too few pixels.
    expect(detail.body.printFiles[0]?.quality).toEqual({ dpi: 28, widthCm: 26.9, blurry: true });
  });
});
