import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { orderNumbersSql } from '@/server/orders';
import type { AuditAction, AuditEvent } from '@/shared/staff';

export interface AuditEntry {
  /** Who did it; null when nobody is known (a wrong PIN). */
  staffId: number | null;
  action: AuditAction;
  /** What it was done to, as a person reads it: an order number, a person's name, an export's range. */
  target: string;
  /** The order it concerns, so the order's history shows it. */
  orderId?: number | string | null;
  /** What changed, for edits: the values before and after. */
  before?: unknown;
  after?: unknown;
}

/**
 * Records who did what. Call it with the transaction that makes the change (`db.transaction(tx =>
 * ...)`): the record commits with the change or not at all. audit_events is append-only (a trigger
 * refuses UPDATE and DELETE).
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  await tx.execute(
    sql`INSERT INTO audit_events (staff_id, action, target, order_id, before, after)
        VALUES (${entry.staffId}, ${entry.action}, ${entry.target.slice(0, 200)},
          ${entry.orderId ?? null}::bigint, ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb)`,
  );
}

export interface AuditFilter {
  staffId?: number | undefined;
  action?: AuditAction | undefined;
  /** Stockholm calendar days, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  orderId?: number | string | undefined;
  /** What it was done to, exactly (a product's history: its id). */
  target?: string | undefined;
  /** Leave these actions out (the order history for a role without money). */
  without?: readonly AuditAction[] | undefined;
}

export interface AuditCursor {
  at: string;
  id: string;
}

interface AuditRow extends Record<string, unknown> {
  id: string;
  at: string;
  staff_id: string | null;
  staff: string | null;
  action: AuditEvent['action'];
  target: string;
  order_number: string | null;
  before: unknown;
  after: unknown;
}

function whereOf(filter: AuditFilter, cursor?: AuditCursor): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.staffId !== undefined) parts.push(sql`e.staff_id = ${filter.staffId}`);
  if (filter.action) parts.push(sql`e.action = ${filter.action}`);
  if (filter.from) parts.push(sql`e.at >= (${filter.from}::date)::timestamp AT TIME ZONE 'Europe/Stockholm'`);
  if (filter.to) parts.push(sql`e.at < (${filter.to}::date + 1)::timestamp AT TIME ZONE 'Europe/Stockholm'`);
  if (filter.orderId !== undefined) parts.push(sql`e.order_id = ${filter.orderId}::bigint`);
  if (filter.target !== undefined) parts.push(sql`e.target = ${filter.target}`);
  if (filter.without?.length)
    parts.push(
      sql`e.action NOT IN (${sql.join(
        filter.without.map((action) => sql`${action}`),
        sql`, `,
      )})`,
    );
  if (cursor) parts.push(sql`(e.at, e.id) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)`);
  return sql.join(parts, sql` AND `);
}

const toEvent = (row: AuditRow): AuditEvent => ({
  id: row.id,
  at: row.at,
  staff: row.staff,
  staffId: row.staff_id === null ? null : Number(row.staff_id),
  action: row.action,
  target: row.target,
  orderNumber: row.order_number,
  before: row.before ?? null,
  after: row.after ?? null,
});

/** Recorded actions, newest first, with the person's name and the order's number. */
export async function listAudit(
  db: Db,
  filter: AuditFilter,
  limit: number,
  cursor?: AuditCursor,
): Promise<{ events: AuditEvent[]; next: AuditCursor | undefined }> {
  const rows = await queryRows<AuditRow>(
    db,
    sql`SELECT e.id::text AS id,
          to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
          e.staff_id::text AS staff_id, s.name AS staff, e.action, e.target,
          o.order_number, e.before, e.after
        FROM audit_events e
        LEFT JOIN staff s ON s.id = e.staff_id
        LEFT JOIN ${orderNumbersSql} o ON o.id = e.order_id
        WHERE ${whereOf(filter, cursor)}
        ORDER BY e.at DESC, e.id DESC
        LIMIT ${limit + 1}`,
  );
  const events = rows.slice(0, limit).map(toEvent);
  const last = events.at(-1);
  return { events, next: rows.length > limit && last ? { at: last.at, id: last.id } : undefined };
}

/** Every matching action, newest first, a batch at a time (the CSV export). */
export async function* auditBatches(
  db: Db,
  filter: AuditFilter,
  batchSize = 1000,
): AsyncGenerator<AuditEvent[]> {
  let cursor: AuditCursor | undefined;
  for (;;) {
    const { events, next } = await listAudit(db, filter, batchSize, cursor);
    if (events.length > 0) yield events;
    if (!next) return;
    cursor = next;
  }
}
