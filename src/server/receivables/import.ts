/**
 * Imports a bank file in bounded steps, so that the embedded database (PGlite runs one transaction
 * at a time, first come first served) keeps answering every other request while a file of 100 000
 * payments goes in; one transaction over such a file held it for 11 s (issue 38).
 *
 * 1. Reading ('reading'): the file is read as it arrives and its payments staged in
 *    bank_file_staged_payments, one statement per BATCH payments; nothing is booked. A file that
 *    does not add up, is a test file or is for another account throws BankFileError: its staged
 *    rows are deleted (a batch at a time) with its bank_files row, and nothing of it stays.
 * 2. Recording ('recording'): once the whole file is read and checked, one statement turns the
 *    file to 'recording': from then on it is finished whatever happens, by this process or, after a
 *    restart, by `recoverBankFileImports`. Each transaction takes BATCH staged payments: stores them
 *    in bank_payments (unique by the bank's reference, so a second import stores nothing), matches
 *    them to open invoices by OCR reference (or invoice number and amount in their free text),
 *    records the matched ones in the ledger on the day the bank booked them, and counts them.
 * 3. Recorded ('recorded'): the last transaction marks the file done and writes its audit entry.
 *
 * Between statements the import yields to the event loop: a request that arrived meanwhile gets its
 * query in before the next batch. The bookkeeper sees all or nothing: a file is either refused with
 * nothing kept, or recorded whole (resumed after a crash, never half-booked and forgotten).
 *
 * Bounded memory whatever the file's size: a batch of payments at a time. A BgMax deposit states its
 * payment day only in its closing record 15, after its payments, so the day is set on the staged rows
 * when that record comes.
 */
import { createHash } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { sql } from 'drizzle-orm';
import { isCalendarDate, stockholmDate } from '@/shared/dates';
import { oreFromDecimal } from '@/shared/ledger';
import type { Milli } from '@/shared/money';
import type {
  BankFileImportAnswer,
  NotBookedLine,
  UnmatchedReasonCode,
} from '@/shared/receivables/bank-payments';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import {
  closedMonthsOf,
  documentById,
  paymentDayRule,
  recordEurPayment,
  recordPayment,
  type PaymentDayProblem,
} from '@/server/ledger';
import { recordAudit } from '@/server/staff';
import type { ShopAccounts } from './accounts';
import { BankFileError, type BankFileFormat, type BankPayment, type ByteSource } from './bank-file';
import { lookupKeys, matchPayment, type Allocation, type InvoiceCandidate } from './matching';
import { kronor } from './amounts';
import { readBankFile } from './read-bank-file';

/** What an import did; the route words each line not booked in the reader's language (admin-view.ts). */
export type ImportResult = Omit<BankFileImportAnswer, 'notBooked'> & { notBooked: NotBookedLine[] };

/** Payments staged, recorded or deleted per statement (and per transaction when recording). */
export const BATCH = 500;

/** One bounded step of an import, as `importSteps` reports it. */
export interface ImportStep {
  fileId: number;
  /** staged: payments read; day: a deposit's payment day set; recorded: payments stored and matched; rolled_back: staged rows deleted. */
  kind: 'staged' | 'day' | 'recorded' | 'rolled_back';
  /** Rows the step's statement or transaction wrote. */
  rows: number;
}

/**
 * Every step of every import, published as it ends (node:diagnostics_channel: free while nobody
 * listens). Tests read it to see the batches and what happens between them.
 */
export const importSteps = channel('shop:bank-file-import:step');

/** Lets requests that arrived during a step run before the next one takes the database. */
export const yieldToRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface ImportOptions {
  fileName: string | null;
  staffId: number | null;
  /** Who recorded the payments, as the ledger names them. */
  recordedBy: string | null;
  /** The shop's accounts: a file for any other is refused. */
  accounts: ShopAccounts;
  /** Files this process is importing (their heartbeat is kept fresh; recovery leaves them alone). */
  active?: Set<number>;
  /** What runs between two steps: `yieldToRequests` (a test may hold an import here). */
  between?: (step: ImportStep) => Promise<void>;
}

interface StoredDetails {
  ocrReferences: readonly { reference: string; amount?: number }[];
  references: readonly string[];
  messages: readonly string[];
  payerName?: string;
  payerId?: string;
  /** A payment in euros: the euros and the SEK the bank booked (milli), camt.054 (issue 42). */
  euro?: { amount: number; bookedSek: number };
}

/** The bytes passing through, hashed as they go (the file's sha256 is kept with it). */
async function* hashing(source: ByteSource, hash: ReturnType<typeof createHash>): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
}

/** Reports a step and gives way before the next. */
async function stepDone(step: ImportStep, between: (step: ImportStep) => Promise<void>): Promise<void> {
  if (importSteps.hasSubscribers) importSteps.publish(step);
  await between(step);
}

/** Reads, stages, checks, then records a bank file, each step a bounded statement or transaction. */
export async function importBankFile(
  db: Db,
  source: ByteSource,
  options: ImportOptions,
): Promise<ImportResult & { fileId: number }> {
  const between = options.between ?? yieldToRequests;
  const hash = createHash('sha256');
  const [file] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO bank_files (format, file_name, sha256, imported_by, recorded_by, payments, matched, unmatched,
        duplicates, state)
      VALUES ('bgmax', ${options.fileName}, '', ${options.staffId}, ${options.recordedBy?.slice(0, 200) ?? null},
        0, 0, 0, 0, 'reading')
      RETURNING id::text AS id`,
  );
  if (!file) throw new Error('bank_files insert returned no row');
  const fileId = Number(file.id);
  options.active?.add(fileId);
  try {
    try {
      await stageFile(db, fileId, hashing(source, hash), options, between, hash);
    } catch (error) {
      // Refused, or the upload broke off: nothing of the file stays (if this fails too, recovery
      // rolls it back once its heartbeat is old).
      await rollBack(db, fileId, between);
      throw error;
    }
    await recordStaged(db, fileId, between);
    const answer = await finish(db, fileId);
    return { ...answer, fileId };
  } finally {
    options.active?.delete(fileId);
  }
}

/** Phase 1: the file read into the stage, checked whole, then turned to 'recording'. */
async function stageFile(
  db: Db,
  fileId: number,
  source: ByteSource,
  options: ImportOptions,
  between: (step: ImportStep) => Promise<void>,
  hash: ReturnType<typeof createHash>,
): Promise<void> {
  let buffered: BankPayment[] = [];
  const flush = async (): Promise<void> => {
    if (buffered.length === 0) return;
    const rows = buffered.map((payment) => ({
      key: payment.key,
      deposit: payment.group,
      amount_milli: payment.amount,
      currency: payment.currency,
      booked_on: payment.bookedOn,
      details: {
        ocrReferences: payment.ocrReferences,
        references: payment.references,
        messages: payment.messages,
        ...(payment.payerName ? { payerName: payment.payerName } : {}),
        ...(payment.payerId ? { payerId: payment.payerId } : {}),
        ...(payment.euro ? { euro: payment.euro } : {}),
      } satisfies StoredDetails,
    }));
    buffered = [];
    await db.execute(
      sql`INSERT INTO bank_file_staged_payments (bank_file_id, bank_reference, deposit, amount_milli, currency, booked_on, details)
        SELECT ${fileId}::bigint, r.key, r.deposit, r.amount_milli, r.currency, r.booked_on, r.details
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS r(key text, deposit integer, amount_milli bigint, currency text, booked_on date, details jsonb)`,
    );
    await stepDone({ fileId, kind: 'staged', rows: rows.length }, between);
  };

  const summary = await readBankFile(
    source,
    {
      async payment(payment) {
        buffered.push(payment);
        if (buffered.length >= BATCH) await flush();
      },
      async depositBooked(group, bookedOn) {
        await flush();
        for (;;) {
          const [updated] = await queryRows<{ n: string }>(
            db,
            sql`WITH day AS (
                SELECT id FROM bank_file_staged_payments
                WHERE bank_file_id = ${fileId}::bigint AND deposit = ${group} AND booked_on IS NULL
                LIMIT ${BATCH}
              ), updated AS (
                UPDATE bank_file_staged_payments s SET booked_on = ${bookedOn}::date FROM day WHERE s.id = day.id
                RETURNING 1
              ) SELECT count(*)::text AS n FROM updated`,
          );
          const rows = Number(updated?.n ?? 0);
          if (rows === 0) break;
          await stepDone({ fileId, kind: 'day', rows }, between);
          if (rows < BATCH) break;
        }
      },
    },
    options.accounts,
  );
  await flush();
  if (summary.testFile) throw new BankFileError({ code: 'test_file' });
  // The file is read whole and adds up: from here it is recorded, whatever happens.
  await db.execute(
    sql`UPDATE bank_files SET state = 'recording', format = ${summary.format}, sha256 = ${hash.digest('hex')},
      payments = ${summary.payments}, heartbeat_at = now()
      WHERE id = ${fileId}::bigint AND state = 'reading'`,
  );
}

/** Deletes a file that was never recorded, with its staged rows, a batch at a time. */
async function rollBack(db: Db, fileId: number, between: (step: ImportStep) => Promise<void>): Promise<void> {
  for (;;) {
    const [deleted] = await queryRows<{ n: string }>(
      db,
      sql`WITH gone AS (
          DELETE FROM bank_file_staged_payments WHERE id IN (
            SELECT id FROM bank_file_staged_payments WHERE bank_file_id = ${fileId}::bigint LIMIT ${BATCH})
          RETURNING 1
        ) SELECT count(*)::text AS n FROM gone`,
    );
    const rows = Number(deleted?.n ?? 0);
    if (rows === 0) break;
    await stepDone({ fileId, kind: 'rolled_back', rows }, between);
  }
  await db.execute(sql`DELETE FROM bank_files WHERE id = ${fileId}::bigint AND state = 'reading'`);
}

/** A staged line dated after the import's day, as the CTE below gives it. */
interface FutureRow {
  booked_on: string;
  amount_milli: string;
  currency: string;
  details: StoredDetails;
}

/**
 * Phase 2: the staged payments stored, matched and recorded, one transaction per batch. A line
 * dated after today is refused (docs/decisions/0075): not stored, so the same file read again once
 * its day has come records it, while the rest are duplicates then.
 */
async function recordStaged(
  db: Db,
  fileId: number,
  between: (step: ImportStep) => Promise<void>,
): Promise<void> {
  for (;;) {
    const rows = await db.transaction(async (tx) => {
      const [file] = await queryRows<{ format: BankFileFormat; recorded_by: string | null }>(
        tx,
        sql`SELECT format, recorded_by FROM bank_files WHERE id = ${fileId}::bigint AND state = 'recording' FOR UPDATE`,
      );
      if (!file) return 0;
      const today = stockholmDate(new Date());
      const [moved] = await queryRows<{ taken: string; stored: string; future: FutureRow[] }>(
        tx,
        sql`WITH batch AS (
            DELETE FROM bank_file_staged_payments WHERE id IN (
              SELECT id FROM bank_file_staged_payments WHERE bank_file_id = ${fileId}::bigint
              ORDER BY id LIMIT ${BATCH})
            RETURNING *
          ), stored AS (
            INSERT INTO bank_payments (bank_file_id, bank_reference, deposit, amount_milli, currency, booked_on, details, state)
            SELECT bank_file_id, bank_reference, deposit, amount_milli, currency, booked_on, details, 'pending'
            FROM batch WHERE booked_on IS NULL OR booked_on <= ${today}::date ORDER BY id
            ON CONFLICT (bank_reference) DO NOTHING
            RETURNING 1
          ) SELECT (SELECT count(*) FROM batch)::text AS taken, (SELECT count(*) FROM stored)::text AS stored,
            (SELECT coalesce(jsonb_agg(jsonb_build_object('booked_on', to_char(booked_on, 'YYYY-MM-DD'),
                'amount_milli', amount_milli::text, 'currency', currency, 'details', details) ORDER BY id), '[]')
              FROM batch WHERE booked_on > ${today}::date) AS future`,
      );
      const taken = Number(moved?.taken ?? 0);
      if (taken === 0) return 0;
      const future = moved?.future ?? [];
      const matched = await matchStored(tx, fileId, file.recorded_by, file.format, today);
      const notBooked = [...future.map(futureLine), ...matched.notBooked];
      await tx.execute(
        sql`UPDATE bank_files SET matched = matched + ${matched.matched}, unmatched = unmatched + ${matched.unmatched},
          duplicates = duplicates + ${taken - Number(moved?.stored ?? 0) - future.length},
          refused = refused + ${future.length}, heartbeat_at = now(),
          not_booked = (SELECT coalesce(jsonb_agg(line ORDER BY n), '[]') FROM jsonb_array_elements(
            not_booked || ${JSON.stringify(notBooked)}::jsonb) WITH ORDINALITY AS lines(line, n)
            WHERE n <= ${NOT_BOOKED_LISTED})
          WHERE id = ${fileId}::bigint`,
      );
      return taken;
    });
    if (rows === 0) return;
    await stepDone({ fileId, kind: 'recorded', rows }, between);
  }
}

/** The lines not recorded on their invoice that an import's answer lists (the queue holds them all). */
export const NOT_BOOKED_LISTED = 100;

function futureLine(row: FutureRow): NotBookedLine {
  return {
    reason: 'future',
    bookedOn: row.booked_on,
    amount: kronor(BigInt(row.amount_milli)),
    currency: row.currency,
    reference: paymentReference(row.details),
    invoice: null,
    issuedOn: null,
    enteredOn: null,
  };
}

/** Phase 3: the file marked recorded, with its audit entry; answers what it held. */
async function finish(db: Db, fileId: number): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    const [file] = await queryRows<{
      format: BankFileFormat;
      payments: number;
      matched: number;
      unmatched: number;
      duplicates: number;
      refused: number;
      not_booked: NotBookedLine[];
      imported_by: string | null;
    }>(
      tx,
      sql`UPDATE bank_files SET state = 'recorded', heartbeat_at = now()
        WHERE id = ${fileId}::bigint AND state = 'recording'
        RETURNING format, payments, matched, unmatched, duplicates, refused, not_booked,
          imported_by::text AS imported_by`,
    );
    if (!file) throw new Error(`bank file ${fileId} was not being recorded`);
    const answer: ImportResult = {
      format: file.format,
      payments: file.payments,
      matched: file.matched,
      unmatched: file.unmatched,
      duplicates: file.duplicates,
      refused: file.refused,
      notBooked: file.not_booked,
    };
    await recordAudit(tx, {
      staffId: file.imported_by === null ? null : Number(file.imported_by),
      action: 'payment',
      target: `bank file ${fileId}`,
      after: { ...answer, notBooked: answer.notBooked.length },
    });
    return answer;
  });
}

/**
 * Finishes imports whose process stopped: one still reading is rolled back (its file is gone with
 * the request), one recording is recorded to the end. An import counts as stopped when its
 * heartbeat is older than `staleAfterSeconds` and it is not in `active`; each is claimed with one
 * statement, so two instances never take the same one.
 */
export async function recoverBankFileImports(
  db: Db,
  options: { staleAfterSeconds: number; active: Set<number>; between?: (step: ImportStep) => Promise<void> },
): Promise<{ rolledBack: number[]; resumed: number[] }> {
  const between = options.between ?? yieldToRequests;
  const done = { rolledBack: [] as number[], resumed: [] as number[] };
  const stale = await queryRows<{ id: string; state: 'reading' | 'recording' }>(
    db,
    sql`SELECT id::text AS id, state FROM bank_files
      WHERE state <> 'recorded' AND heartbeat_at <= now() - make_interval(secs => ${options.staleAfterSeconds})
      ORDER BY id`,
  );
  for (const row of stale) {
    const id = Number(row.id);
    if (options.active.has(id)) continue;
    const [claimed] = await queryRows<{ state: 'reading' | 'recording' }>(
      db,
      sql`UPDATE bank_files SET heartbeat_at = now()
        WHERE id = ${id}::bigint AND state = ${row.state}
          AND heartbeat_at <= now() - make_interval(secs => ${options.staleAfterSeconds})
        RETURNING state`,
    );
    if (!claimed) continue;
    options.active.add(id);
    try {
      if (claimed.state === 'reading') {
        await rollBack(db, id, between);
        done.rolledBack.push(id);
      } else {
        await recordStaged(db, id, between);
        await finish(db, id);
        done.resumed.push(id);
      }
    } finally {
      options.active.delete(id);
    }
  }
  return done;
}

/** Keeps the heartbeat of this process's imports fresh. */
export async function beatImports(db: Db, active: ReadonlySet<number>): Promise<void> {
  if (active.size === 0) return;
  await db.execute(
    sql`UPDATE bank_files SET heartbeat_at = now()
      WHERE state <> 'recorded' AND id = ANY(${`{${[...active].join(',')}}`}::bigint[])`,
  );
}

interface PendingRow extends Record<string, unknown> {
  id: string;
  bank_reference: string;
  amount_milli: string;
  currency: string;
  booked_on: string | null;
  details: StoredDetails;
}

interface CandidateRow extends Record<string, unknown> {
  id: string;
  number: string;
  issued_on: string;
  ocr: string | null;
  balance: string;
  /** The invoice's own currency when it is made out in another than SEK (snapshot.foreign.code). */
  foreign_code: string | null;
}

interface Decision {
  id: number;
  state: 'matched' | 'unmatched';
  reason: UnmatchedReasonCode | null;
  document_id: number | null;
  /** A waiting payment: the day the books take it on the suspense account (see DayContext). */
  entered_on: string | null;
  /** Listed in the import's answer: a payment whose day the ledger's rule refused on its invoice. */
  notBooked?: NotBookedLine;
}

/**
 * What a batch's days are checked against (paymentDayRule). A waiting payment is booked on the
 * suspense account on the bank's day, or on `today` when that day's month is closed: the closed
 * month is left as filed and the money enters the open period (BFNAR 2013:2; docs/decisions/0075).
 */
interface DayContext {
  today: string;
  closedMonths: ReadonlySet<string>;
}

/** Invoices (not credit notes) a batch's keys can name, with what is still to pay on each. */
async function candidates(tx: Db, ocrs: string[], runs: string[]): Promise<CandidateRow[]> {
  if (ocrs.length === 0 && runs.length === 0) return [];
  const numbers = runs.map((run) => `INV-${run}`);
  return queryRows<CandidateRow>(
    tx,
    sql`SELECT d.id::text AS id, d.number, to_char(d.issued_on, 'YYYY-MM-DD') AS issued_on, d.ocr, d.snapshot->'foreign'->>'code' AS foreign_code, (d.total
        + coalesce((SELECT sum(c.total) FROM documents c WHERE c.corrects_document_id = d.id), 0)
        - coalesce((SELECT sum(p.amount) FROM payments p WHERE p.document_id = d.id), 0))::text AS balance
      FROM documents d
      WHERE d.kind <> 'credit_note' AND (d.ocr = ANY(${`{${[...ocrs, ...runs].join(',')}}`}::text[])
        OR d.number = ANY(${`{${numbers.join(',')}}`}::text[]))`,
  );
}

/** Keys are digits only (lookupKeys keeps digit runs and OCR references); anything else is left out. */
const digitKey = (key: string): boolean => /^\d{1,25}$/.test(key);

/** A stored payment as the matcher takes it: a EUR one with its booked SEK is matched by that SEK. */
function matchInputOf(row: PendingRow) {
  const euro = row.details.euro;
  const inSek = row.currency !== 'SEK' && euro !== undefined;
  return {
    amount: (inSek ? euro.bookedSek : Number(row.amount_milli)) as Milli,
    currency: inSek ? 'SEK' : row.currency,
    ocrReferences: row.details.ocrReferences.map((r) =>
      r.amount === undefined
        ? { reference: r.reference }
        : { reference: r.reference, amount: r.amount as Milli },
    ),
    references: row.details.references,
    messages: row.details.messages,
  };
}

type Candidates = Map<string, InvoiceCandidate & { id: number; issuedOn: string }>;

/** What a batch's payments can pay: the invoices their keys name, with their balances in SEK (milli). */
async function candidatesOf(
  tx: Db,
  payments: readonly ReturnType<typeof matchInputOf>[],
): Promise<Candidates> {
  const ocrs = new Set<string>();
  const runs = new Set<string>();
  for (const payment of payments) {
    const keys = lookupKeys(payment);
    for (const key of keys.ocrs) if (digitKey(key)) ocrs.add(key);
    for (const key of keys.digitRuns) if (digitKey(key)) runs.add(key);
  }
  const found = await candidates(tx, [...ocrs], [...runs]);
  return new Map(
    found.map((row) => [
      row.number,
      {
        id: Number(row.id),
        number: row.number,
        issuedOn: row.issued_on,
        ocr: row.ocr ?? '',
        balance: (oreFromDecimal(row.balance) * 10) as Milli,
        currency: row.foreign_code === 'EUR' ? 'EUR' : 'SEK',
      },
    ]),
  );
}

interface Recording {
  tx: Db;
  row: PendingRow;
  bookedOn: string;
  recordedBy: string | null;
  format: BankFileFormat;
}

/**
 * A payment in euros (the file reported the euros and the SEK booked, camt.054) matched to one EUR
 * invoice: recorded as the admin records a EUR payment (recordEurPayment: the SEK cleared at the
 * invoice's rate, the booked SEK's difference to it on 3960/7960 in the SIE; BFNAR 2013:2 kap. 13).
 * Anything else with euros in it waits in the queue. Answers the reason it waits, or the SEK cleared.
 */
async function recordEuro(
  recording: Recording,
  euro: NonNullable<StoredDetails['euro']>,
  allocations: readonly Allocation[],
  invoices: Candidates,
): Promise<{ reason: UnmatchedReasonCode } | { cleared: number; documentId: number }> {
  const only = allocations.length === 1 ? invoices.get(allocations[0]?.invoice ?? '') : undefined;
  if (!only) return { reason: 'ambiguous' };
  if (euro.amount % 10 !== 0 || euro.bookedSek % 10 !== 0) return { reason: 'not_whole_ore' };
  const invoice = await documentById(recording.tx, only.id);
  if (!invoice) throw new Error(`matched to an invoice not found: ${only.number}`);
  const result = await recordEurPayment(recording.tx, invoice, {
    paidOn: recording.bookedOn,
    method: 'bank_transfer',
    reference: paymentReference(recording.row.details),
    externalReference: recording.row.bank_reference,
    recordedBy: recording.recordedBy,
    amountCents: euro.amount / 10,
    bookedSekOre: euro.bookedSek / 10,
  });
  if (!result.ok) return { reason: 'not_sek' };
  only.balance = (only.balance - result.clearedOre * 10) as Milli;
  return { cleared: result.clearedOre, documentId: only.id };
}

/** A matched SEK payment recorded on its invoices (several when its OCR references name several). */
async function recordSek(recording: Recording, allocations: readonly Allocation[], invoices: Candidates) {
  const { tx, row, bookedOn, recordedBy, format } = recording;
  let first: number | null = null;
  for (const [i, allocation] of allocations.entries()) {
    const invoice = invoices.get(allocation.invoice);
    if (!invoice) throw new Error(`matched to an invoice not looked up: ${allocation.invoice}`);
    first ??= invoice.id;
    await recordPayment(tx, {
      documentId: invoice.id,
      amountOre: allocation.amount / 10,
      paidOn: bookedOn,
      method: format === 'bgmax' ? 'bankgiro' : 'bank_transfer',
      reference: paymentReference(row.details),
      externalReference: i === 0 ? row.bank_reference : `${row.bank_reference}#${i + 1}`,
      recordedBy,
    });
    invoice.balance = (invoice.balance - allocation.amount) as Milli;
  }
  return first;
}

/**
 * The first invoice a matched payment names whose day the ledger's rule refuses (paymentDayRule:
 * a closed month, a day before the invoice's date), with the problem; undefined when every one may
 * be paid on the bank's day.
 */
function dayRefused(
  allocations: readonly Allocation[],
  invoices: Candidates,
  bookedOn: string,
  days: DayContext,
): { invoice: string; issuedOn: string; problem: PaymentDayProblem } | undefined {
  for (const allocation of allocations) {
    const invoice = invoices.get(allocation.invoice);
    if (!invoice) continue;
    const problem = paymentDayRule(invoice, bookedOn, days);
    if (problem) return { invoice: invoice.number, issuedOn: invoice.issuedOn, problem };
  }
  return undefined;
}

/** The day the books take a waiting payment: the bank's, or today when its month is closed. */
function enteredOn(bookedOn: string | null, days: DayContext): string | null {
  if (bookedOn === null || !isCalendarDate(bookedOn)) return null;
  return days.closedMonths.has(bookedOn.slice(0, 7)) ? days.today : bookedOn;
}

/** Where one stored payment goes: matched and recorded, or the reason it waits in the queue. */
async function decide(
  recording: Omit<Recording, 'bookedOn'>,
  payment: ReturnType<typeof matchInputOf>,
  invoices: Candidates,
  days: DayContext,
): Promise<Decision> {
  const { row } = recording;
  const id = Number(row.id);
  const waiting = enteredOn(row.booked_on, days);
  const unmatched = (reason: UnmatchedReasonCode, notBooked?: NotBookedLine): Decision => ({
    id,
    state: 'unmatched',
    reason,
    document_id: null,
    entered_on: waiting,
    ...(notBooked ? { notBooked } : {}),
  });
  const result = matchPayment(payment, [...invoices.values()]);
  if (!result.matched) return unmatched(result.reason);
  if (result.allocations.some((allocation) => allocation.amount % 10 !== 0))
    return unmatched('not_whole_ore');
  const bookedOn = row.booked_on;
  // A line without a (valid) booking day is no booking yet; one after today is never stored.
  if (bookedOn === null || !isCalendarDate(bookedOn) || bookedOn > days.today) return unmatched('not_booked');
  // The ledger's one rule for a payment's day (closed-months.ts): a payment it refuses on its
  // invoice waits in the queue, booked on the suspense account in the open period (0075).
  const refused = dayRefused(result.allocations, invoices, bookedOn, days);
  if (refused) {
    const reason = refused.problem.problem === 'closed' ? 'closed_month' : 'before_invoice';
    return unmatched(reason, {
      reason,
      bookedOn,
      amount: kronor(BigInt(row.amount_milli)),
      currency: row.currency,
      reference: paymentReference(row.details),
      invoice: refused.invoice,
      issuedOn: refused.issuedOn,
      enteredOn: waiting,
    });
  }
  const euro = row.details.euro;
  const toEuroInvoice = result.allocations.some((a) => invoices.get(a.invoice)?.currency === 'EUR');
  if (euro && toEuroInvoice) {
    const done = await recordEuro({ ...recording, bookedOn }, euro, result.allocations, invoices);
    if ('reason' in done) return unmatched(done.reason);
    return { id, state: 'matched', reason: null, document_id: done.documentId, entered_on: null };
  }
  // Euros on a EUR account for a SEK invoice: the admin records them (by hand, in SEK).
  if (row.currency !== 'SEK') return unmatched('not_sek');
  const first = await recordSek({ ...recording, bookedOn }, result.allocations, invoices);
  return { id, state: 'matched', reason: null, document_id: first, entered_on: null };
}

/** Matches and records the file's stored payments, a batch at a time. */
async function matchStored(
  tx: Db,
  fileId: number,
  recordedBy: string | null,
  format: BankFileFormat,
  today: string,
): Promise<{ matched: number; unmatched: number; notBooked: NotBookedLine[] }> {
  const days: DayContext = { today, closedMonths: await closedMonthsOf(tx) };
  const notBooked: NotBookedLine[] = [];
  let matched = 0;
  let unmatched = 0;
  let after = 0;
  for (;;) {
    const rows = await queryRows<PendingRow>(
      tx,
      sql`SELECT id::text AS id, bank_reference, amount_milli::text AS amount_milli, currency,
          to_char(booked_on, 'YYYY-MM-DD') AS booked_on, details
        FROM bank_payments WHERE bank_file_id = ${fileId}::bigint AND state = 'pending' AND id > ${after}::bigint
        ORDER BY bank_payments.id LIMIT ${BATCH}`,
    );
    if (rows.length === 0) break;
    after = Number(rows[rows.length - 1]?.id);
    const inputs = rows.map((row) => ({ row, payment: matchInputOf(row) }));
    // Balances as this batch changes them: two payments of one invoice in a file see each other.
    const invoices = await candidatesOf(
      tx,
      inputs.map((input) => input.payment),
    );
    const decisions: Decision[] = [];
    for (const { row, payment } of inputs) {
      const { notBooked: line, ...decision } = await decide(
        { tx, row, recordedBy, format },
        payment,
        invoices,
        days,
      );
      decisions.push(decision);
      if (line && notBooked.length < NOT_BOOKED_LISTED) notBooked.push(line);
      if (decision.state === 'matched') matched += 1;
      else unmatched += 1;
    }
    await tx.execute(
      sql`UPDATE bank_payments b SET state = r.state, reason = r.reason, document_id = r.document_id,
          entered_on = r.entered_on
        FROM jsonb_to_recordset(${JSON.stringify(decisions)}::jsonb)
          AS r(id bigint, state text, reason text, document_id bigint, entered_on date)
        WHERE b.id = r.id`,
    );
  }
  return { matched, unmatched, notBooked };
}

/** The payment's note in the ledger: its OCR reference or first reference, and the payer's name. */
export function paymentReference(details: StoredDetails): string | null {
  const reference = details.ocrReferences[0]?.reference ?? details.references[0];
  const text = [reference, details.payerName].filter(Boolean).join(' · ');
  return text === '' ? null : text.slice(0, 200);
}
