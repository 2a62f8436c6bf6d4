/**
 * The money view: open invoices (what is still to pay on each, after credit notes and payments)
 * on a day, with due date, last day to pay, days overdue and payment state, and the aging summary
 * over all of them. Everything is counted as of the day asked: documents issued and payments made
 * on it or before. The aging total is the sum of every invoice's balance, so it equals the balance
 * of account 1510 Kundfordringar in the SIE export up to that day (aging-sie.test.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDays, type CalendarDate } from '@/shared/dates';
import { decimalFromOre, oreFromDecimal, paymentState } from '@/shared/ledger';
import type { Milli } from '@/shared/money';
import type { agingBuckets } from '@/shared/receivables/aging';
import { agingBucket, agingSummary, daysOverdue, lastDayToPay } from '@/shared/receivables/aging';
import type { OpenInvoice, ReceivablesAnswer, ReceivablesFilter } from '@/shared/receivables/bank-payments';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';

/** At most this many invoices in one answer (the aging covers them all). */
export const OPEN_INVOICES_LIMIT = 500;

/**
 * Each invoice's sums on `on`: credited (negative), received and refunded, and its balance. A
 * lateral join per invoice (payments_document_idx, documents_corrects_idx).
 */
function invoicesOn(on: CalendarDate): SQL {
  return sql`SELECT d.id, d.number, d.kind, d.order_id, to_char(d.issued_on, 'YYYY-MM-DD') AS issued_on,
      to_char(coalesce(d.due_on, d.issued_on), 'YYYY-MM-DD') AS due_on, coalesce(d.due_on, d.issued_on) AS due_date, d.ocr, d.total,
      coalesce(c.credited, 0) AS credited, coalesce(p.received, 0) AS received, coalesce(p.refunded, 0) AS refunded,
      d.total + coalesce(c.credited, 0) - coalesce(p.received, 0) + coalesce(p.refunded, 0) AS balance
    FROM documents d
    LEFT JOIN LATERAL (SELECT sum(x.total) AS credited FROM documents x
      WHERE x.corrects_document_id = d.id AND x.issued_on <= ${on}::date) c ON TRUE
    LEFT JOIN LATERAL (SELECT sum(y.amount) FILTER (WHERE y.amount > 0) AS received,
        -sum(y.amount) FILTER (WHERE y.amount < 0) AS refunded
      FROM payments y WHERE y.document_id = d.id AND y.paid_on <= ${on}::date) p ON TRUE
    WHERE d.kind <> 'credit_note' AND d.issued_on <= ${on}::date`;
}

/** The latest due date whose last day to pay is before `day` (lastDayToPay never goes backwards). */
function lastDueBefore(day: CalendarDate): CalendarDate {
  let due = addDays(day, -1);
  while (lastDayToPay(due) >= day) due = addDays(due, -1);
  return due;
}

/** Sunday of the week (Monday to Sunday, as Swedish calendars count it) that `day` is in. */
function endOfWeek(day: CalendarDate): CalendarDate {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, (7 - weekday) % 7);
}

/** `%` and `_` typed in the customer filter are letters, not patterns. */
const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface OpenInvoicesQuery {
  on: CalendarDate;
  filter: ReceivablesFilter;
  customer?: string;
}

export async function receivables(db: Db, query: OpenInvoicesQuery): Promise<ReceivablesAnswer> {
  const { on } = query;
  const agingRows = await queryRows<{ due_on: string; n: string; amount: string }>(
    db,
    sql`SELECT i.due_on, count(*)::text AS n, sum(i.balance)::text AS amount
      FROM (${invoicesOn(on)}) i WHERE i.balance <> 0 GROUP BY i.due_on`,
  );
  const summary = agingSummary(
    agingRows.flatMap((row) =>
      // Balances of one due date summed in the database; each row is one line of that date.
      [{ dueDate: row.due_on as CalendarDate, balance: (oreFromDecimal(row.amount) * 10) as Milli }],
    ),
    on,
  );
  const counts = new Map<string, number>();
  for (const row of agingRows) {
    const bucket = agingBucket(row.due_on as CalendarDate, on);
    counts.set(bucket, (counts.get(bucket) ?? 0) + Number(row.n));
  }
  const bucketOf = (bucket: (typeof agingBuckets)[number]) => ({
    count: counts.get(bucket) ?? 0,
    amount: decimalFromOre(summary[bucket].amount / 10),
  });
  const aging: ReceivablesAnswer['aging'] = {
    not_due: bucketOf('not_due'),
    days_1_30: bucketOf('days_1_30'),
    days_31_60: bucketOf('days_31_60'),
    days_61_90: bucketOf('days_61_90'),
    over_90: bucketOf('over_90'),
    total: decimalFromOre(summary.total / 10),
  };

  const conditions: SQL[] = [sql`i.balance <> 0`];
  if (query.filter === 'overdue') conditions.push(sql`i.due_date <= ${lastDueBefore(on)}::date`);
  if (query.filter === 'due_this_week')
    conditions.push(
      sql`i.due_date > ${lastDueBefore(on)}::date AND i.due_date <= ${lastDueBefore(addDays(endOfWeek(on), 1))}::date`,
    );
  if (query.filter === 'partly_paid')
    conditions.push(sql`i.received - i.refunded > 0 AND i.received - i.refunded < i.total + i.credited`);
  const customer = query.customer?.trim();
  if (customer) {
    const pattern = `%${likeEscape(customer)}%`;
    conditions.push(
      sql`(o.customer_name ILIKE ${pattern} OR o.customer_organization ILIKE ${pattern}
        OR o.customer_email ILIKE ${pattern} OR o.customer_org_number ILIKE ${pattern})`,
    );
  }
  const rows = await queryRows<{
    number: string;
    kind: OpenInvoice['kind'];
    order_number: string;
    customer: string;
    issued_on: string;
    due_on: string;
    ocr: string | null;
    total: string;
    credited: string;
    received: string;
    refunded: string;
    balance: string;
  }>(
    db,
    sql`SELECT i.number, i.kind, o.order_number, coalesce(nullif(o.customer_organization, ''), o.customer_name) AS customer,
        i.issued_on, i.due_on, i.ocr, i.total::text AS total, i.credited::text AS credited,
        i.received::text AS received, i.refunded::text AS refunded, i.balance::text AS balance
      FROM (${invoicesOn(on)}) i JOIN orders o ON o.id = i.order_id
      WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY i.due_date, i.number LIMIT ${OPEN_INVOICES_LIMIT + 1}`,
  );
  const invoices: OpenInvoice[] = rows.slice(0, OPEN_INVOICES_LIMIT).map((row) => {
    const due = row.due_on as CalendarDate;
    const sums = {
      invoiced: oreFromDecimal(row.total),
      credited: -oreFromDecimal(row.credited),
      received: oreFromDecimal(row.received),
      refunded: oreFromDecimal(row.refunded),
    };
    return {
      number: row.number,
      orderNumber: row.order_number,
      kind: row.kind,
      customer: row.customer,
      issuedOn: row.issued_on,
      dueOn: row.due_on,
      lastDayToPay: lastDayToPay(due),
      daysOverdue: daysOverdue(due, on),
      ocr: row.ocr,
      total: row.total,
      paid: decimalFromOre(sums.received - sums.refunded),
      balance: row.balance,
      paymentState: paymentState(sums),
    };
  });
  return { on, aging, invoices, truncated: rows.length > OPEN_INVOICES_LIMIT };
}
