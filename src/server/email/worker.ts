import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import type { ForegroundActivity } from '@/server/http/foreground';
import { OutboxWorker } from './outbox-worker';
import { sendMailOffThread, type MailTarget } from '@/server/invoicing';
import { createTransport, type MailTransport } from './transport';

declare module 'fastify' {
  interface FastifyInstance {
    /** The email outbox worker; tests call `emailOutbox.drain()` to send what is due and wait. */
    emailOutbox: OutboxWorker;
  }
}

/** A gap this long between requests lets the next email go (a checkout's answer takes a few ms). */
const REQUEST_GAP_MS = 5;

/**
 * Runs the outbox worker while the app runs (started on ready, stopped on close). Before each email
 * it waits for a gap in the requests, at most EMAIL_YIELD_MS (http/foreground.ts).
 */
export function startEmailOutbox(
  app: FastifyInstance,
  context: AppContext,
  foreground: ForegroundActivity,
): OutboxWorker {
  const yieldMs = context.config.emailYieldMs;
  const transport = offThreadTransport({ smtpUrl: context.config.smtpUrl, dataDir: context.config.dataDir });
  const worker = new OutboxWorker(
    context.database,
    context.config,
    transport,
    app.log.child({ module: 'email' }),
    {
      leaseMs: context.config.emailLeaseSeconds * 1000,
      beforeEachEmail: () => foreground.gap(REQUEST_GAP_MS, yieldMs),
    },
  );
  app.decorate('emailOutbox', worker);
  app.addHook('onReady', () => worker.start());
  // preClose: stop before the database closes (its onClose hook), letting a running send finish.
  app.addHook('preClose', () => worker.stop());
  return worker;
}

/**
 * Sends from a document worker thread (MIME, base64 of the PDF, SMTP or the .eml file), so the
 * request thread only reads and marks the outbox rows; on this thread when DOCUMENT_WORKERS=0.
 */
function offThreadTransport(target: MailTarget): MailTransport {
  const here = createTransport(target);
  return {
    send: (message, fileName) => sendMailOffThread(target, message, fileName) ?? here.send(message, fileName),
    close: () => here.close(),
  };
}
