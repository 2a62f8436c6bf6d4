import { enqueueEmail } from '@/server/email';
import { sql } from 'drizzle-orm';
import type { CalendarDate } from '@/shared/dates';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { reminderMessages } from '@/shared/i18n/messages/reminders';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { renderStatementPdfOffThread } from '@/server/invoicing';
import type { CustomerLedgerFull } from './ledger';

/** The statement of account (kontoutdrag) of a customer's ledger, as a PDF in the customer's language. */
export function statementPdf(ledger: CustomerLedgerFull, config: Config, now = new Date()): Promise<Buffer> {
  const t = translate(reminderMessages, ledger.language);
  const label = (kind: string, number: string) => `${t[`line_${kind}` as 'line_invoice']} ${number}`;
  return renderStatementPdfOffThread({
    language: ledger.language,
    asOf: ledger.asOf,
    created: now,
    seller: config.seller,
    customer: { name: ledger.name, identity: ledger.identity, email: ledger.email },
    lines: ledger.lines.map((line) => ({
      date: line.date,
      label: label(line.kind, line.number),
      dueOn: line.dueOn,
      amount: line.amount,
      balance: line.balance,
    })),
    open: ledger.open.map((item) => ({
      label: label(item.kind, item.number),
      dueOn: item.dueOn,
      ocr: ledger.ocrs[item.number] ?? null,
      balance: item.balance,
    })),
    balance: ledger.balance,
  });
}

/** Stores the statement as sent and queues its email (through the customer's latest order). */
export async function queueStatement(
  db: Db,
  ledger: CustomerLedgerFull,
  pdf: Buffer,
  sentBy: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO customer_statements (customer_id, as_of, language, email, pdf, sent_by)
        VALUES (${ledger.id}, ${ledger.asOf}::date, ${ledger.language}, ${ledger.email}, ${pdf}, ${sentBy})
        RETURNING id::text AS id`,
    );
    if (!row) throw new Error('statement not stored');
    await enqueueEmail(tx, { orderId: ledger.latestOrderId, kind: 'statement', ref: row.id });
    return Number(row.id);
  });
}

/** A statement as it was sent (the PDF as made then), or undefined. */
export async function sentStatement(
  db: Db,
  statementId: number | null,
): Promise<{ asOf: CalendarDate; language: Locale; email: string; pdf: Uint8Array } | undefined> {
  const [row] = await queryRows<{ as_of: CalendarDate; language: Locale; email: string; pdf: Uint8Array }>(
    db,
    sql`SELECT to_char(as_of, 'YYYY-MM-DD') AS as_of, language, email, pdf
      FROM customer_statements WHERE id = ${statementId ?? 0}::bigint`,
  );
  return row && { asOf: row.as_of, language: row.language, email: row.email, pdf: row.pdf };
}
