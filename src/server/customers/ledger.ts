import { sql } from 'drizzle-orm';
import type { CalendarDate } from '@/shared/dates';
import { adminDocumentPdfPath, decimalFromOre, oreFromDecimal } from '@/shared/ledger';
import { daysOverdue } from '@/shared/receivables/aging';
import {
  customerPaths,
  type CustomerLedger,
  type CustomerLedgerLine,
  type CustomerList,
  type CustomerOpenItem,
  type CustomerSummary,
} from '@/shared/receivables/reminders';
import { maskPersonalNumber } from '@/shared/swedish-id';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';

/**
 * The customer ledger (kundreskontra): who owes what, over every order. A customer is a company by
 * its organisation number (with its country: a foreign registration number is another register),
 * or an individual by personnummer, else by email address. The id the API uses is a hash of that
 * identity, so no personnummer travels in a URL or a log line.
 *
 * Balances on a day D count documents issued on or before D and payments made on or before D:
 * exactly the verifications of the SIE export up to D, so the sum of every customer's balance is
 * the receivables account 1510 that day (customers.test.ts computes both).
 */

/** The identity of an order's customer, as SQL over the orders row `o`. */
const identityKey = sql.raw(`CASE
    WHEN o.customer_type = 'company' AND coalesce(o.customer_org_number, '') <> ''
      THEN 'org:' || o.country_code || ':' || upper(regexp_replace(o.customer_org_number, '[^0-9A-Za-z]', '', 'g'))
    WHEN coalesce(o.customer_personal_number, '') <> ''
      THEN 'pnr:' || regexp_replace(o.customer_personal_number, '[^0-9]', '', 'g')
    ELSE 'email:' || lower(o.customer_email) END`);
const customerId = sql`left(encode(sha256(convert_to(${identityKey}, 'UTF8')), 'hex'), 24)`;

type OpenRow = {
  customer_id: string;
  customer_type: 'company' | 'personal';
  name: string;
  org_number: string | null;
  personal_number: string | null;
  email: string;
  order_date: string;
  order_number: string;
  id: string;
  kind: CustomerOpenItem['kind'];
  number: string;
  issued_on: string;
  due_on: string | null;
  ocr: string | null;
  balance: string;
};

/** What is still open on each document on day `asOf` (documents of the customers `where` allows). */
async function openDocuments(db: Db, asOf: CalendarDate, where: ReturnType<typeof sql>): Promise<OpenRow[]> {
  return queryRows<OpenRow>(
    db,
    sql`SELECT ${customerId} AS customer_id, o.customer_type, coalesce(o.customer_organization, o.customer_name) AS name,
        o.customer_org_number AS org_number, o.customer_personal_number AS personal_number, o.customer_email AS email,
        to_char(o.order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS order_date, o.order_number,
        d.id::text AS id, d.kind, d.number, to_char(d.issued_on, 'YYYY-MM-DD') AS issued_on,
        to_char(d.due_on, 'YYYY-MM-DD') AS due_on, d.ocr, b.balance::text AS balance
      FROM documents d JOIN orders o ON o.id = d.order_id
      CROSS JOIN LATERAL (SELECT d.total
          + coalesce((SELECT sum(c.total) FROM documents c
              WHERE c.corrects_document_id = d.id AND c.issued_on <= ${asOf}::date), 0)
          - coalesce((SELECT sum(p.amount) FROM payments p
              WHERE p.document_id = d.id AND p.paid_on <= ${asOf}::date), 0) AS balance) b
      WHERE d.kind <> 'credit_note' AND d.issued_on <= ${asOf}::date AND b.balance <> 0 AND ${where}
      ORDER BY d.issued_on, d.seq`,
  );
}

export function identityOf(
  row: Pick<OpenRow, 'customer_type' | 'org_number' | 'personal_number' | 'email'>,
): string {
  if (row.customer_type === 'company' && row.org_number) return row.org_number;
  if (row.personal_number) return maskPersonalNumber(row.personal_number);
  return row.email;
}

function summaries(rows: readonly OpenRow[], asOf: CalendarDate): CustomerSummary[] {
  const byCustomer = new Map<
    string,
    { latest: OpenRow; orders: Set<string>; balance: number; overdue: number }
  >();
  for (const row of rows) {
    const entry = byCustomer.get(row.customer_id) ?? {
      latest: row,
      orders: new Set<string>(),
      balance: 0,
      overdue: 0,
    };
    if (row.order_date > entry.latest.order_date) entry.latest = row;
    entry.orders.add(row.order_number);
    const balance = oreFromDecimal(row.balance);
    entry.balance += balance;
    if (row.due_on && balance > 0 && daysOverdue(row.due_on as CalendarDate, asOf) > 0)
      entry.overdue += balance;
    byCustomer.set(row.customer_id, entry);
  }
  return [...byCustomer.entries()]
    .map(([id, entry]) => ({
      id,
      kind: entry.latest.customer_type === 'company' ? ('company' as const) : ('individual' as const),
      name: entry.latest.name,
      identity: identityOf(entry.latest),
      email: entry.latest.email,
      orders: entry.orders.size,
      balance: decimalFromOre(entry.balance),
      overdue: decimalFromOre(entry.overdue),
    }))
    .filter((customer) => customer.balance !== '0.00')
    .sort((a, b) => oreFromDecimal(b.balance) - oreFromDecimal(a.balance) || a.name.localeCompare(b.name));
}

/** Every customer with an open balance on the day, and their sum (= 1510 that day). */
export async function customerList(db: Db, asOf: CalendarDate): Promise<CustomerList> {
  const customers = summaries(await openDocuments(db, asOf, sql`TRUE`), asOf);
  const total = customers.reduce((sum, customer) => sum + oreFromDecimal(customer.balance), 0);
  return { asOf, customers, total: decimalFromOre(total) };
}

/** The orders of one customer (by its id), newest first; empty for an unknown id. */
async function ordersOf(db: Db, id: string) {
  return queryRows<{
    id: string;
    order_number: string;
    customer_type: 'company' | 'personal';
    name: string;
    org_number: string | null;
    personal_number: string | null;
    email: string;
    country_code: string;
  }>(
    db,
    sql`SELECT o.id::text AS id, o.order_number, o.customer_type, coalesce(o.customer_organization, o.customer_name) AS name,
        o.customer_org_number AS org_number, o.customer_personal_number AS personal_number, o.customer_email AS email,
        o.country_code
      FROM orders o WHERE ${customerId} = ${id} ORDER BY o.order_date DESC, o.id DESC`,
  );
}

export interface CustomerLedgerFull extends CustomerLedger {
  /** The customer's latest order: the statement email goes through it, in its language. */
  latestOrderId: number;
  language: 'sv' | 'en';
  /** Each open item's OCR reference, for the statement. */
  ocrs: Record<string, string | null>;
}

/** One customer's ledger on a day: every document and payment, the running balance, what is open. */
export async function customerLedger(
  db: Db,
  id: string,
  asOf: CalendarDate,
): Promise<CustomerLedgerFull | undefined> {
  const orders = await ordersOf(db, id);
  const latest = orders[0];
  if (!latest) return undefined;
  const orderIds = `{${orders.map((o) => o.id).join(',')}}`;
  const entries = await queryRows<{
    date: string;
    kind: CustomerLedgerLine['kind'];
    number: string;
    order_number: string;
    due_on: string | null;
    amount: string;
    sort: string;
  }>(
    db,
    sql`SELECT * FROM (
        SELECT to_char(d.issued_on, 'YYYY-MM-DD') AS date, d.kind, d.number, o.order_number,
          to_char(d.due_on, 'YYYY-MM-DD') AS due_on, d.total::text AS amount, '0-' || lpad(d.seq::text, 20, '0') AS sort
        FROM documents d JOIN orders o ON o.id = d.order_id
        WHERE d.order_id = ANY(${orderIds}::bigint[]) AND d.issued_on <= ${asOf}::date AND d.total <> 0
        UNION ALL
        SELECT to_char(p.paid_on, 'YYYY-MM-DD'), CASE WHEN p.amount > 0 THEN 'payment' ELSE 'refund' END, d.number,
          o.order_number, NULL, (-p.amount)::text, '1-' || lpad(p.id::text, 20, '0')
        FROM payments p JOIN documents d ON d.id = p.document_id JOIN orders o ON o.id = d.order_id
        WHERE d.order_id = ANY(${orderIds}::bigint[]) AND p.paid_on <= ${asOf}::date
      ) entries ORDER BY date, sort`,
  );
  let running = 0;
  const lines: CustomerLedgerLine[] = entries.map((entry) => {
    running += oreFromDecimal(entry.amount);
    const isDocument = entry.kind !== 'payment' && entry.kind !== 'refund';
    return {
      date: entry.date,
      kind: entry.kind,
      number: entry.number,
      orderNumber: entry.order_number,
      dueOn: entry.due_on,
      amount: entry.amount,
      balance: decimalFromOre(running),
      pdf: isDocument ? adminDocumentPdfPath(entry.order_number, entry.number) : null,
    };
  });
  const openRows = await openDocuments(db, asOf, sql`d.order_id = ANY(${orderIds}::bigint[])`);
  const open: CustomerOpenItem[] = openRows.map((row) => ({
    number: row.number,
    kind: row.kind,
    orderNumber: row.order_number,
    issuedOn: row.issued_on,
    dueOn: row.due_on,
    daysOverdue: row.due_on ? daysOverdue(row.due_on as CalendarDate, asOf) : 0,
    balance: row.balance,
  }));
  const overdue = open
    .filter((item) => item.daysOverdue > 0 && oreFromDecimal(item.balance) > 0)
    .reduce((sum, item) => sum + oreFromDecimal(item.balance), 0);
  return {
    id,
    kind: latest.customer_type === 'company' ? 'company' : 'individual',
    name: latest.name,
    identity: identityOf(latest),
    email: latest.email,
    orders: orders.length,
    balance: decimalFromOre(running),
    overdue: decimalFromOre(overdue),
    asOf,
    lines,
    open,
    statementPdf: customerPaths.statementPdf(id),
    latestOrderId: Number(latest.id),
    language: latest.country_code === 'SE' ? 'sv' : 'en',
    ocrs: Object.fromEntries(openRows.map((row) => [row.number, row.ocr])),
  };
}
