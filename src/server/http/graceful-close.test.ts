import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { makePng } from '@tests/helpers/png';
import { startServer } from '@tests/helpers/server';

/** The multipart body of one PNG upload. */
function uploadBody(boundary: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    makePng(8),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

it('an upload in flight when the server closes is answered, and its keep-alive connection does not hold the close', async () => {
  const server = await startServer();
  const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));

  // The close must begin while the request is in flight: wait until the server has read its
  // headers (on a loaded machine a fixed pause was sometimes too short, and the close found an
  // idle connection to end).
  const requestArrived = new Promise<void>((resolve) => server.app.server.once('request', () => resolve()));
  const boundary = 'shutdownBoundary';
  const body = uploadBody(boundary);
  socket.write(
    `POST /api/uploads HTTP/1.1\r\nHost: shop\r\nConnection: keep-alive\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, 40));
  await requestArrived;

  const closing = server.close().then(() => 'closed' as const);
  await new Promise((resolve) => setTimeout(resolve, 200));
  socket.write(body.subarray(40));

  // Without reaping, the close waits for the client or the keep-alive timeout (72 s).
  const outcome = await Promise.race([
    closing,
    new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 10_000)),
  ]);
  socket.destroy();
  await socketClosed;
  expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 201 Created');
  expect(outcome).toBe('closed');
}, 30_000);
