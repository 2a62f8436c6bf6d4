import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { makePng } from '../helpers/png';
import { useServer } from '../helpers/use-server';

/**
 * Connections that stall, on a real socket: nothing sent, headers or a body trickling a byte at a
 * time, a request that takes too long as a whole, an idle keep-alive connection. The server runs
 * with small bounds (tenths of a second) so each test takes seconds; production's are in
 * .env.example. On a server without these bounds every one of these connections stays open.
 */
const server = useServer({
  env: {
    HTTP_IDLE_TIMEOUT_SECONDS: '0.6',
    HTTP_HEADERS_TIMEOUT_SECONDS: '1.5',
    HTTP_REQUEST_TIMEOUT_SECONDS: '4',
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '0.6',
    HTTP_MIN_BODY_BYTES_PER_SECOND: '1024',
  },
});

interface Stalled {
  socket: Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Milliseconds from connecting until the server closed the connection (rejects after `limitMs`). */
  closed: (limitMs: number) => Promise<number>;
}

function open(): Promise<Stalled> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let data = '';
    let closedAt: number | undefined;
    const waiters: (() => void)[] = [];
    const socket = connect(Number(url.port), url.hostname, () =>
      resolve({
        socket,
        received: () => data,
        closed: (limitMs) =>
          new Promise((done, fail) => {
            if (closedAt !== undefined) return done(closedAt - started);
            const timer = setTimeout(() => {
              socket.destroy();
              fail(new Error(`still open after ${limitMs} ms; received: ${data.slice(0, 200)}`));
            }, limitMs);
            waiters.push(() => {
              clearTimeout(timer);
              done((closedAt ?? Date.now()) - started);
            });
          }),
      }),
    );
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closedAt = Date.now();
      waiters.forEach((wake) => wake());
    });
    socket.once('error', reject);
  });
}

/** Writes `text` a piece at a time every `everyMs` until the socket closes; stop() ends it early. */
function trickle(socket: Socket, pieces: Iterable<string>, everyMs: number): { stop(): void } {
  const iterator = pieces[Symbol.iterator]();
  const timer = setInterval(() => {
    const next = iterator.next();
    if (next.done || socket.destroyed) return clearInterval(timer);
    socket.write(next.value);
  }, everyMs);
  return { stop: () => clearInterval(timer) };
}

function* repeat(piece: string): Generator<string> {
  for (;;) yield piece;
}

describe('connections that keep the server waiting are ended', () => {
  it('a connection that sends nothing is closed after the idle timeout', async () => {
    const stalled = await open();
    const after = await stalled.closed(5_000);
    expect(after).toBeGreaterThanOrEqual(500);
    expect(stalled.received()).toBe('');
  });

  it('headers sent a byte at a time (never idle) are answered 408 at the headers bound', async () => {
    const stalled = await open();
    stalled.socket.write('POST /api/orders HTTP/1.1\r\nHost: shop\r\nX-Slow: ');
    const writer = trickle(stalled.socket, repeat('a'), 100);
    const after = await stalled.closed(6_000);
    writer.stop();
    expect(after).toBeGreaterThanOrEqual(1_400);
    expect(stalled.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a body that trickles (Content-Length 200000, a byte at a time) is cut off', async () => {
    const stalled = await open();
    stalled.socket.write(
      'POST /api/orders HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n{',
    );
    const writer = trickle(stalled.socket, repeat(' '), 100);
    const after = await stalled.closed(6_000);
    writer.stop();
    // The floor is checked once the idle bound has passed: well before the whole-request bound.
    expect(after).toBeLessThan(3_500);
  });

  it('a whole request over its bound is answered 408 even when its body keeps coming fast enough', async () => {
    const stalled = await open();
    // A print file (up to 50 MB) declared at 10 MB: 4 KB every 200 ms is 20 KB/s, far above the
    // floor and never idle, but would take 8 minutes.
    const boundary = 'slowBoundary';
    stalled.socket.write(
      `POST /api/print-files HTTP/1.1\r\nHost: shop\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="print.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const writer = trickle(stalled.socket, repeat(' '.repeat(4096)), 200);
    const after = await stalled.closed(10_000);
    writer.stop();
    expect(after).toBeGreaterThanOrEqual(3_900);
    expect(stalled.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a slow upload that keeps coming within the bounds is received (201)', async () => {
    const png = makePng(64);
    const file = Buffer.concat([png, Buffer.alloc(60_000 - png.length, 0)]);
    const boundary = 'slowUploadBoundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const stalled = await open();
    stalled.socket.write(
      `POST /api/uploads HTTP/1.1\r\nHost: shop\r\nConnection: close\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // 6 KB every 200 ms (30 KB/s): two seconds for the whole file, each pause under the idle bound.
    const pieces = Array.from({ length: Math.ceil(body.length / 6000) }, (_, i) =>
      body.subarray(i * 6000, (i + 1) * 6000).toString('latin1'),
    );
    const writer = setInterval(() => {
      const piece = pieces.shift();
      if (piece === undefined) return clearInterval(writer);
      stalled.socket.write(Buffer.from(piece, 'latin1'));
    }, 200);
    await stalled.closed(10_000);
    clearInterval(writer);
    expect(stalled.received()).toMatch(/^HTTP\/1\.1 201/);
  });

  it('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const stalled = await open();
    stalled.socket.write('GET /api/products HTTP/1.1\r\nHost: shop\r\n\r\n');
    const after = await stalled.closed(5_000);
    expect(stalled.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(after).toBeGreaterThanOrEqual(500);
  });
});
