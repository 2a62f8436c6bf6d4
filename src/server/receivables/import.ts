/**
 * Imports a bank file in one transaction: every payment is stored (unique by the bank's reference,
 * so a second import stores nothing), matched to an open invoice by OCR reference (or by invoice
 * number and amount in its free text), and recorded in the ledger with the day the bank booked it.
 * What finds no invoice waits in the queue. A file whose counts or sums do not add up throws
 * BankFileError from the reader, and the caller's transaction keeps nothing of it.
 *
 * Bounded memory whatever the file's size: payments are written in batches of BATCH as they are
 * read (a BgMax deposit states its payment day only in its closing record 15, after its payments,
 * so the day is set on the stored rows when that record comes), and matched afterwards in batches
 * read back from the table.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isCalendarDate, stockholmDate } from '@/shared/dates';
import { oreFromDecimal } from '@/shared/ledger';
import type { Milli } from '@/shared/money';
import type { BankFileImportAnswer, UnmatchedReasonCode } from '@/shared/receivables/bank-payments';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { recordPayment } from '@/server/ledger';
import { BankFileError, type BankPayment, type ByteSource } from './bank-file';
import { lookupKeys, matchPayment, type InvoiceCandidate } from './matching';
import { readBankFile } from './read-bank-file';

/** Payments written or matched per statement. */
const BATCH = 500;

export interface ImportOptions {
  fileName: string | null;
  staffId: number | null;
  /** Who recorded the payments, as the ledger names them. */
  recordedBy: string | null;
}

interface StoredDetails {
  ocrReferences: readonly { reference: string; amount?: number }[];
  references: readonly string[];
  messages: readonly string[];
  payerName?: string;
  payerId?: string;
}

/** The bytes passing through, hashed as they go (the file's sha256 is kept with it). */
async function* hashing(source: ByteSource, hash: ReturnType<typeof createHash>): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
}

/** Reads, stores, matches and records a bank file inside `tx` (the caller's transaction). */
export async function importBankFile(
  tx: Db,
  source: ByteSource,
  options: ImportOptions,
): Promise<BankFileImportAnswer & { fileId: number }> {
  const hash = createHash('sha256');
  const [file] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO bank_files (format, file_name, sha256, imported_by, payments, matched, unmatched, duplicates)
      VALUES ('bgmax', ${options.fileName}, '', ${options.staffId}, 0, 0, 0, 0) RETURNING id::text AS id`,
  );
  if (!file) throw new Error('bank_files insert returned no row');
  const fileId = Number(file.id);

  let buffered: BankPayment[] = [];
  let stored = 0;
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
      } satisfies StoredDetails,
    }));
    buffered = [];
    const [inserted] = await queryRows<{ n: string }>(
      tx,
      sql`WITH inserted AS (
          INSERT INTO bank_payments (bank_file_id, bank_reference, deposit, amount_milli, currency, booked_on, details, state)
          SELECT ${fileId}::bigint, r.key, r.deposit, r.amount_milli, r.currency, r.booked_on, r.details, 'pending'
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS r(key text, deposit integer, amount_milli bigint, currency text, booked_on date, details jsonb)
          ON CONFLICT (bank_reference) DO NOTHING
          RETURNING 1
        ) SELECT count(*)::text AS n FROM inserted`,
    );
    stored += Number(inserted?.n ?? 0);
  };

  const summary = await readBankFile(hashing(source, hash), {
    async payment(payment) {
      buffered.push(payment);
      if (buffered.length >= BATCH) await flush();
    },
    async depositBooked(group, bookedOn) {
      await flush();
      await tx.execute(
        sql`UPDATE bank_payments SET booked_on = ${bookedOn}::date
          WHERE bank_file_id = ${fileId}::bigint AND deposit = ${group} AND state = 'pending'`,
      );
    },
  });
  await flush();
  if (summary.testFile) throw new BankFileError({ code: 'test_file' });

  const matched = await matchStored(tx, fileId, options.recordedBy, summary.format);
  const answer: BankFileImportAnswer = {
    format: summary.format,
    payments: summary.payments,
    matched: matched.matched,
    unmatched: matched.unmatched,
    duplicates: summary.payments - stored,
  };
  await tx.execute(
    sql`UPDATE bank_files SET format = ${answer.format}, sha256 = ${hash.digest('hex')},
      payments = ${answer.payments}, matched = ${answer.matched}, unmatched = ${answer.unmatched},
      duplicates = ${answer.duplicates} WHERE id = ${fileId}::bigint`,
  );
  return { ...answer, fileId };
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
  ocr: string | null;
  balance: string;
}

interface Decision {
  id: number;
  state: 'matched' | 'unmatched';
  reason: UnmatchedReasonCode | null;
  document_id: number | null;
}

/** Invoices (not credit notes) a batch's keys can name, with what is still to pay on each. */
async function candidates(tx: Db, ocrs: string[], runs: string[]): Promise<CandidateRow[]> {
  if (ocrs.length === 0 && runs.length === 0) return [];
  const numbers = runs.map((run) => `INV-${run}`);
  return queryRows<CandidateRow>(
    tx,
    sql`SELECT d.id::text AS id, d.number, d.ocr, (d.total
        + coalesce((SELECT sum(c.total) FROM documents c WHERE c.corrects_document_id = d.id), 0)
        - coalesce((SELECT sum(p.amount) FROM payments p WHERE p.document_id = d.id), 0))::text AS balance
      FROM documents d
      WHERE d.kind <> 'credit_note' AND (d.ocr = ANY(${`{${[...ocrs, ...runs].join(',')}}`}::text[])
        OR d.number = ANY(${`{${numbers.join(',')}}`}::text[]))`,
  );
}

/** Keys are digits only (lookupKeys keeps digit runs and OCR references); anything else is left out. */
const digitKey = (key: string): boolean => /^\d{1,25}$/.test(key);

/** Matches and records the file's stored payments, a batch at a time. */
async function matchStored(
  tx: Db,
  fileId: number,
  recordedBy: string | null,
  format: 'bgmax' | 'camt054',
): Promise<{ matched: number; unmatched: number }> {
  const today = stockholmDate(new Date());
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
    const inputs = rows.map((row) => ({
      row,
      payment: {
        amount: Number(row.amount_milli) as Milli,
        currency: row.currency,
        ocrReferences: row.details.ocrReferences.map((r) =>
          r.amount === undefined
            ? { reference: r.reference }
            : { reference: r.reference, amount: r.amount as Milli },
        ),
        references: row.details.references,
        messages: row.details.messages,
      },
    }));
    const ocrs = new Set<string>();
    const runs = new Set<string>();
    for (const { payment } of inputs) {
      const keys = lookupKeys(payment);
      for (const key of keys.ocrs) if (digitKey(key)) ocrs.add(key);
      for (const key of keys.digitRuns) if (digitKey(key)) runs.add(key);
    }
    const found = await candidates(tx, [...ocrs], [...runs]);
    // Balances as this batch changes them: two payments of one invoice in a file see each other.
    const invoices = new Map<string, InvoiceCandidate & { id: number }>(
      found.map((row) => [
        row.number,
        {
          id: Number(row.id),
          number: row.number,
          ocr: row.ocr ?? '',
          balance: (oreFromDecimal(row.balance) * 10) as Milli,
        },
      ]),
    );
    const decisions: Decision[] = [];
    for (const { row, payment } of inputs) {
      const id = Number(row.id);
      const unmatchedAs = (reason: UnmatchedReasonCode): void => {
        decisions.push({ id, state: 'unmatched', reason, document_id: null });
        unmatched += 1;
      };
      const result = matchPayment(payment, [...invoices.values()]);
      if (!result.matched) {
        unmatchedAs(result.reason);
        continue;
      }
      if (result.allocations.some((allocation) => allocation.amount % 10 !== 0)) {
        unmatchedAs('not_whole_ore');
        continue;
      }
      const bookedOn = row.booked_on;
      // Bokföringslagen (1999:1078) 5 kap. 7 §: the verification's date is the day of the business
      // event, here the day the bank booked the money; a day after today is no booking yet.
      if (bookedOn === null || !isCalendarDate(bookedOn) || bookedOn > today) {
        unmatchedAs('not_booked');
        continue;
      }
      let first: number | null = null;
      for (const [i, allocation] of result.allocations.entries()) {
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
      decisions.push({ id, state: 'matched', reason: null, document_id: first });
      matched += 1;
    }
    await tx.execute(
      sql`UPDATE bank_payments b SET state = r.state, reason = r.reason, document_id = r.document_id
        FROM jsonb_to_recordset(${JSON.stringify(decisions)}::jsonb)
          AS r(id bigint, state text, reason text, document_id bigint)
        WHERE b.id = r.id`,
    );
  }
  return { matched, unmatched };
}

/** The payment's note in the ledger: its OCR reference or first reference, and the payer's name. */
export function paymentReference(details: StoredDetails): string | null {
  const reference = details.ocrReferences[0]?.reference ?? details.references[0];
  const text = [reference, details.payerName].filter(Boolean).join(' · ');
  return text === '' ? null : text.slice(0, 200);
}
