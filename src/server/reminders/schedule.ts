import { sql } from 'drizzle-orm';
import { addDays, stockholmDate, type CalendarDate } from '@/shared/dates';
import { scheduledStep } from '@/shared/receivables/reminders';
import type { AppContext } from '@/server/context';
import { queryRows } from '@/server/db/query-rows';
import { documentById } from '@/server/ledger';
import { cancelledOrderIdsSql, findOrderByNumber, orderNumbersSql } from '@/server/orders';
import { issueReminder } from './issue';

/** At most this many invoices are looked at per round, so one round stays short; the next goes on. */
const ROUND_LIMIT = 200;

/**
 * The automatic reminders (REMINDER_SCHEDULE_DAYS, off by default), one round of housekeeping:
 * every open, undisputed invoice whose schedule step is due and not yet taken gets one reminder
 * for that step. Idempotent: a step is taken when a reminder of the invoice went out on or after
 * the step's day (by hand or by the schedule), and the database refuses a second reminder for one
 * step (reminders_invoice_step_idx), so several instances running at once send it once.
 */
export async function sendScheduledReminders(context: AppContext, now = new Date()): Promise<number> {
  const schedule = context.config.receivables.reminderSchedule;
  const first = schedule[0];
  if (first === undefined) return 0;
  const db = context.database.db;
  const today = stockholmDate(now);
  // The last day to pay is the due date or a few days after it (a weekend, a holiday), never before.
  const dueBy = addDays(today, -first);
  const candidates = await queryRows<{
    id: string;
    order_number: string;
    due_on: string;
    last_reminder: string | null;
  }>(
    db,
    sql`SELECT d.id::text AS id, o.order_number, to_char(d.due_on, 'YYYY-MM-DD') AS due_on,
        (SELECT to_char(max(x.issued_on), 'YYYY-MM-DD') FROM reminders r JOIN documents x ON x.id = r.document_id
          WHERE r.invoice_id = d.id) AS last_reminder
      FROM documents d JOIN ${orderNumbersSql} o ON o.id = d.order_id
      WHERE d.kind IN ('invoice', 'supplementary_invoice') AND d.due_on <= ${dueBy}::date
        AND NOT EXISTS (SELECT 1 FROM invoice_disputes x WHERE x.invoice_id = d.id AND x.lifted_at IS NULL)
        AND d.order_id NOT IN ${cancelledOrderIdsSql}
        AND d.total + coalesce((SELECT sum(c.total) FROM documents c WHERE c.corrects_document_id = d.id), 0)
          - coalesce((SELECT sum(p.amount) FROM payments p WHERE p.document_id = d.id), 0) > 0
      ORDER BY d.due_on, d.id LIMIT ${ROUND_LIMIT}`,
  );
  let sent = 0;
  for (const candidate of candidates) {
    const step = scheduledStep(schedule, candidate.due_on as CalendarDate, today);
    if (!step) continue;
    if (candidate.last_reminder !== null && candidate.last_reminder >= step.dueOn) continue;
    const [invoice, order] = await Promise.all([
      documentById(db, Number(candidate.id)),
      findOrderByNumber(context.database, candidate.order_number),
    ]);
    if (!invoice || !order) continue;
    try {
      const result = await issueReminder(
        db,
        order,
        invoice,
        context.config,
        {
          staffId: null,
          name: null,
          step: step.step,
        },
        now,
      );
      if (result.ok) sent += 1;
    } catch (error) {
      // Another instance took the step a moment ago (the unique index): nothing to do.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
      const message = error instanceof Error ? error.message : '';
      if (!/reminders_invoice_step_idx|reminders_one_fee_idx/.test(`${message} ${cause}`)) throw error;
    }
  }
  return sent;
}
