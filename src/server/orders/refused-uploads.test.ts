import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { frontPrint, testCustomer } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';
import { uploads } from '@/server/db/uploads-schema';

/*
 * A refused order must not claim its uploads: claimed uploads are kept for ever and leave the
 * unattached-bytes cap, so a stranger could otherwise pin any number of files by sending orders
 * that are refused (a reused idempotency key with another body: 409; an unknown print file: 400).
 */

const server = useServer();

function form(bytes: Uint8Array, name: string): FormData {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  return body;
}

async function customiserImage(): Promise<string> {
  const answer = await request<{ id: string }>(server, '/api/uploads', {
    method: 'POST',
    body: form(makePng(32), 'logo.png'),
  });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

async function printFile(): Promise<string> {
  const answer = await request<{ id: string }>(server, '/api/print-files', {
    method: 'POST',
    body: form(makePng(48), 'print.png'),
  });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

/** Which of the uploads an order has claimed (attached_at set). */
async function claimed(ids: string[]): Promise<string[]> {
  const rows = await server.database.db
    .select({ id: uploads.id, attachedAt: uploads.attachedAt })
    .from(uploads)
    .where(inArray(uploads.id, ids));
  expect(rows).toHaveLength(ids.length);
  return rows.filter((row) => row.attachedAt !== null).map((row) => row.id);
}

function orderBody(idempotencyKey: string, image: string | undefined, printFiles: string[]) {
  return {
    idempotencyKey,
    customer: testCustomer,
    lines: [
      {
        productId: 'hoodie',
        quantity: 20,
        sizes: { M: 20 },
        ...(image === undefined
          ? { options: { colour: 'navy' } }
          : { customisation: { color: 'navy', prints: [{ ...frontPrint, uploadId: image }] } }),
      },
    ],
    printFiles,
  };
}

let keys = 0;
const newKey = () => `refused-uploads-${Date.now()}-${++keys}`;

describe('a refused order claims none of its uploads', () => {
  it('409 (the key was used with another body): the image and print file stay unclaimed', async () => {
    const key = newKey();
    const first = await request(server, '/api/orders', {
      method: 'POST',
      json: orderBody(key, undefined, []),
    });
    expect(first.status).toBe(201);

    const image = await customiserImage();
    const file = await printFile();
    const reused = await request(server, '/api/orders', {
      method: 'POST',
      json: orderBody(key, image, [file]),
    });
    expect(reused.status).toBe(409);
    expect(await claimed([image, file])).toEqual([]);
  });

  it('400 (one print file is unknown): the good file and the image stay unclaimed', async () => {
    const image = await customiserImage();
    const file = await printFile();
    const refused = await request(server, '/api/orders', {
      method: 'POST',
      json: orderBody(newKey(), image, [file, 'AAAAAAAAAAAAAAAAAAAAAAAA']),
    });
    expect(refused.status).toBe(400);
    expect(await claimed([image, file])).toEqual([]);
  });

  it('a stored order claims both; sending it again (same key, same body) answers 200 and changes nothing', async () => {
    const image = await customiserImage();
    const file = await printFile();
    const body = orderBody(newKey(), image, [file]);
    const placed = await request(server, '/api/orders', { method: 'POST', json: body });
    expect(placed.status).toBe(201);
    expect((await claimed([image, file])).sort()).toEqual([image, file].sort());
    const replay = await request(server, '/api/orders', { method: 'POST', json: body });
    expect(replay.status).toBe(200);
    expect((await claimed([image, file])).sort()).toEqual([image, file].sort());
  });
});
