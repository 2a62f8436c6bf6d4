import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** The next `n` messages are refused: a temporary error (451) unless another code is given. */
  failNext(n: number, code?: number): void;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives; `port` 0 (default) picks a free one. */
export async function startSmtp(options: { delayMs?: number; port?: number } = {}): Promise<TestSmtp> {
  const port = options.port ?? 0;
  const received: ReceivedMail[] = [];
  let failures = 0;
  let failureCode = 451;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => void finish());
      const finish = async () => {
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        if (failures > 0) {
          failures--;
          const error = Object.assign(
            new Error(failureCode >= 500 ? 'Mailbox unavailable' : 'Try again later'),
            {
              responseCode: failureCode,
            },
          );
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      };
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  // A client that dies mid-conversation (a shop process killed by a test) resets its connection;
  // that is expected here, not a test failure.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    failNext(n, code = 451) {
      failures = n;
      failureCode = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * How many messages each order got, by kind: a message to `shopEmail` is the shop notice, any other
 * the buyer confirmation. Keyed by the order number the message names.
 */
export function countMailsByOrder(
  received: readonly ReceivedMail[],
  shopEmail: string,
): Map<string, { buyer: number; shop: number }> {
  const counts = new Map<string, { buyer: number; shop: number }>();
  for (const mail of received) {
    const number = /INV-\d+/.exec(mail.raw)?.[0];
    if (!number) continue;
    const entry = counts.get(number) ?? { buyer: 0, shop: 0 };
    if (mail.to.includes(shopEmail)) entry.shop++;
    else entry.buyer++;
    counts.set(number, entry);
  }
  return counts;
}
