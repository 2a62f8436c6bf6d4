/**
 * A document worker thread (src/server/invoicing/document-workers.ts): renders invoice PDFs and
 * sends emails so the thread that answers requests never does either.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import {
  renderInvoicePdf,
  renderReminderPdf,
  renderStatementPdf,
  type DocumentTask,
  type DocumentTaskAnswer,
} from '@/server/invoicing';
import { createTransport, type MailTransport } from '@/server/email';
import {
  renderJobTicket,
  renderPackingList,
  type JobTicketTask,
  type PackingListTask,
} from '@/server/production';
import { setCatalogue } from '@/shared/catalogue';

if (!parentPort) throw new Error('document-worker.ts runs as a worker thread');
const port = parentPort;

// Linux keeps a nice value per thread, and setpriority(0) changes only the calling thread: under
// full load the main thread's requests come first and documents use the time left (nice 10: about
// a tenth of a core against a busy main thread, all of an idle one). Lowering needs no privilege.
try {
  setPriority(10);
} catch {
  // Not permitted or not supported: the worker runs at the process's priority.
}

const transports = new Map<string, MailTransport>();
function transportFor(target: { smtpUrl: string | undefined; dataDir: string }): MailTransport {
  const key = JSON.stringify(target);
  let transport = transports.get(key);
  if (!transport) {
    transport = createTransport(target);
    transports.set(key, transport);
  }
  return transport;
}

/** A structured clone turns Buffers into Uint8Arrays: nodemailer wants Buffers back. */
function withBuffers(message: DocumentTask & { kind: 'send-mail' }): DocumentTask & { kind: 'send-mail' } {
  const attachments = message.message.attachments?.map((a) => {
    const content: unknown = a.content;
    return content instanceof Uint8Array && !Buffer.isBuffer(content)
      ? { ...a, content: Buffer.from(content.buffer, content.byteOffset, content.byteLength) }
      : a;
  });
  return attachments ? { ...message, message: { ...message.message, attachments } } : message;
}

port.on('message', ({ id, task }: { id: number; task: DocumentTask | JobTicketTask | PackingListTask }) => {
  const answer = async (): Promise<DocumentTaskAnswer> => {
    if (task.kind === 'render-pdf') return { id, ok: true, pdf: await renderInvoicePdf(task.invoice) };
    if (task.kind === 'render-reminder') return { id, ok: true, pdf: await renderReminderPdf(task.reminder) };
    if (task.kind === 'render-statement')
      return { id, ok: true, pdf: await renderStatementPdf(task.statement) };
    if (task.kind === 'render-job-ticket') {
      // The main thread's catalogue as it stood for this ticket (the ticket reads it for older lines).
      setCatalogue(task.products);
      return { id, ok: true, pdf: await renderJobTicket(task.ticket) };
    }
    if (task.kind === 'render-packing-list')
      return { id, ok: true, pdf: await renderPackingList(task.packingList) };
    const { target, message, fileName } = withBuffers(task);
    await transportFor(target).send(message, fileName);
    return { id, ok: true };
  };
  answer().then(
    // Copied, not transferred: a small Buffer's memory is Node's shared pool.
    (result) => port.postMessage(result),
    (error: unknown) =>
      port.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
