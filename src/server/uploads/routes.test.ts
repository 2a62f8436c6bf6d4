import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontPrintedLine, testCustomer } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import {
  createPostgresDatabase,
  request,
  startServer,
  testDatabaseUrl,
  type TestServer,
} from '@tests/helpers/server';
import { uploads } from '@/server/db/uploads-schema';
import { uploadMessages } from '@/shared/i18n/messages/uploads';
import { MAX_UPLOAD_BYTES, type UploadAnswer } from '@/shared/uploads';
import { detectImage } from './detect';
import { findMissingUploads } from './service';

function form(bytes: Uint8Array, name = 'logo.png', type = 'image/png'): FormData {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return body;
}

const messages = uploadMessages.en;

function upload(server: TestServer, body: BodyInit | undefined, headers: Record<string, string> = {}) {
  return request<UploadAnswer & { error?: string }>(server, '/api/uploads', {
    method: 'POST',
    headers,
    ...(body === undefined ? {} : { body }),
  });
}

/** Every file the upload storage holds (temporary files included). */
function storedFiles(server: TestServer): string[] {
  const root = join(server.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

async function countRows(server: TestServer): Promise<number> {
  const [row] = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads);
  return Number(row?.n ?? 0);
}

function uploadTests(start: () => Promise<TestServer>) {
  let server: TestServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.close());

  it('a PNG is stored and served back byte for byte with its type, nosniff and long caching', async () => {
    const png = makePng(48);
    const created = await upload(server, form(png));
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(created.body).toMatchObject({
      contentType: 'image/png',
      size: png.length,
      url: `/api/uploads/${created.body.id}`,
      kind: 'raster',
      width: 48,
      height: 48,
    });

    const response = await fetch(`${server.url}/api/uploads/${created.body.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="logo\.png"/);
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none';.*sandbox$/);
    expect(response.headers.get('cache-control')).toContain('max-age=31536000');
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await fetch(`${server.url}/api/uploads/${created.body.id}`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const head = await fetch(`${server.url}/api/uploads/${created.body.id}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    expect(storedFiles(server)).toContain(created.body.id);
  });

  it('two uploads of one image get two different unguessable ids', async () => {
    const png = makePng(16);
    const [a, b] = await Promise.all([upload(server, form(png)), upload(server, form(png))]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.id).not.toBe(b.body.id);
  });

  it('the type comes from the bytes, not the name or the declared type', async () => {
    // APP0 (JFIF), then the frame that says the size (16 × 16 px): an image whose size is unknown is refused.
    const jpeg = Buffer.from([
      ...[0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0],
      ...[0xff, 0xc0, 0, 0x11, 8, 0, 16, 0, 16, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9],
    ]);
    const created = await upload(server, form(jpeg, 'photo.png', 'image/png'));
    expect(created.status).toBe(201);
    expect(created.body.contentType).toBe('image/jpeg');
    const response = await fetch(`${server.url}${created.body.url}`);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
  });

  it('bad files are refused with a clear message and nothing is stored', async () => {
    const before = { files: storedFiles(server).length, rows: await countRows(server) };

    const text = await upload(
      server,
      form(Buffer.from('just some text, renamed to look like an image'), 'logo.png'),
    );
    expect(text.status).toBe(415);
    expect(text.body.error).toBe(messages.notImage);

    const html = await upload(
      server,
      form(Buffer.from('<html><script>alert(1)</script></html>'), 'x.gif', 'image/gif'),
    );
    expect(html.status).toBe(415);

    // PDF and PostScript: print files, which the customiser sends elsewhere; said plainly here.
    const pdf = await upload(server, form(Buffer.from('%PDF-1.7\n%%EOF\n'), 'logo.png'));
    expect(pdf.status).toBe(415);
    expect(pdf.body.error).toBe(messages.noPreviewHere);
    const swedish = await upload(server, form(Buffer.from('plain text')), { 'accept-language': 'sv-SE' });
    expect(swedish.body.error).toBe(uploadMessages.sv.notImage);

    const empty = await upload(server, form(Buffer.alloc(0)));
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(messages.empty);

    expect(storedFiles(server)).toHaveLength(before.files);
    expect(await countRows(server)).toBe(before.rows);
  });

  it('a file above 20 MB → 413 with a clear message, nothing stored', async () => {
    const before = storedFiles(server).length;
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    makePng(8).copy(big);
    const answer = await upload(server, form(big));
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe(messages.tooLarge);
    expect(answer.body.error).toContain('20 MB');
    expect(storedFiles(server)).toHaveLength(before);
    // Exactly at the limit is fine.
    const atLimit = Buffer.alloc(MAX_UPLOAD_BYTES);
    makePng(8).copy(atLimit);
    expect((await upload(server, form(atLimit))).status).toBe(201);
  });

  it('no file, empty body, JSON or two files → 4xx with a message', async () => {
    const nothing = await upload(server, undefined);
    expect(nothing.status).toBe(400);
    expect(nothing.body.error).toBe(messages.noFile);

    const fieldOnly = new FormData();
    fieldOnly.append('note', 'hello');
    const noFile = await upload(server, fieldOnly);
    expect(noFile.status).toBe(400);
    expect(noFile.body.error).toBe(messages.noFile);

    const emptyMultipart = await upload(server, '', { 'content-type': 'multipart/form-data; boundary=xyz' });
    expect(emptyMultipart.status).toBe(400);

    const broken = await upload(
      server,
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      {
        'content-type': 'multipart/form-data; boundary=xyz',
      },
    );
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);

    const json = await request<{ error: string }>(server, '/api/uploads', {
      method: 'POST',
      json: { file: 'x' },
    });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe(messages.noFile);

    const two = form(makePng(8));
    two.append('second', new Blob([new Uint8Array(makePng(8))], { type: 'image/png' }), 'b.png');
    const twoFiles = await upload(server, two);
    expect(twoFiles.status).toBe(201);
  });

  it('unknown or malformed ids → 404', async () => {
    expect((await request(server, '/api/uploads/AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await request(server, '/api/uploads/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await request(server, '/api/uploads/x')).body).toEqual({ error: 'Image not found' });
  });

  it('multipart parsing is scoped to uploads: other routes keep refusing multipart', async () => {
    const answer = await request(server, '/api/products', { method: 'POST', body: form(makePng(8)) });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });

  it('findMissingUploads names the ids that are not stored', async () => {
    const created = await upload(server, form(makePng(8)));
    const missing = await findMissingUploads(server.database, [
      created.body.id,
      'doesNotExist123',
      created.body.id,
      'bad id!',
    ]);
    expect(missing).toEqual(['doesNotExist123', 'bad id!']);
    expect(await findMissingUploads(server.database, [])).toEqual([]);
  });
}

const svgHead =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">';
const drawing = '<circle cx="50" cy="50" r="40" fill="#1d6fd8"/>';

/** Hostile SVGs a buyer could upload: each must come back harmless, or be refused. */
const hostile = {
  script: `${svgHead}<script>alert(document.cookie)</script>${drawing}</svg>`,
  onload: `${svgHead.replace('<svg ', '<svg onload="alert(1)" ')}<rect width="10" height="10" onclick="alert(2)"/>${drawing}</svg>`,
  externalHref: `${svgHead}<image href="https://evil.example/track.png" width="5" height="5"/><use xlink:href="https://evil.example/s.svg#a"/><rect fill="url(https://evil.example/p.svg#p)" width="5" height="5"/>${drawing}</svg>`,
  foreignObject: `${svgHead}<foreignObject width="100" height="100"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(1)"></iframe></body></foreignObject>${drawing}</svg>`,
  javascriptLink: `${svgHead}<a xlink:href="javascript:alert(1)">${drawing}</a><a href="&#106;avascript:alert(2)"><rect width="1" height="1"/></a></svg>`,
  animation: `${svgHead}<a href="#x"><set attributeName="href" to="javascript:alert(1)"/>${drawing}</a></svg>`,
  styleImport: `${svgHead}<style>@import url(https://evil.example/x.css); circle{fill:url(https://evil.example/i.png)}</style>${drawing}</svg>`,
};

function svgForm(text: string, name = 'logo.svg'): FormData {
  return form(Buffer.from(text), name, 'image/svg+xml');
}

function svgTests(start: () => Promise<TestServer>) {
  let server: TestServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.close());

  it('an SVG is accepted as a vector image and served cleaned: image/svg+xml, nosniff, a sandbox CSP, as an attachment', async () => {
    const created = await upload(
      server,
      svgForm(`<?xml version="1.0"?>\n${svgHead}${drawing}</svg>`, 'logo.svg'),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ contentType: 'image/svg+xml', kind: 'vector' });
    expect(created.body).not.toHaveProperty('width');

    const response = await fetch(`${server.url}${created.body.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // Opened on its own, it is downloaded, and even drawn it could run nothing and load nothing.
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="logo\.svg"/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^default-src 'none';/);
    expect(csp).toContain('sandbox');
    expect(csp).not.toMatch(/script-src|unsafe-eval/);
    const body = await response.text();
    expect(body).toContain('<circle cx="50" cy="50" r="40" fill="#1d6fd8"></circle>');
    expect(Buffer.byteLength(body)).toBe(created.body.size);
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
  });

  it.each(Object.entries(hostile))(
    'a hostile SVG (%s) is stored without anything that runs or loads',
    async (_name, svg) => {
      const created = await upload(server, svgForm(svg));
      expect(created.status).toBe(201);
      const stored = await (await fetch(`${server.url}${created.body.url}`)).text();
      expect(stored).not.toMatch(/script|alert|evil|foreignObject|iframe|onload|onclick|<set|@import/i);
      expect(stored).toContain('<circle');
    },
  );

  it('entity expansion, external entities and broken XML are refused with a clear message; nothing is stored', async () => {
    const before = { files: storedFiles(server).length, rows: await countRows(server) };
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
      '<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]>' +
      `${svgHead}<text>&lol2;</text></svg>`;
    const xxe = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${svgHead}<text>&xxe;</text></svg>`;
    for (const svg of [laughs, xxe]) {
      const refused = await upload(server, svgForm(svg));
      expect(refused.status).toBe(415);
      expect(refused.body.error).toBe(messages.svgEntities);
    }
    const wide = `<!DOCTYPE svg [<!ENTITY a "${'x'.repeat(200)}">]>${svgHead}<text>${'&a;'.repeat(8000)}</text></svg>`;
    expect((await upload(server, svgForm(wide))).body.error).toBe(messages.svgEntities);

    const broken = await upload(server, svgForm(`${svgHead}<g><rect></g></svg>`), {
      'accept-language': 'sv',
    });
    expect(broken.status).toBe(415);
    expect(broken.body.error).toBe(uploadMessages.sv.svgMalformed);
    expect(storedFiles(server)).toHaveLength(before.files);
    expect(await countRows(server)).toBe(before.rows);
  });

  it('an SVG used as the print file of its order line is vector: no conversion fee', async () => {
    const image = await upload(server, svgForm(`${svgHead}${drawing}</svg>`));
    const placed = await request<{ orderNumber: string; total: string }>(server, '/api/orders', {
      method: 'POST',
      json: {
        idempotencyKey: `svg-print-file-${Date.now()}-abcdef`,
        customer: testCustomer,
        lines: [frontPrintedLine({ productId: 'mossa', quantity: 25 }, image.body.id, 0.5)],
        printFiles: [image.body.id],
      },
    });
    expect(placed.status).toBe(201);
    // 25 beanies at 175 kr and nothing else.
    expect(placed.body.total).toBe('4375.00');
  });
}

describe('SVG in the customiser (PGlite)', () => {
  svgTests(() => startServer());
});

describe('uploads API (PGlite)', () => {
  uploadTests(() => startServer());
});

describe.skipIf(!testDatabaseUrl)('uploads API (PostgreSQL)', () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await drop?.();
  });
  uploadTests(async () => {
    const database = await createPostgresDatabase();
    drop = () => database.drop();
    return startServer({ databaseUrl: database.url });
  });
});

describe('detectImage', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes and recognises SVG', () => {
    expect(detectImage(makePng(4))).toEqual({ kind: 'image', contentType: 'image/png' });
    expect(detectImage(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toEqual({
      kind: 'image',
      contentType: 'image/jpeg',
    });
    expect(detectImage(Buffer.from('GIF89a\x01\x00'))).toEqual({ kind: 'image', contentType: 'image/gif' });
    expect(detectImage(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '))).toEqual({
      kind: 'image',
      contentType: 'image/webp',
    });
    expect(detectImage(Buffer.from('\ufeff  <svg viewBox="0 0 1 1"></svg>'))).toEqual({ kind: 'svg' });
    expect(detectImage(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt '))).toEqual({ kind: 'unknown' });
    expect(detectImage(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toEqual({ kind: 'unknown' });
    expect(detectImage(Buffer.alloc(0))).toEqual({ kind: 'unknown' });
  });
});
