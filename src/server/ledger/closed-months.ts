import { sql } from 'drizzle-orm';
import { stockholmDate } from '@/shared/dates';
import type { Locale } from '@/shared/i18n/locale';
import { bookkeepingMessages } from '@/shared/i18n/messages/bookkeeping';
import type { ClosedMonth } from '@/shared/vat-report';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';

/**
 * Closed months. Bokföringslagen (1999:1078) 5 kap. 2 § and 5 § want business events booked in
 * order and kept durable; BFNAR 2013:2 (Bokföring), the general advice to 5 kap., has a period
 * closed once its VAT return is filed ("periodavslutning"): nothing is booked in it afterwards, a
 * correction is a new verification in the open period. The bookkeeper closes a month that has
 * ended; every document is dated the day it is issued (always after a closed month), so what can
 * be dated in one is a payment or refund typed in with its day, and that is refused.
 */

export type CloseMonthResult = 'closed' | 'not-ended' | 'already-closed';

/** Closes `month` (YYYY-MM) once it has ended in Stockholm. */
export async function closeMonth(db: Db, month: string, closedBy: string): Promise<CloseMonthResult> {
  if (month >= stockholmDate(new Date()).slice(0, 7)) return 'not-ended';
  const inserted = await queryRows<{ month: string }>(
    db,
    sql`INSERT INTO closed_months (month, closed_by) VALUES (${month}, ${closedBy})
      ON CONFLICT (month) DO NOTHING RETURNING month`,
  );
  return inserted.length > 0 ? 'closed' : 'already-closed';
}

export async function closedMonthList(db: Db): Promise<ClosedMonth[]> {
  const rows = await queryRows<{ month: string; closed_at: string; closed_by: string | null }>(
    db,
    sql`SELECT c.month, to_char(c.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS closed_at,
        c.closed_by
      FROM closed_months c ORDER BY c.month DESC`,
  );
  return rows.map((row) => ({ month: row.month, closedAt: row.closed_at, closedBy: row.closed_by }));
}

/** Whether the month of `day` (YYYY-MM-DD) is closed. */
export async function isClosedDay(db: Db, day: string): Promise<boolean> {
  const rows = await queryRows<{ month: string }>(
    db,
    sql`SELECT month FROM closed_months WHERE month = ${day.slice(0, 7)}`,
  );
  return rows.length > 0;
}

export type PaymentDayProblem =
  { problem: 'closed'; month: string } | { problem: 'before-document'; number: string; issuedOn: string };

/**
 * Why money cannot be booked on `paidOn` against the document: its month is closed, or the day is
 * before the document's own date (money for an invoice not yet issued is no payment of it). A
 * future day is refused by the route's schema already.
 */
export async function paymentDayProblem(
  db: Db,
  document: { number: string; issuedOn: string },
  paidOn: string,
): Promise<PaymentDayProblem | undefined> {
  if (await isClosedDay(db, paidOn)) return { problem: 'closed', month: paidOn.slice(0, 7) };
  if (paidOn < document.issuedOn)
    return { problem: 'before-document', number: document.number, issuedOn: document.issuedOn };
  return undefined;
}

/** The refusal of a payment's day in the reader's language, or undefined when the day may be booked. */
export async function paymentDayRefusal(
  db: Db,
  document: { number: string; issuedOn: string },
  paidOn: string,
  locale: Locale,
): Promise<string | undefined> {
  const found = await paymentDayProblem(db, document, paidOn);
  const t = bookkeepingMessages[locale];
  if (!found) return undefined;
  return found.problem === 'closed' ? t.paidOnClosed({ month: found.month }) : t.paidOnBeforeDocument(found);
}
