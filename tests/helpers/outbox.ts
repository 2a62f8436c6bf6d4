import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestServer } from './server';
import { readEml } from './eml';

/** An email the outbox wrote: its file name, To header, raw text, decoded subject and text. */
export interface OutboxEmail {
  name: string;
  to: string;
  raw: string;
  subject: string;
  text: string;
}

/**
 * The emails the outbox wrote about an order, once the outbox has sent what it had queued.
 * The file names start with the order number (see email/transport.ts).
 */
export async function orderEmails(
  server: Pick<TestServer, 'app' | 'dataDir'>,
  orderNumber: string,
): Promise<OutboxEmail[]> {
  await server.app.emailOutbox.drain();
  const dir = join(server.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.startsWith(orderNumber))
    .map((name) => {
      const raw = readFileSync(join(dir, name), 'utf8');
      return { name, raw, to: /^To: (.*)$/m.exec(raw)?.[1] ?? '', ...readEml(raw) };
    });
}
