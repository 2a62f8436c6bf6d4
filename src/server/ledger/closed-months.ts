import { sql } from 'drizzle-orm';
import { stockholmDate } from '@/shared/dates';
import type { Locale } from '@/shared/i18n/locale';
import { bookkeepingMessages } from '@/shared/i18n/messages/bookkeeping';
import { ledgerMessages } from '@/shared/i18n/messages/ledger';
import type { ClosedMonth } from '@/shared/vat-report';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';

/**
 * Closed months. Bokföringslagen (1999:1078) 5 kap. 2 § and 5 § want business events booked in
 * order and kept durable; BFNAR 2013:2 (Bokföring), the general advice to 5 kap., has a period
 * closed once its VAT return is filed ("periodavslutning"): nothing is booked in it afterwards, a
 * correction is a new verification in the open period. The bookkeeper closes a month that has
 * ended; every document is dated the day it is issued (always after a closed month), so what can
 * be dated in one is a payment or refund typed in with its day, or a bank file's line: the first is
 * refused, the second waits on the suspense account in the open period (docs/decisions/0075).
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

/** The closed months (YYYY-MM) among the months of `days` (all of them when `days` is absent). */
export async function closedMonthsOf(db: Db, days?: readonly string[]): Promise<Set<string>> {
  const months = days === undefined ? undefined : [...new Set(days.map((day) => day.slice(0, 7)))];
  if (months?.length === 0) return new Set();
  const rows = await queryRows<{ month: string }>(
    db,
    months === undefined
      ? sql`SELECT month FROM closed_months`
      : sql`SELECT month FROM closed_months WHERE month = ANY(${`{${months.join(',')}}`}::text[])`,
  );
  return new Set(rows.map((row) => row.month));
}

/** Whether the month of `day` (YYYY-MM-DD) is closed. */
export async function isClosedDay(db: Db, day: string): Promise<boolean> {
  return (await closedMonthsOf(db, [day])).has(day.slice(0, 7));
}

export type PaymentDayProblem =
  | { problem: 'future'; today: string }
  | { problem: 'closed'; month: string }
  | { problem: 'before-document'; number: string; issuedOn: string };

/**
 * The one rule for the day money is booked against a document, whoever books it (the admin's
 * payment and refund, a bank file's line, a queued bank payment assigned by hand):
 * - not after today in Stockholm: Bokföringslagen (1999:1078) 5 kap. 7 §, a verification is dated
 *   the day of the business event, and money that has not arrived is no event yet;
 * - not in a closed month: 5 kap. 2 § and 5 §, BFNAR 2013:2 (see the top of this file), a
 *   correction goes into the open period;
 * - not before the document's own date: money for an invoice not yet issued is no payment of it.
 * Checked in that order; `closedMonths` holds at least the month of `paidOn` when it is closed.
 */
export function paymentDayRule(
  document: { number: string; issuedOn: string },
  paidOn: string,
  context: { today: string; closedMonths: ReadonlySet<string> },
): PaymentDayProblem | undefined {
  if (paidOn > context.today) return { problem: 'future', today: context.today };
  if (context.closedMonths.has(paidOn.slice(0, 7))) return { problem: 'closed', month: paidOn.slice(0, 7) };
  if (paidOn < document.issuedOn)
    return { problem: 'before-document', number: document.number, issuedOn: document.issuedOn };
  return undefined;
}

/** paymentDayRule with today in Stockholm and the closed months from the database. */
export async function paymentDayProblem(
  db: Db,
  document: { number: string; issuedOn: string },
  paidOn: string,
): Promise<PaymentDayProblem | undefined> {
  const today = stockholmDate(new Date());
  return paymentDayRule(document, paidOn, { today, closedMonths: await closedMonthsOf(db, [paidOn]) });
}

/** A payment day's problem as the reader is told it. */
export function describePaymentDayProblem(found: PaymentDayProblem, locale: Locale): string {
  const t = bookkeepingMessages[locale];
  switch (found.problem) {
    case 'future':
      return ledgerMessages[locale].paidOnFuture({ today: found.today });
    case 'closed':
      return t.paidOnClosed({ month: found.month });
    case 'before-document':
      return t.paidOnBeforeDocument(found);
  }
}

/** The refusal of a payment's day in the reader's language, or undefined when the day may be booked. */
export async function paymentDayRefusal(
  db: Db,
  document: { number: string; issuedOn: string },
  paidOn: string,
  locale: Locale,
): Promise<string | undefined> {
  const found = await paymentDayProblem(db, document, paidOn);
  return found && describePaymentDayProblem(found, locale);
}
