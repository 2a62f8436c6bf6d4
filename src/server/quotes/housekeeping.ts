import { sql } from 'drizzle-orm';
import { addDays, stockholmDate } from '@/shared/dates';
import type { AppContext } from '@/server/context';
import { queryRows } from '@/server/db/query-rows';
import { enqueueQuoteEmail } from '@/server/email';

/**
 * One round of quotes' housekeeping (issue 40), in Europe/Stockholm dates: every draft or sent quote
 * past its current version's last valid day is marked expired (it already reads as expired; the
 * mark is what the list filters on and what a reader of the table sees); and every sent quote whose
 * last valid day is at most QUOTE_REMINDER_DAYS away gets one reminder to its buyer, through the
 * outbox. Once per version: the quote row records the version reminded (and the outbox's unique
 * (quote, kind, version) index refuses a second), so instances at once and later rounds send it
 * once. A version given inside the window (a short validity, or staff's new version days before the
 * end) gets none: its own email is fresh. The window holds a few days' quotes, so no round limit.
 */
export async function runQuoteHousekeeping(
  context: Pick<AppContext, 'config' | 'database'>,
  now = new Date(),
): Promise<{ expired: number; reminded: number }> {
  const db = context.database.db;
  const today = stockholmDate(now);
  const expired = await queryRows<{ id: string }>(
    db,
    sql`UPDATE quotes q SET expired_at = ${now.toISOString()}::timestamptz
      FROM quote_versions v
      WHERE v.quote_id = q.id AND v.version = q.current_version
        AND q.status IN ('draft', 'sent') AND q.expired_at IS NULL AND v.valid_until < ${today}::date
      RETURNING q.id::text AS id`,
  );
  const daysBefore = context.config.quotes.reminderDaysBefore;
  if (daysBefore === 0) return { expired: expired.length, reminded: 0 };
  const lastDayReminded = addDays(today, daysBefore);
  // The row's update takes the reminder: a second instance's update waits for the first and then
  // finds the version taken. Queued in the same transaction, so a taken reminder is never lost.
  const reminded = await db.transaction(async (tx) => {
    const due = await queryRows<{ id: string; version: number }>(
      tx,
      sql`UPDATE quotes q SET expiry_reminded_version = q.current_version
        FROM quote_versions v
        WHERE v.quote_id = q.id AND v.version = q.current_version
          AND q.status = 'sent' AND q.accept_key_hash IS NULL AND q.expired_at IS NULL
          AND q.expiry_reminded_version IS DISTINCT FROM q.current_version
          AND v.valid_until BETWEEN ${today}::date AND ${lastDayReminded}::date
          AND (v.created_at AT TIME ZONE 'Europe/Stockholm')::date < v.valid_until - ${daysBefore}::integer
        RETURNING q.id::text AS id, q.current_version AS version`,
    );
    for (const quote of due)
      await enqueueQuoteEmail(tx, {
        quoteId: Number(quote.id),
        kind: 'quote_expiry_reminder',
        ref: quote.version,
      });
    return due.length;
  });
  return { expired: expired.length, reminded };
}
