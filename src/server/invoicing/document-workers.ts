import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type Mail from 'nodemailer/lib/mailer';
import type { InvoiceDocument } from './invoice-document';
import type { ReminderSnapshot } from '@/shared/receivables/reminders';
import { renderInvoicePdf } from './invoice-pdf';
import { renderReminderPdf, renderStatementPdf, type StatementDocument } from './receivables-pdf';

/**
 * Document rendering and email sending off the thread that answers requests: a pool of worker
 * threads (src/server/document-worker.ts), one per core by default (DOCUMENT_WORKERS), started at
 * first use. A PDF costs tens of milliseconds of pdfkit and font subsetting, which on the request
 * thread held every checkout behind it (the orders bench, docs/performance.md). The workers lower their own
 * scheduling priority, so under full load the answers to requests come first and the outbox uses
 * the time left.
 */

/** Where a worker sends mail: SMTP when smtpUrl is set, else .eml files under dataDir/outbox. */
export interface MailTarget {
  smtpUrl: string | undefined;
  dataDir: string;
}

/**
 * Any task for the pool: its kind names what the worker thread (src/server/document-worker.ts)
 * runs. The pool carries tasks it does not know (production's job ticket), so this layer names no
 * domain above it.
 */
export interface PooledTask {
  kind: string;
}

/** The tasks of this domain: its documents and the mail that carries them. */
export type DocumentTask =
  | { kind: 'render-pdf'; invoice: InvoiceDocument }
  | { kind: 'render-reminder'; reminder: ReminderSnapshot }
  | { kind: 'render-statement'; statement: StatementDocument }
  | { kind: 'send-mail'; target: MailTarget; message: Mail.Options; fileName: string };

export type DocumentTaskAnswer =
  { id: number; ok: true; pdf?: Uint8Array } | { id: number; ok: false; error: string };

interface Slot {
  worker: Worker;
  busy: number;
}

class DocumentWorkers {
  private slots: Slot[] = [];
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (answer: DocumentTaskAnswer) => void; reject: (error: Error) => void; slot: Slot }
  >();

  constructor(readonly size: number) {}

  run(task: PooledTask): Promise<DocumentTaskAnswer> {
    const slot = this.slot();
    const id = this.nextId++;
    slot.busy += 1;
    if (slot.busy === 1) slot.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, slot });
      slot.worker.postMessage({ id, task });
    });
  }

  /** The least busy worker; a new one while fewer than `size` run and all are busy. */
  private slot(): Slot {
    const idle = this.slots.reduce<Slot | undefined>(
      (best, s) => (!best || s.busy < best.busy ? s : best),
      undefined,
    );
    if (idle && (idle.busy === 0 || this.slots.length >= this.size)) return idle;
    const worker = workerEntry();
    const slot: Slot = { worker, busy: 0 };
    // An idle worker never keeps the process alive (tests, a shutdown); a busy one does.
    worker.unref();
    worker.on('message', (answer: DocumentTaskAnswer) => this.settle(answer.id, (p) => p.resolve(answer)));
    const fail = (error: Error) => {
      this.slots = this.slots.filter((s) => s !== slot);
      for (const [id, p] of this.pending) if (p.slot === slot) this.settle(id, (q) => q.reject(error));
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`document worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  private settle(
    id: number,
    how: (p: { resolve: (answer: DocumentTaskAnswer) => void; reject: (error: Error) => void }) => void,
  ): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    p.slot.busy -= 1;
    if (p.slot.busy === 0) p.slot.worker.unref();
    how(p);
  }
}

/**
 * The worker's module: the bundle's dist/server/document-worker.js next to main.js, or the source
 * (tests, benches, npm run dev), whose TypeScript tsx registers in the new thread before loading it.
 */
function workerEntry(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./document-worker.js', import.meta.url));
  const source = new URL('../document-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
    { eval: true },
  );
}

let pool: DocumentWorkers | undefined;

/** Sets the pool's size (DOCUMENT_WORKERS; 0 renders and sends on the calling thread). */
export function configureDocumentWorkers(size: number): void {
  if (pool?.size !== size) pool = new DocumentWorkers(size);
}

function workers(): DocumentWorkers {
  pool ??= new DocumentWorkers(availableParallelism());
  return pool;
}

async function run<Task extends PooledTask>(task: Task): Promise<Extract<DocumentTaskAnswer, { ok: true }>> {
  const answer = await workers().run(task);
  if (!answer.ok) throw new Error(answer.error);
  return answer;
}

/** A PDF rendered by a worker thread (the same bytes as on this thread: the renderers are deterministic). */
async function renderedOffThread<Task extends PooledTask & { kind: `render-${string}` }>(
  task: Task,
): Promise<Buffer> {
  const { pdf } = await run(task);
  if (!pdf) throw new Error('document worker answered no PDF');
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

/** renderInvoicePdf in a worker thread. */
export function renderPdf(invoice: InvoiceDocument): Promise<Buffer> {
  if (workers().size === 0) return renderInvoicePdf(invoice);
  return renderedOffThread({ kind: 'render-pdf', invoice });
}

/** renderReminderPdf in a worker thread: a reminder run renders one per overdue invoice. */
export function renderReminderPdfOffThread(reminder: ReminderSnapshot): Promise<Buffer> {
  if (workers().size === 0) return renderReminderPdf(reminder);
  return renderedOffThread({ kind: 'render-reminder', reminder });
}

/** renderStatementPdf in a worker thread. */
export function renderStatementPdfOffThread(statement: StatementDocument): Promise<Buffer> {
  if (workers().size === 0) return renderStatementPdf(statement);
  return renderedOffThread({ kind: 'render-statement', statement });
}

/**
 * A PDF task of another domain (production's job ticket) drawn in a worker thread; undefined when
 * the pool is off (DOCUMENT_WORKERS=0): the caller draws it.
 */
export function renderOffThread<Task extends PooledTask & { kind: `render-${string}` }>(
  task: Task,
): Promise<Buffer> | undefined {
  if (workers().size === 0) return undefined;
  return renderedOffThread(task);
}

/**
 * Sends one message from a worker thread: MIME building (nodemailer), the attachment's base64, the
 * SMTP conversation or the .eml file. Undefined when the pool is off (DOCUMENT_WORKERS=0): the
 * caller sends on its own thread.
 */
export function sendMailOffThread(
  target: MailTarget,
  message: Mail.Options,
  fileName: string,
): Promise<void> | undefined {
  if (workers().size === 0) return undefined;
  return run({ kind: 'send-mail', target, message, fileName }).then(() => undefined);
}
