import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '@tests/helpers/png';
import { startS3, type TestS3 } from '@tests/helpers/s3';
import { request, startServer, type TestServer } from '@tests/helpers/server';
import { streamUpload } from '@tests/helpers/upload-stream';
import { uploadStorageFor } from './receive';

/** UPLOAD_STORE=s3 against a real S3-compatible server (s3rver on 127.0.0.1): no upload touches DATA_DIR. */
describe('uploads in an S3-compatible bucket', () => {
  let s3: TestS3;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startS3();
    server = await startServer({ env: s3.env });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('an uploaded image is stored in the bucket and served back byte for byte; an unknown id is 404', async () => {
    const png = makePng(32, [10, 120, 200]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const uploaded = await request<{ id: string }>(server, '/api/uploads', { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);

    const served = await fetch(`${server.url}/api/uploads/${uploaded.body.id}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(`${server.url}/api/uploads/AAAAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    // Nothing on the shop's disk: the bytes live in the bucket.
    expect(readdirSync(server.dataDir)).not.toContain('uploads');
  });

  it('a 12 MB print file streams through a multipart upload and comes back whole; a refused one leaves no object', async () => {
    const size = 12 * 1024 * 1024;
    const answer = await streamUpload(server, { path: '/api/print-files', size });
    expect(answer.status).toBe(201);
    const id = String(answer.body.id);
    const stored = await uploadStorageFor(server).open(id);
    expect(stored?.size).toBe(size);
    const hash = createHash('sha256');
    for await (const chunk of stored?.stream ?? []) hash.update(chunk as Buffer);
    // streamUpload sends a PNG header and then 0x41 filler.
    const expected = createHash('sha256');
    const first = Buffer.alloc(64 * 1024, 0x41);
    const png = makePng(8);
    png.copy(first, 0, 0, png.length);
    expected.update(first);
    expected.update(Buffer.alloc(size - first.length, 0x41));
    expect(hash.digest('hex')).toBe(expected.digest('hex'));

    // Not a print file by content: refused, and nothing stays in the bucket (incoming/ is cleared).
    const refused = await request(server, '/api/print-files', {
      method: 'POST',
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob(['just text, not a print file']), 'notes.txt');
        return form;
      })(),
    });
    expect(refused.status).toBe(415);
    const incoming = join(s3.directory, 'shop-uploads', 'shop', 'incoming');
    const left = (() => {
      try {
        return readdirSync(incoming).filter((name) => !name.startsWith('.'));
      } catch {
        return [];
      }
    })();
    expect(left).toEqual([]);
  });

  it('removing an upload deletes its object', async () => {
    const png = makePng(16, [200, 10, 10]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'gone.png');
    const uploaded = await request<{ id: string }>(server, '/api/uploads', { method: 'POST', body: form });
    const storage = uploadStorageFor(server);
    expect(await storage.open(uploaded.body.id)).toBeDefined();
    await storage.remove(uploaded.body.id);
    expect(await storage.open(uploaded.body.id)).toBeUndefined();
  });
});
