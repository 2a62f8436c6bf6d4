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
  return readOutbox(
    server,
    outboxNames(server).filter((name) => name.startsWith(orderNumber)),
  );
}

/** The emails the outbox has written so far whose file names start with `prefix`, oldest first. */
export function outboxEmailsNamed(server: Pick<TestServer, 'dataDir'>, prefix: string): OutboxEmail[] {
  return readOutbox(
    server,
    outboxNames(server)
      .filter((name) => name.startsWith(prefix))
      .sort(),
  );
}

/** The emails of one kind about an order (`INV-…-0000001-credit_note.eml`) written so far, oldest first. */
export function orderEmailsOfKind(
  server: Pick<TestServer, 'dataDir'>,
  orderNumber: string,
  kind: string,
): OutboxEmail[] {
  return outboxEmailsNamed(server, `${orderNumber}-`).filter((mail) => mail.name.endsWith(`-${kind}.eml`));
}

function outboxNames(server: Pick<TestServer, 'dataDir'>): string[] {
  return readdirSync(join(server.dataDir, 'outbox'));
}

function readOutbox(server: Pick<TestServer, 'dataDir'>, names: readonly string[]): OutboxEmail[] {
  return names.map((name) => {
    const raw = readFileSync(join(server.dataDir, 'outbox', name), 'utf8');
    return { name, raw, to: /^To: (.*)$/m.exec(raw)?.[1] ?? '', ...readEml(raw) };
  });
}
