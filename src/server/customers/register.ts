import { sql, type SQL } from 'drizzle-orm';
import {
  REGISTER_PAGE_SIZE,
  type RegisterCustomer,
  type RegisterPage,
  type RegisterRecord,
} from '@/shared/customer-register';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { identityOf } from './ledger';

/**
 * The customer register (issue 43, docs/customers.md): every customer who has ordered, by
 * orders.customer_key (the customer ledger's identity, stored by migration 6000), with their orders,
 * documents, turnover and balance from customer_summaries (one row per customer, kept by triggers on
 * orders, documents and payments). One statement per page: 50 summaries by an index, then the
 * page's latest orders, quotes and notes.
 */

/** The register's id of a customer_key: the customer ledger's id (ledger.ts), 24 hex digits. */
const idOf = (key: SQL) => sql`left(encode(sha256(convert_to(${key}, 'UTF8')), 'hex'), 24)`;

export interface RegisterQuery {
  /** Free text: name, email, organisation or order number (contains), or digits of an org/personnummer. */
  q?: string;
  /** Only customers with a balance (owed or owing) today: the customer ledger's list. */
  owing?: boolean;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Orders `o` whose customer matches the search: any order of theirs matches. */
function searchFilter(q: string | undefined): SQL {
  const term = q?.trim() ?? '';
  if (term === '') return sql`TRUE`;
  const like = `%${escapeLike(term)}%`;
  const digits = term.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  // The admin search's trigram expression verbatim (migration 0600), so its index serves the match.
  const matches = sql`(s.order_number || E'\\x1f' || s.customer_name || E'\\x1f' || s.customer_email || E'\\x1f' || coalesce(s.customer_organization, '')) ILIKE ${like}`;
  const byNumber =
    /^[0-9]{6,}$/.test(digits) || /^[0-9A-Z]{6,}$/.test(digits)
      ? sql` OR s.customer_key LIKE ${`%${escapeLike(digits)}%`}`
      : sql``;
  return sql`cs.customer_key IN (SELECT s.customer_key FROM orders s WHERE ${matches}${byNumber})`;
}

type RegisterRow = {
  customer_key: string;
  id: string;
  orders: number;
  first_order: string;
  last_order: string;
  documents: number;
  turnover: string;
  balance: string;
  total: number;
  customer_type: 'company' | 'personal';
  name: string;
  org_number: string | null;
  personal_number: string | null;
  email: string;
  phone: string;
  quotes: number;
  notes: number;
};

const isoOf = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The register's statement: customers matching `query` from customer_summaries (kept by triggers,
 * migration 6000), in `order`, cut by `cut` (a page) or `keyset` (a CSV batch), each with its
 * latest order's name and contact, and its quotes and notes counted for the page's rows only.
 */
function registerStatement(
  query: RegisterQuery,
  order: 'latest' | 'key',
  cut: SQL,
  keyset: SQL = sql`TRUE`,
): SQL {
  // The partial index customer_summaries_owing_idx serves exactly this condition.
  const owing = query.owing ? sql`cs.invoiced <> cs.paid` : sql`TRUE`;
  const ordering = order === 'latest' ? sql`cs.last_order DESC, cs.customer_key` : sql`cs.customer_key`;
  const outerOrdering = order === 'latest' ? sql`l.last_order DESC, l.customer_key` : sql`l.customer_key`;
  return sql`WITH listed AS (
      SELECT cs.*, ${order === 'latest' ? sql`count(*) OVER ()` : sql`0`} AS total FROM customer_summaries cs
      WHERE ${owing} AND ${searchFilter(query.q)} AND ${keyset}
      ORDER BY ${ordering} ${cut}
    )
    SELECT l.customer_key, ${idOf(sql`l.customer_key`)} AS id, l.orders, ${isoOf(sql`l.first_order`)} AS first_order,
      ${isoOf(sql`l.last_order`)} AS last_order, l.documents, l.turnover::text AS turnover,
      (l.invoiced - l.paid)::numeric(16, 2)::text AS balance, l.total::int AS total,
      lo.customer_type, coalesce(lo.customer_organization, lo.customer_name) AS name,
      lo.customer_org_number AS org_number, lo.customer_personal_number AS personal_number,
      lo.customer_email AS email, lo.customer_phone AS phone,
      (SELECT count(*)::int FROM quotes q WHERE q.status <> 'draft' AND lower(q.customer_email) IN
        (SELECT DISTINCT lower(e.customer_email) FROM orders e WHERE e.customer_key = l.customer_key)) AS quotes,
      (SELECT count(*)::int FROM customer_notes n WHERE n.customer_id = ${idOf(sql`l.customer_key`)}) AS notes
    FROM listed l JOIN orders lo ON lo.id = l.latest_order_id
    ORDER BY ${outerOrdering}`;
}

function customerOf(row: RegisterRow): RegisterCustomer {
  return {
    id: row.id,
    kind: row.customer_type === 'company' && row.customer_key.startsWith('org:') ? 'company' : 'individual',
    name: row.name,
    identity: identityOf(row),
    email: row.email,
    phone: row.phone,
    orders: row.orders,
    quotes: row.quotes,
    documents: row.documents,
    firstOrder: row.first_order,
    lastOrder: row.last_order,
    turnover: row.turnover,
    balance: row.balance,
    notes: row.notes,
  };
}

/** One page of the register, latest customer first. */
export async function registerPage(db: Db, query: RegisterQuery, page: number): Promise<RegisterPage> {
  const offset = (page - 1) * REGISTER_PAGE_SIZE;
  const rows = await queryRows<RegisterRow>(
    db,
    registerStatement(query, 'latest', sql`LIMIT ${REGISTER_PAGE_SIZE} OFFSET ${offset}`),
  );
  return {
    customers: rows.map(customerOf),
    total: rows[0]?.total ?? (page > 1 ? await registerCount(db, query) : 0),
    page,
    pageSize: REGISTER_PAGE_SIZE,
  };
}

/** How many customers match (for a page past the end, which has no row to carry the count). */
async function registerCount(db: Db, query: RegisterQuery): Promise<number> {
  const rows = await queryRows<RegisterRow>(db, registerStatement(query, 'latest', sql`LIMIT 1`));
  return rows[0]?.total ?? 0;
}

/**
 * Every matching customer, a batch at a time by customer_key (a keyset over the summaries' primary
 * key: each batch one statement, the server's memory one batch), for the CSV.
 */
export async function* registerBatches(
  db: Db,
  query: RegisterQuery,
  batchSize = 1000,
): AsyncGenerator<RegisterCustomer[]> {
  let after: string | undefined;
  for (;;) {
    const keyset = after === undefined ? sql`TRUE` : sql`cs.customer_key > ${after}`;
    const rows = await queryRows<RegisterRow>(
      db,
      registerStatement(query, 'key', sql`LIMIT ${batchSize}`, keyset),
    );
    if (rows.length > 0) yield rows.map(customerOf);
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]?.customer_key;
  }
}

/** The customer_key of a register id, by the distinct keys (an index-only walk); undefined if none. */
async function keyOf(db: Db, id: string): Promise<string | undefined> {
  const [row] = await queryRows<{ k: string }>(
    db,
    sql`SELECT k FROM (SELECT DISTINCT customer_key AS k FROM orders) keys WHERE ${idOf(sql`k`)} = ${id} LIMIT 1`,
  );
  return row?.k;
}

/** One customer's contact people, orders, quotes and staff notes; undefined for an unknown id. */
export async function registerRecord(db: Db, id: string): Promise<RegisterRecord | undefined> {
  const key = await keyOf(db, id);
  if (key === undefined) return undefined;
  const [orders, quotes, notes] = await Promise.all([
    queryRows<{
      order_number: string;
      placed_at: string;
      total: string;
      status: string;
      name: string;
      email: string;
      phone: string;
    }>(
      db,
      sql`SELECT o.order_number, ${isoOf(sql`o.order_date`)} AS placed_at, o.total_amount::text AS total, o.status,
          o.customer_name AS name, o.customer_email AS email, o.customer_phone AS phone
        FROM orders o WHERE o.customer_key = ${key} ORDER BY o.order_date DESC, o.id DESC`,
    ),
    queryRows<{ quote_number: string; created_at: string; status: string }>(
      db,
      sql`SELECT q.quote_number, ${isoOf(sql`q.created_at`)} AS created_at, q.status FROM quotes q
        WHERE q.status <> 'draft' AND lower(q.customer_email) IN
          (SELECT DISTINCT lower(customer_email) FROM orders WHERE customer_key = ${key})
        ORDER BY q.created_at DESC, q.id DESC`,
    ),
    queryRows<{ id: number; body: string; staff: string; created_at: string }>(
      db,
      sql`SELECT n.id::int AS id, n.body, s.name AS staff, ${isoOf(sql`n.created_at`)} AS created_at
        FROM customer_notes n JOIN staff s ON s.id = n.staff_id WHERE n.customer_id = ${id} ORDER BY n.id DESC`,
    ),
  ]);
  // Contact people: each address once (any case), with the name and phone of their latest order.
  const contacts = new Map<string, RegisterRecord['contacts'][number]>();
  for (const order of orders) {
    const address = order.email.trim().toLowerCase();
    if (!contacts.has(address))
      contacts.set(address, {
        name: order.name,
        email: order.email,
        phone: order.phone,
        lastOrder: order.placed_at,
      });
  }
  return {
    id,
    contacts: [...contacts.values()],
    orders: orders.map((o) => ({
      orderNumber: o.order_number,
      placedAt: o.placed_at,
      total: o.total,
      status: o.status,
    })),
    quotes: quotes.map((q) => ({ quoteNumber: q.quote_number, createdAt: q.created_at, status: q.status })),
    notes: notes.map((n) => ({ id: n.id, body: n.body, staff: n.staff, createdAt: n.created_at })),
  };
}

/** A staff note on a known customer; undefined for an unknown id. */
export async function addCustomerNote(
  db: Db,
  id: string,
  body: string,
  staffId: number,
): Promise<{ id: number; createdAt: string } | undefined> {
  if ((await keyOf(db, id)) === undefined) return undefined;
  const [row] = await queryRows<{ id: number; created_at: string }>(
    db,
    sql`INSERT INTO customer_notes (customer_id, body, staff_id) VALUES (${id}, ${body}, ${staffId})
      RETURNING id::int AS id, ${isoOf(sql`created_at`)} AS created_at`,
  );
  return row ? { id: row.id, createdAt: row.created_at } : undefined;
}
