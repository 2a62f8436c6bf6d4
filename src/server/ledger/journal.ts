import { sql } from 'drizzle-orm';
import {
  basAccounts,
  documentSupply,
  salesAccount,
  type SupplyNature,
} from '@/shared/invoicing/bas-accounts';
import type { VatTreatment } from '@/shared/invoicing/vat-treatment';
import type { DocumentKind, JournalEntry } from '@/shared/ledger';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { reminderChargesSql } from '@/server/reminders';

/**
 * The invoice journal (fakturajournal) of a period: every invoice, supplementary invoice and credit
 * note issued in it, in number order, with the customer, net, VAT, total, and for an invoice what
 * was paid on it and what is left after its credit notes, and the BAS sales account the SIE export
 * books it to (the one table, bas-accounts.ts). The register an auditor reads to see that no number
 * is missing (Bokföringslagen 1999:1078, 5 kap. 6–7 §§: every business event documented
 * and kept in order).
 */
export async function invoiceJournal(db: Db, from: string, to: string): Promise<JournalEntry[]> {
  const rows = await queryRows<{
    kind: JournalEntry['kind'];
    number: string;
    issued_on: string;
    customer: string;
    corrects: string | null;
    corrects_kind: DocumentKind | null;
    supply: SupplyNature | null;
    vat_treatment: VatTreatment;
    net: string;
    vat: string;
    total: string;
    paid: string | null;
    balance: string | null;
    fee: string | null;
    interest: string | null;
  }>(
    db,
    sql`SELECT d.kind, d.number, to_char(d.issued_on, 'YYYY-MM-DD') AS issued_on,
          coalesce(o.customer_organization, o.customer_name) AS customer, c.number AS corrects, c.kind AS corrects_kind, coalesce(d.snapshot->>'supply', c.snapshot->>'supply') AS supply, d.vat_treatment,
          d.net::text AS net, d.vat::text AS vat, d.total::text AS total,
          CASE WHEN d.kind <> 'credit_note' THEN paid.amount::numeric(14, 2)::text END AS paid,
          CASE WHEN d.kind <> 'credit_note'
            THEN (d.total + credited.amount - paid.amount)::numeric(14, 2)::text END AS balance,
          r.fee::text AS fee, r.interest::text AS interest
        FROM documents d
          LEFT JOIN ${reminderChargesSql} r ON r.document_id = d.id
          JOIN orders o ON o.id = d.order_id
          LEFT JOIN documents c ON c.id = d.corrects_document_id
          CROSS JOIN LATERAL (SELECT coalesce(sum(p.amount), 0) AS amount FROM payments p
            WHERE p.document_id = d.id) paid
          CROSS JOIN LATERAL (SELECT coalesce(sum(k.total), 0) AS amount FROM documents k
            WHERE k.corrects_document_id = d.id) credited
        WHERE d.issued_on >= ${from}::date AND d.issued_on <= ${to}::date
        ORDER BY d.seq`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    number: row.number,
    issuedOn: row.issued_on,
    customer: row.customer,
    corrects: row.corrects,
    net: row.net,
    vat: row.vat,
    total: row.total,
    paid: row.paid,
    balance: row.balance,
    account:
      row.kind === 'reminder'
        ? reminderAccounts(row.fee, row.interest)
        : salesAccount(row.vat_treatment, documentSupply(row.kind, row.corrects_kind, row.supply)),
  }));
}

/**
 * A reminder's fee and interest are no sale (no net turnover, Årsredovisningslagen 1995:1554,
 * 1 kap. 3 §): its accounts are the SIE's, 3930 for the fee and 8313 for the interest.
 */
function reminderAccounts(fee: string | null, interest: string | null): string {
  const charged = (amount: string | null) => amount !== null && Number(amount) !== 0;
  const accounts = [
    ...(charged(fee) || !charged(interest) ? [basAccounts.reminderFees.number] : []),
    ...(charged(interest) ? [basAccounts.lateInterest.number] : []),
  ];
  return accounts.join(', ');
}

/** A cell a spreadsheet would run as a formula (=, @, tab, CR, or a sign before anything but a number). */
const harmlessSigned = /^[+-][0-9 ().,-]*$/;
function journalCell(value: string | null): string {
  let text = value ?? '';
  if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !harmlessSigned.test(text))) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The journal as CSV (UTF-8 with a byte-order mark, comma-separated, decimal point, CRLF). */
export function journalCsv(entries: readonly JournalEntry[], header: readonly string[]): string {
  const lines = [
    header,
    ...entries.map((e) => [
      e.number,
      e.kind,
      e.issuedOn,
      e.customer,
      e.corrects,
      e.net,
      e.vat,
      e.total,
      e.paid,
      e.balance,
      e.account,
    ]),
  ];
  return `\uFEFF${lines.map((cells) => `${cells.map(journalCell).join(',')}\r\n`).join('')}`;
}
