import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { addDays, stockholmDate } from '@/shared/dates';
import { importSteps } from '@/server/receivables/import';
import { bgmaxBytes } from '@tests/helpers/bank-files';
import { useAdminServer } from '@tests/helpers/use-server';

const server = useAdminServer();
/** A server whose silent connections close after half a second (HTTP_IDLE_TIMEOUT_SECONDS). */
const impatient = useAdminServer({ env: { HTTP_IDLE_TIMEOUT_SECONDS: '0.5' } });

/**
 * POSTs `file` as the one multipart field over a plain socket, writing it in 16 KB pieces as a
 * browser does, and answers the status and body the server sends (or the socket error).
 */
function postOverSocket(
  url: string,
  cookie: string,
  file: Buffer,
  name: string,
): Promise<{ status: number; body: string }> {
  const boundary = '----bankfiletest7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/xml\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, file, tail]);
  const target = new URL('/api/admin/bank-files', url);
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      target,
      {
        method: 'POST',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', (error) => resolve({ status: 0, body: `response failed: ${error.message}` }));
      },
    );
    outgoing.on('error', (error) => resolve({ status: 0, body: `socket failed: ${error.message}` }));
    let offset = 0;
    const writeMore = (): void => {
      while (offset < body.length) {
        const piece = body.subarray(offset, offset + 16 * 1024);
        offset += piece.length;
        if (!outgoing.write(piece)) {
          outgoing.once('drain', writeMore);
          return;
        }
      }
      outgoing.end();
    };
    writeMore();
  });
}

const doctypeFile = (bytes: number): Buffer =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE Document [<!ENTITY a "a">]>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">\n` +
      `<!-- ${'x'.repeat(bytes)} -->\n</Document>\n`,
  );

const deepFile = (depth: number): Buffer =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>` +
      '<a>'.repeat(depth) +
      '</a>'.repeat(depth) +
      '</BkToCstmrDbtCdtNtfctn></Document>\n',
  );

/**
 * Found in the attack review: a refused file over about 64 KB got no answer, and the connection
 * was reset after 30 s. Each answer must come well before the server's 30 s timeouts.
 */
describe('a refused bank file larger than the socket buffers', () => {
  it('gets its 400 with the reason over a real socket (DOCTYPE, 1 MB)', async () => {
    const answer = await postOverSocket(
      server.url,
      `${server.cookie}; lang=en`,
      doctypeFile(1024 * 1024),
      'camt.xml',
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('must not have a DOCTYPE');
  });

  it('gets its 400 with the reason over a real socket (deep nesting, 200 KB)', async () => {
    const answer = await postOverSocket(
      server.url,
      `${server.cookie}; lang=sv`,
      deepFile(30_000),
      'camt.xml',
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('för djupt nästlad');
    // The connection stays usable: the next upload on the same server is answered as well.
    const again = await postOverSocket(
      server.url,
      `${server.cookie}; lang=en`,
      doctypeFile(100_000),
      'x.xml',
    );
    expect(again).toMatchObject({ status: 400 });
  });
});

describe('a bank file that takes longer to record than a silent connection may last', () => {
  it('still gets its 201: the idle timeout does not cut the upload off while it is recorded', async () => {
    const yesterday = addDays(stockholmDate(new Date()), -1);
    const file = bgmaxBytes({
      deposits: [
        {
          paymentDay: yesterday,
          payments: Array.from({ length: 600 }, (_, i) => ({ amount: '100.00', serialNumber: 500_000 + i })),
        },
      ],
    });
    // Recording holds the connection silent for 1.5 s, three times the idle timeout.
    const slowRecording = (message: unknown): void => {
      if ((message as { kind?: string }).kind !== 'recorded') return;
      const until = Date.now() + 1_500;
      while (Date.now() < until); // Blocks on purpose: no I/O on the connection meanwhile.
    };
    importSteps.subscribe(slowRecording);
    try {
      const answer = await postOverSocket(impatient.url, impatient.cookie, file, 'bgmax.txt');
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.body)).toMatchObject({ format: 'bgmax', payments: 600 });
    } finally {
      importSteps.unsubscribe(slowRecording);
    }
  });
});
