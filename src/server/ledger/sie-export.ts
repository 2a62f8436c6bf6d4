import { sql } from 'drizzle-orm';
import { documentSupply, type SupplyNature } from '@/shared/invoicing/bas-accounts';
import type { VatTreatment } from '@/shared/invoicing/vat-treatment';
import type { DocumentKind } from '@/shared/ledger';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { reminderChargesSql } from '@/server/reminders';
import {
  notFromSuspense,
  sieMoneyColumns,
  sieMoneyVerification,
  suspenseMoves,
  suspenseReceipts,
  type SieMoneyRow,
} from './sie-money';
import {
  encodeSieLines,
  sieHeaderLines,
  sieInvoiceVerification,
  siePaymentVerification,
  sieReminderVerification,
  type SieHeader,
} from '@/server/invoicing';

/**
 * The SIE 4 file of a period, read from the ledger: every document issued in it (series A) and
 * every payment and refund whose money moved in it (series B), each on its own day and amount.
 * A verification's number is its row's id in the ledger (documents.id, payments.id): exporting the
 * same period twice, or overlapping periods, gives every verification the same number again, so
 * an accounting program that imports a file twice recognises what it already has.
 */

const BATCH = 1000;

type DocumentRow = {
  id: string;
  kind: DocumentKind;
  number: string;
  corrects: string | null;
  corrects_kind: DocumentKind | null;
  supply: SupplyNature | null;
  day: string;
  customer: string;
  vat_treatment: VatTreatment;
  net: string;
  vat: string;
  total: string;
  /** A reminder: its fee and interest, and the invoice it reminds of. */
  fee: string | null;
  interest: string | null;
  reminds: string | null;
};

type PaymentRow = SieMoneyRow;

/** The period's documents in number order, in keyset batches (memory flat for any period). */
async function* documentVerifications(db: Db, from: string, to: string): AsyncGenerator<Buffer> {
  let after = { day: '0001-01-01', seq: '0' };
  for (;;) {
    const rows = await queryRows<DocumentRow & { seq: string }>(
      db,
      sql`SELECT d.id::text AS id, d.seq::text AS seq, d.kind, d.number, c.number AS corrects, c.kind AS corrects_kind, coalesce(d.snapshot->>'supply', c.snapshot->>'supply') AS supply,
          to_char(d.issued_on, 'YYYY-MM-DD') AS day, coalesce(o.customer_organization, o.customer_name) AS customer,
          d.vat_treatment, d.net::text AS net, d.vat::text AS vat, d.total::text AS total,
          r.fee::text AS fee, r.interest::text AS interest, i.number AS reminds
        FROM documents d JOIN orders o ON o.id = d.order_id LEFT JOIN documents c ON c.id = d.corrects_document_id
          LEFT JOIN ${reminderChargesSql} r ON r.document_id = d.id LEFT JOIN documents i ON i.id = r.invoice_id
        WHERE d.issued_on >= ${from}::date AND d.issued_on <= ${to}::date
          AND (d.issued_on, d.seq) > (${after.day}::date, ${after.seq}::bigint)
        ORDER BY d.issued_on, d.seq LIMIT ${BATCH}`,
    );
    const lines = rows.flatMap((row) =>
      row.kind === 'reminder'
        ? // A reminder that charges nothing books nothing.
          row.total === '0.00'
          ? []
          : sieReminderVerification(
              {
                number: row.number,
                invoiceNumber: row.reminds ?? '',
                date: row.day,
                customer: row.customer,
                fee: row.fee ?? '0.00',
                interest: row.interest ?? '0.00',
                total: row.total,
              },
              Number(row.id),
            )
        : sieInvoiceVerification(
            {
              invoiceNumber: row.number,
              corrects: row.corrects,
              date: row.day,
              customer: row.customer,
              vatTreatment: row.vat_treatment,
              supply: documentSupply(row.kind, row.corrects_kind, row.supply),
              net: row.net,
              vat: row.vat,
              total: row.total,
            },
            Number(row.id),
          ),
    );
    if (lines.length > 0) yield encodeSieLines(lines);
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = { day: last.day, seq: last.seq };
  }
}

/** The period's payments and refunds by day, in keyset batches. */
async function* paymentVerifications(db: Db, from: string, to: string): AsyncGenerator<Buffer> {
  let after = { day: '0001-01-01', id: '0' };
  for (;;) {
    const rows = await queryRows<PaymentRow>(
      db,
      sql`SELECT p.id::text AS id, d.number, to_char(p.paid_on, 'YYYY-MM-DD') AS day, p.amount::text AS amount,
          ${sieMoneyColumns}
        FROM payments p JOIN documents d ON d.id = p.document_id
        WHERE p.paid_on >= ${from}::date AND p.paid_on <= ${to}::date AND ${notFromSuspense}
          AND (p.paid_on, p.id) > (${after.day}::date, ${after.id}::bigint)
        ORDER BY p.paid_on, p.id LIMIT ${BATCH}`,
    );
    const lines = rows.flatMap(
      (row) =>
        sieMoneyVerification(row) ??
        siePaymentVerification(
          { invoiceNumber: row.number, date: row.day, amount: row.amount },
          Number(row.id),
        ),
    );
    if (lines.length > 0) yield encodeSieLines(lines);
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = { day: last.day, id: last.id };
  }
}

/** The whole file as PC8 bytes, a batch at a time. */
export async function* sieFile(db: Db, header: SieHeader): AsyncGenerator<Buffer> {
  yield encodeSieLines(sieHeaderLines(header));
  yield* documentVerifications(db, header.from, header.to);
  yield* paymentVerifications(db, header.from, header.to);
  yield* suspenseReceipts(db, header.from, header.to);
  yield* suspenseMoves(db, header.from, header.to);
}
