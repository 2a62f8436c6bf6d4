import { sql, type SQL } from 'drizzle-orm';
import {
  itemsSummary,
  nextStatuses,
  type AdminOrderDetail,
  type AdminOrderLine,
  type AdminOrderPage,
  type AdminOrderSummary,
  type AdminStats,
  type AdminStatusEvent,
  type OrderStatus,
} from '../../shared/admin';
import type { Db } from '../db/client';
import { queryRows } from './sql';

export interface OrderFilter {
  q?: string | undefined;
  status?: OrderStatus | undefined;
}

export interface Cursor {
  date: string;
  id: string;
}

/** Dashboard totals: 16 rows kept by a trigger (migration 0300), never a scan of orders. */
export async function orderStats(db: Db): Promise<AdminStats> {
  const [row] = await queryRows<{ n: string; total: string; average: string }>(
    db,
    sql`SELECT sum(order_count)::text AS n, sum(total_amount)::text AS total,
          CASE WHEN sum(order_count) = 0 THEN '0' ELSE round(sum(total_amount) / sum(order_count))::text END AS average
        FROM order_totals`,
  );
  const total = row?.total ?? '0';
  return {
    totalOrders: Number(row?.n ?? 0),
    totalTurnover: total.includes('.') ? total : `${total}.00`,
    averageOrderValue: row?.average ?? '0',
  };
}

const cursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,19})$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.date}|${cursor.id}`).toString('base64url');
}

const MAX_BIGINT = 9223372036854775807n;

/** undefined for anything not made by encodeCursor. */
export function decodeCursor(value: string): Cursor | undefined {
  const match = cursorPattern.exec(Buffer.from(value, 'base64url').toString('utf8'));
  const date = match?.[1];
  const id = match?.[2];
  if (!date || !id) return undefined;
  // The pattern lets through times that do not exist (month 13, hour 25, year 0) and ids beyond
  // bigint: the database would refuse them with an error, so they are no cursor either.
  const ms = Date.parse(`${date.slice(0, 23)}Z`);
  if (Number.isNaN(ms) || date.startsWith('0000') || new Date(ms).toISOString().slice(0, 23) !== date.slice(0, 23)) return undefined;
  if (BigInt(id) > MAX_BIGINT) return undefined;
  return { date, id };
}

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterSql(filter: OrderFilter, cursor: Cursor | undefined): SQL {
  const conditions: SQL[] = [sql`TRUE`];
  if (filter.status) conditions.push(sql`status = ${filter.status}`);
  if (filter.q) {
    const like = likePattern(filter.q);
    conditions.push(
      sql`(order_number ILIKE ${like} OR customer_name ILIKE ${like} OR customer_email ILIKE ${like}
           OR customer_organization ILIKE ${like})`,
    );
  }
  if (cursor) conditions.push(sql`(orders.order_date, orders.id) < (${cursor.date}::timestamptz, ${cursor.id}::bigint)`);
  return sql.join(conditions, sql` AND `);
}

const isoTime = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface SummaryRow extends Record<string, unknown> {
  id: string;
  order_number: string;
  order_date: string;
  customer_name: string;
  customer_organization: string | null;
  customer_email: string;
  customer_phone: string;
  items: AdminOrderLine[];
  total_amount: string;
  status: OrderStatus;
}

const summaryColumns = sql`id::text AS id, order_number, ${isoTime(sql`order_date`)} AS order_date, customer_name,
  customer_organization, customer_email, customer_phone, items, total_amount::text AS total_amount, status`;

function toSummary(row: SummaryRow): AdminOrderSummary {
  return {
    orderNumber: row.order_number,
    orderDate: row.order_date,
    customerName: row.customer_name,
    customerOrganization: row.customer_organization,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    itemsSummary: itemsSummary(row.items),
    totalAmount: row.total_amount,
    status: row.status,
  };
}

/** Newest first, keyset-paginated on (order_date, id) so every page uses the index. */
export async function listOrders(db: Db, filter: OrderFilter, cursor: Cursor | undefined, limit: number): Promise<AdminOrderPage> {
  const rows = await queryRows<SummaryRow>(
    db,
    sql`SELECT ${summaryColumns} FROM orders WHERE ${filterSql(filter, cursor)}
        ORDER BY orders.order_date DESC, orders.id DESC LIMIT ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    orders: page.map(toSummary),
    nextCursor: rows.length > limit && last ? encodeCursor({ date: last.order_date, id: last.id }) : null,
  };
}

interface DetailRow extends SummaryRow {
  customer_type: 'personal' | 'company';
  customer_org_number: string | null;
  customer_personal_number: string | null;
  customer_address: string;
  delivery_address: string;
  country_code: string;
  ex_vat_amount: string;
  vat_amount: string;
  status_changed_at: string;
}

export async function orderDetail(db: Db, orderNumber: string): Promise<AdminOrderDetail | undefined> {
  const [row] = await queryRows<DetailRow>(
    db,
    sql`SELECT ${summaryColumns}, customer_type, customer_org_number, customer_personal_number, customer_address,
          delivery_address, country_code, ex_vat_amount::text AS ex_vat_amount, vat_amount::text AS vat_amount,
          ${isoTime(sql`status_changed_at`)} AS status_changed_at
        FROM orders WHERE order_number = ${orderNumber}`,
  );
  if (!row) return undefined;
  const events = await queryRows<{ from_status: string; to_status: string; changed_at: string }>(
    db,
    sql`SELECT from_status, to_status, ${isoTime(sql`changed_at`)} AS changed_at FROM order_status_events
        WHERE order_id = ${row.id}::bigint ORDER BY order_status_events.changed_at, order_status_events.id`,
  );
  return {
    ...toSummary(row),
    customerType: row.customer_type,
    customerOrgNumber: row.customer_org_number,
    customerPersonalNumber: row.customer_personal_number,
    customerAddress: row.customer_address,
    deliveryAddress: row.delivery_address,
    countryCode: row.country_code,
    items: row.items,
    exVatAmount: row.ex_vat_amount,
    vatAmount: row.vat_amount,
    statusChangedAt: row.status_changed_at,
    events: events.map((e): AdminStatusEvent => ({ fromStatus: e.from_status, toStatus: e.to_status, changedAt: e.changed_at })),
  };
}

export type StatusChange = { ok: true } | { ok: false; reason: 'not-found' } | { ok: false; reason: 'not-allowed'; from: OrderStatus };

/** Moves an order one allowed step, with its time and a history row, in one transaction. */
export async function changeStatus(db: Db, orderNumber: string, to: OrderStatus): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string; status: OrderStatus }>(
      tx,
      sql`SELECT id::text AS id, status FROM orders WHERE order_number = ${orderNumber} FOR UPDATE`,
    );
    if (!row) return { ok: false, reason: 'not-found' } as const;
    if (!nextStatuses[row.status].includes(to)) return { ok: false, reason: 'not-allowed', from: row.status } as const;
    await tx.execute(sql`UPDATE orders SET status = ${to}, status_changed_at = now() WHERE id = ${row.id}::bigint`);
    await tx.execute(
      sql`INSERT INTO order_status_events (order_id, from_status, to_status) VALUES (${row.id}::bigint, ${row.status}, ${to})`,
    );
    return { ok: true } as const;
  });
}

export const csvHeader = [
  'Ordernummer',
  'Datum',
  'Status',
  'Kundtyp',
  'Namn',
  'Företag',
  'Organisationsnummer',
  'E-post',
  'Telefon',
  'Adress',
  'Leveransadress',
  'Land',
  'Artiklar',
  'Totalt (kr)',
  'Exkl. moms (kr)',
  'Moms (kr)',
];

/** Every filtered order as CSV rows, read in keyset batches so memory stays flat at any size. */
export async function* csvRows(db: Db, filter: OrderFilter, batchSize = 1000): AsyncGenerator<(string | null)[]> {
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await queryRows<DetailRow>(
      db,
      sql`SELECT ${summaryColumns}, customer_type, customer_org_number, customer_address, delivery_address, country_code,
            ex_vat_amount::text AS ex_vat_amount, vat_amount::text AS vat_amount
          FROM orders WHERE ${filterSql(filter, cursor)}
          ORDER BY orders.order_date DESC, orders.id DESC LIMIT ${batchSize}`,
    );
    for (const row of rows) {
      yield [
        row.order_number,
        row.order_date,
        row.status,
        row.customer_type,
        row.customer_name,
        row.customer_organization,
        row.customer_org_number,
        row.customer_email,
        row.customer_phone,
        row.customer_address,
        row.delivery_address,
        row.country_code,
        itemsSummary(row.items),
        row.total_amount,
        row.ex_vat_amount,
        row.vat_amount,
      ];
    }
    const last = rows.at(-1);
    if (rows.length < batchSize || !last) return;
    cursor = { date: last.order_date, id: last.id };
  }
}
