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
  // The answer's status line and headers, or the connection's end without them: whichever comes
  // first, however long a loaded machine takes (no clock decides this test's outcome).
  const answeredOrClosed = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.includes('\r\n\r\n')) resolve();
    });
    socket.once('close', () => resolve());
  });
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
  // The close has begun (preClose ran) before the rest of the body arrives.
  await new Promise((resolve) => setImmediate(resolve));
  socket.write(body.subarray(40));
  await answeredOrClosed;
  expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 201 Created');

  // The client keeps its connection open: without reaping, the close would wait for the
  // keep-alive timeout (72 s); reaped, it ends within moments of the answer. 40 s tells the two
  // apart on the slowest machine without being what the test waits for when all is well.
  const outcome = await Promise.race([
    closing,
    new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 40_000).unref()),
  ]);
  socket.destroy();
  await socketClosed;
  expect(outcome).toBe('closed');
});
