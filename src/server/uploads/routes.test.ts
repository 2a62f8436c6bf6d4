import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '@tests/helpers/png';
import {
  createPostgresDatabase,
  request,
  startServer,
  testDatabaseUrl,
  type TestServer,
} from '@tests/helpers/server';
import { uploads } from '@/server/db/uploads-schema';
import { MAX_UPLOAD_BYTES, uploadMessages } from '@/shared/uploads';
import { detectImage } from './detect';
import { findMissingUploads } from './service';

function form(bytes: Uint8Array, name = 'logo.png', type = 'image/png'): FormData {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return body;
}

function upload(server: TestServer, body: BodyInit | undefined, headers: Record<string, string> = {}) {
  return request<{ id: string; contentType: string; size: number; url: string; error?: string }>(
    server,
    '/api/uploads',
    {
      method: 'POST',
      headers,
      ...(body === undefined ? {} : { body }),
    },
  );
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
    });

    const response = await fetch(`${server.url}/api/uploads/${created.body.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
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
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...Buffer.from('JFIF'), 0, 1, 2, 3]);
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
    expect(text.body.error).toBe(uploadMessages.notImage);

    const html = await upload(
      server,
      form(Buffer.from('<html><script>alert(1)</script></html>'), 'x.gif', 'image/gif'),
    );
    expect(html.status).toBe(415);

    const svg = await upload(
      server,
      form(
        Buffer.from(
          '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        'logo.svg',
        'image/svg+xml',
      ),
    );
    expect(svg.status).toBe(415);
    expect(svg.body.error).toBe(uploadMessages.svg);

    const empty = await upload(server, form(Buffer.alloc(0)));
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(uploadMessages.empty);

    expect(storedFiles(server)).toHaveLength(before.files);
    expect(await countRows(server)).toBe(before.rows);
  });

  it('a file above 20 MB → 413 with a clear message, nothing stored', async () => {
    const before = storedFiles(server).length;
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    makePng(8).copy(big);
    const answer = await upload(server, form(big));
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe(uploadMessages.tooLarge);
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
    expect(nothing.body.error).toBe(uploadMessages.noFile);

    const fieldOnly = new FormData();
    fieldOnly.append('note', 'hello');
    const noFile = await upload(server, fieldOnly);
    expect(noFile.status).toBe(400);
    expect(noFile.body.error).toBe(uploadMessages.noFile);

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
    expect(json.body.error).toBe(uploadMessages.noFile);

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
