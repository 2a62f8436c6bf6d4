import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';

/** The outbox's waiting emails: how many, how many of them failed their last attempt, the oldest's age. */
export interface OutboxBacklog {
  pending: number;
  failing: number;
  /** Seconds since the oldest waiting email was queued; 0 when none waits. */
  oldestAgeSeconds: number;
}

/** The outbox backlog now, in one read (the metrics' three outbox gauges share it). */
export async function outboxBacklog(database: Database): Promise<OutboxBacklog> {
  const [row] = await queryRows<{ pending: string; failing: string; oldest: string | null }>(
    database.db,
    sql`SELECT count(*)::text AS pending,
               count(*) FILTER (WHERE last_error IS NOT NULL)::text AS failing,
               extract(epoch FROM now() - min(created_at))::text AS oldest
          FROM email_outbox WHERE status = 'pending'`,
  );
  return {
    pending: Number(row?.pending ?? 0),
    failing: Number(row?.failing ?? 0),
    oldestAgeSeconds: Number(row?.oldest ?? 0),
  };
}
