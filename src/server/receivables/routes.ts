import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stockholmDate } from '@/shared/dates';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { describeBankFileProblem } from '@/shared/i18n/messages/bank-files';
import { moneyViewMessages } from '@/shared/i18n/messages/money-view';
import type { AppContext } from '@/server/context';
import type { Db } from '@/server/db/client';
import { apiErrorSchema } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { recordAudit, staffOf } from '@/server/staff';
import { cleanFileName, enableUploads } from '@/server/uploads';
import { shopAccountsOf } from './accounts';
import { bankFileImportView } from './admin-view';
import { BankFileError } from './bank-file';
import {
  assignBody,
  bankFileBody,
  bankFileImportSchema,
  bankPaymentParams,
  bankPaymentQueueSchema,
  notOursBody,
  queuedBankPaymentSchema,
  queueQuery,
  receivablesQuery,
  receivablesSchema,
} from './contract';
import { beatImports, importBankFile, recoverBankFileImports, yieldToRequests } from './import';
import { receivables } from './open-invoices';
import {
  assignBankPayment,
  bankPaymentById,
  bankPaymentQueue,
  markNotOurs,
  type QueueDecision,
} from './queue';
import { refusals } from '@/server/http/route-scope';

/**
 * The largest bank file taken: a BgMax file of 100 000 payments with a name and an address each is
 * about 40 MB (5 records of 80 characters and CRLF per payment).
 */
export const MAX_BANK_FILE_BYTES = 64 * 1024 * 1024;

/**
 * An import whose heartbeat is this old belongs to a process that stopped (every instance beats
 * for its imports every BEAT_MS); each instance looks for such imports every SWEEP_MS.
 */
const LEASE_SECONDS = 120;
const BEAT_MS = 20_000;
const SWEEP_MS = 60_000;

/**
 * The file's bytes as they arrive; a file over the limit throws the multipart plugin's 413 error.
 * A reader that stops early (a refused file) leaves the stream open, not destroyed: `drain` then
 * reads the rest of the request, so the refusal reaches a client still sending (a destroyed part
 * stalls the multipart parser, and the client only saw its connection reset after 30 s).
 */
async function* chunksOf(file: Readable & { truncated?: boolean }): AsyncGenerator<Uint8Array> {
  for await (const chunk of file.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) yield chunk;
  if (file.truncated)
    throw Object.assign(new Error('bank file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/** Reads what is left of a refused file, so the reply reaches a client still sending it. */
async function drain(file: Readable): Promise<void> {
  if (file.readableEnded || file.destroyed) return;
  file.resume();
  await new Promise<void>((resolve) => {
    file.once('end', resolve);
    file.once('close', resolve);
    file.once('error', () => resolve());
  });
}

function queueRefusal(
  reply: FastifyReply,
  locale: Locale,
  result: Extract<QueueDecision, { ok: false }>,
): FastifyReply {
  const t = translate(moneyViewMessages, locale);
  switch (result.reason) {
    case 'not-found':
      return sendError(reply, 404, t.paymentNotFound);
    case 'decided':
      return sendError(reply, 409, t.alreadyDecided);
    case 'invoice-not-found':
      return reply.code(422).send({ error: t.invoiceNotFound, fieldErrors: { invoice: t.invoiceNotFound } });
    case 'not-assignable':
      return sendError(reply, 409, t.notAssignable);
  }
}

/** What the receivables routes share: the database, the shop's accounts and this process's imports. */
interface ReceivablesDeps {
  context: AppContext;
  db: Db;
  accounts: ReturnType<typeof shopAccountsOf>;
  /** Bank files this process is importing. */
  active: Set<number>;
  onQueued?: () => void;
}

/**
 * Imports a stopped process left are finished here: at start, and every SWEEP_MS; every BEAT_MS
 * this process beats for its own imports. A closing server stops between two steps.
 */
function startImportRecovery(admin: FastifyInstance, deps: ReceivablesDeps): void {
  const { context, db, active } = deps;
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> = Promise.resolve();
  const sweep = (staleAfterSeconds: number): void => {
    sweeping = sweeping
      .then(() =>
        recoverBankFileImports(db, {
          staleAfterSeconds,
          active,
          // A closing server stops between two steps; the next start finishes the import.
          between: async () => {
            if (closing) throw new Error('closing: the bank file import resumes at the next start');
            await yieldToRequests();
          },
        }),
      )
      .then(
        (done) => {
          if (done.rolledBack.length > 0 || done.resumed.length > 0)
            admin.log.warn(done, 'bank file imports a stopped process left: rolled back or finished');
          if (done.resumed.length > 0) deps.onQueued?.();
        },
        (error: unknown) => {
          if (!closing) admin.log.warn({ err: error }, 'bank file import recovery failed; trying again');
        },
      );
  };
  admin.addHook('onReady', () => {
    // PGlite: only this process opens the database, so an import unfinished at start was left by
    // one that stopped. PostgreSQL: another instance may be importing; its heartbeat tells.
    sweep(context.database.kind === 'pglite' ? 0 : LEASE_SECONDS);
    let sinceSweep = 0;
    timer = setInterval(() => {
      beatImports(db, active).catch((error: unknown) =>
        admin.log.warn({ err: error }, 'bank file import heartbeat failed'),
      );
      sinceSweep += BEAT_MS;
      if (sinceSweep >= SWEEP_MS) {
        sinceSweep = 0;
        sweep(LEASE_SECONDS);
      }
    }, BEAT_MS);
    timer.unref();
  });
  admin.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await sweeping;
  });
}

/**
 * POST /api/admin/bank-files (multipart, one file field: BgMax or camt.054) → 201
 * `{ format, payments, matched, unmatched, duplicates }`; 400 for a file that is not one or does
 * not add up, 422 for a file for an account that is not the shop's (nothing of either kept), 413
 * above MAX_BANK_FILE_BYTES. The file is read as it arrives (a stream, never buffered whole), so
 * its body is declared for the document and checked here. Imported in bounded steps (./import.ts).
 */
function registerBankFileUpload(admin: FastifyInstance, deps: ReceivablesDeps): void {
  const { context, db, accounts, active } = deps;
  admin.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/bank-files',
    {
      schema: {
        summary: 'Import a bank file (BgMax or camt.054): its payments are matched to open invoices',
        consumes: ['multipart/form-data'],
        body: bankFileBody,
        response: {
          201: bankFileImportSchema,
          422: apiErrorSchema.describe('A readable file for an account that is not the shop’s'),
          ...refusals(400, 413),
        },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const t = translate(moneyViewMessages, locale);
      const tooLarge = () =>
        sendError(reply, 413, t.fileTooLarge({ megabytes: Math.floor(MAX_BANK_FILE_BYTES / 1_048_576) }));
      if (!request.isMultipart()) return sendError(reply, 400, t.noFile);
      let part: Awaited<ReturnType<FastifyRequest['file']>>;
      try {
        part = await request.file({ limits: { fileSize: MAX_BANK_FILE_BYTES } });
      } catch (error) {
        return errorCode(error) === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : sendError(reply, 400, t.noFile);
      }
      if (!part) return sendError(reply, 400, t.noFile);
      const person = staffOf(request);
      const file = part.file;
      // Once the upload is in, recording a large file takes longer than the idle timeout allows a
      // silent connection (HTTP_IDLE_TIMEOUT_SECONDS): the bookkeeper would lose the answer. Until
      // then the idle timeout, the slow-body guard and the request timeout bound the upload.
      const socket = request.raw.socket;
      const quietWhileRecording = (): void => void socket.setTimeout(0);
      if (request.raw.complete) quietWhileRecording();
      else request.raw.once('end', quietWhileRecording);
      try {
        // Not one transaction: bounded steps, all or nothing as the bookkeeper sees it (./import.ts).
        const result = await importBankFile(db, chunksOf(file), {
          fileName: cleanFileName(part.filename),
          staffId: person.id,
          recordedBy: person.name,
          accounts,
          active,
        });
        if (result.matched > 0) deps.onQueued?.();
        return reply.code(201).send(bankFileImportView(result, locale));
      } catch (error) {
        await drain(file);
        if (error instanceof BankFileError)
          return sendError(
            reply,
            // Readable and adding up, but not the shop's money: a file the shop cannot take.
            error.problem.code === 'foreign_account' ? 422 : 400,
            describeBankFileProblem(error.problem, locale),
          );
        if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
        throw error;
      } finally {
        request.raw.off('end', quietWhileRecording);
        if (!socket.destroyed) socket.setTimeout(context.config.http.idleMs);
      }
    },
  );
}

const decisionResponse = {
  200: queuedBankPaymentSchema,
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema.describe('No invoice with that number'),
};

/**
 * The queue of bank payments no invoice was found for, and the bookkeeper's decisions on them
 * (each with its audit row in one transaction; a refusal in the admin's words, else the payment as
 * it now stands):
 * - GET /api/admin/bank-payments?state=unmatched|decided: the queue, or what was decided by hand.
 * - POST /api/admin/bank-payments/:id/assign `{ invoice }` → 200 the payment, recorded on the invoice.
 * - POST /api/admin/bank-payments/:id/not-ours `{ note? }` → 200 the payment, marked not ours.
 */
function registerBankPaymentQueue(admin: FastifyInstance, deps: ReceivablesDeps): void {
  const { context, db } = deps;
  const app = admin.withTypeProvider<ZodTypeProvider>();
  const answer = async (reply: FastifyReply, locale: Locale, id: number, result: QueueDecision) => {
    if (!result.ok) return queueRefusal(reply, locale, result);
    const payment = await bankPaymentById(db, id);
    return payment ? reply.send(payment) : sendError(reply, 404, moneyViewMessages[locale].paymentNotFound);
  };

  app.get(
    '/api/admin/bank-payments',
    {
      schema: {
        summary: 'The bank payments waiting for the bookkeeper, or those decided by hand (at most 200)',
        querystring: queueQuery,
        response: { 200: bankPaymentQueueSchema, ...refusals(400) },
      },
    },
    async (request) => ({ payments: await bankPaymentQueue(db, request.query.state, 200) }),
  );

  app.post(
    '/api/admin/bank-payments/:id/assign',
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Record a waiting bank payment on the invoice the bookkeeper names',
        params: bankPaymentParams,
        body: assignBody,
        response: decisionResponse,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { invoice } = request.body;
      const person = staffOf(request);
      const result = await db.transaction(async (tx) => {
        const maxOre = context.config.receivables.smallDifferenceMaxOre;
        const decided = await assignBankPayment(tx, id, invoice, person, maxOre);
        if (decided.ok)
          await recordAudit(tx, {
            staffId: person.id,
            action: 'payment',
            target: invoice,
            orderId: decided.orderId,
            after: { bankPayment: id, amount: decided.amount, paidOn: decided.paidOn ?? decided.bookedOn },
          });
        return decided;
      });
      if (result.ok) deps.onQueued?.();
      return answer(reply, requestLocale(request), id, result);
    },
  );

  app.post(
    '/api/admin/bank-payments/:id/not-ours',
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Mark a waiting bank payment as not the shop’s money, with a note',
        params: bankPaymentParams,
        body: notOursBody,
        response: decisionResponse,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const note = request.body.note || null;
      const person = staffOf(request);
      const result = await db.transaction(async (tx) => {
        const decided = await markNotOurs(tx, id, note, person);
        if (decided.ok)
          await recordAudit(tx, {
            staffId: person.id,
            action: 'payment',
            target: `bank payment ${id}`,
            after: { notOurs: true, amount: decided.amount, bookedOn: decided.bookedOn, note },
          });
        return decided;
      });
      return answer(reply, requestLocale(request), id, result);
    },
  );
}

/** GET /api/admin/receivables?filter&customer&on: open invoices and their aging (the money view). */
function registerReceivables(admin: FastifyInstance, deps: ReceivablesDeps): void {
  admin.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/receivables',
    {
      schema: {
        summary: 'Open invoices and their aging on a day (the money view)',
        querystring: receivablesQuery,
        response: { 200: receivablesSchema, ...refusals(400) },
      },
    },
    async (request) => {
      const { filter, customer, on } = request.query;
      return receivables(deps.db, {
        on: on ?? stockholmDate(new Date()),
        filter,
        ...(customer ? { customer } : {}),
      });
    },
  );
}

/**
 * Receivables' admin routes (money roles), mounted in the admin scope as a plugin of their own
 * (multipart parsing applies to its routes only): the bank file import, the queue of payments no
 * invoice was found for, and the money view. Imports a stopped process left are finished here.
 */
export function receivablesAdminRoutes(context: AppContext, options: { onQueued?: () => void } = {}) {
  const deps: ReceivablesDeps = {
    context,
    db: context.database.db,
    accounts: shopAccountsOf(context.config.seller),
    active: new Set<number>(),
    ...(options.onQueued ? { onQueued: options.onQueued } : {}),
  };
  return async function receivablesAdmin(admin: FastifyInstance): Promise<void> {
    await enableUploads(admin);
    startImportRecovery(admin, deps);
    registerBankFileUpload(admin, deps);
    registerBankPaymentQueue(admin, deps);
    registerReceivables(admin, deps);
  };
}
