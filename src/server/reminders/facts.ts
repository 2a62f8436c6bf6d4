import { sql, type SQL } from 'drizzle-orm';

/**
 * Reminders' charges as a derived table for a join in another domain's statement (the bookkeeping
 * export books each reminder's fee and interest): document_id (the reminder's own document),
 * invoice_id (the invoice it reminds of), fee, interest.
 * E.g. `LEFT JOIN ${reminderChargesSql} r ON r.document_id = d.id`.
 */
export const reminderChargesSql: SQL = sql`(SELECT document_id, invoice_id, fee, interest FROM reminders)`;
