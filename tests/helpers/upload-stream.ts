import { request as httpRequest } from 'node:http';
import { makePng } from './png';

export interface StreamedUpload {
  /** Bytes of the file (a PNG header followed by filler). */
  size: number;
  path?: string;
  /** Connect from this local address (127.0.0.x): another client, as the server sees it. */
  localAddress?: string;
  headers?: Record<string, string>;
  /** Called once this many file bytes were sent; the rest is sent when the promise resolves. */
  pauseAfter?: { bytes: number; until: () => Promise<void> };
  /** Send no Content-Length (chunked), as a client that does not know the size. */
  chunked?: boolean;
}

const CHUNK = 64 * 1024;

/**
 * Uploads a file of `size` bytes as multipart, generated chunk by chunk (the test process never
 * holds it whole either). Answers the status and parsed body.
 */
export function streamUpload(
  server: { url: string },
  options: StreamedUpload,
): Promise<{ status: number; body: Record<string, unknown>; headers: Record<string, unknown> }> {
  const boundary = `----test${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const png = makePng(8);
  const url = new URL(options.path ?? '/api/uploads', server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(options.chunked ? {} : { 'content-length': String(head.length + options.size + tail.length) }),
          connection: 'close',
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: Record<string, unknown> = { text };
          try {
            body = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // not JSON
          }
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
        });
      },
    );
    // The server may answer (413, 429) before the body is complete and close the connection.
    req.on('error', reject);
    const send = async () => {
      req.write(head);
      let sent = 0;
      let paused = false;
      while (sent < options.size) {
        const length = Math.min(CHUNK, options.size - sent);
        const chunk = Buffer.alloc(length, 0x41);
        if (sent === 0) png.copy(chunk, 0, 0, Math.min(png.length, length));
        if (!req.write(chunk)) await new Promise((done) => req.once('drain', done));
        sent += length;
        if (options.pauseAfter && !paused && sent >= options.pauseAfter.bytes) {
          paused = true;
          await options.pauseAfter.until();
        }
        if (req.destroyed) return;
      }
      req.end(tail);
    };
    send().catch(reject);
  });
}
