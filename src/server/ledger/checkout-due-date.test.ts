import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { invoiceDueDatesAround } from '@/shared/receivables/aging';
import { openTestPglite } from '@tests/helpers/server';
import { checkoutSnapshotCompletion } from './documents';

/**
 * The checkout's statement dates its invoice by the database's clock and takes the due date from
 * the map the server computed with the working-day calendar: the snapshot states one due date.
 */
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
});

async function snapshotDueDate(orderedAt: string, now: Date): Promise<string | undefined> {
  database ??= await openTestPglite();
  const dueDates = JSON.stringify(invoiceDueDatesAround(now));
  const [row] = await queryRows<{ due: string }>(
    database.db,
    sql`SELECT (${checkoutSnapshotCompletion('o', sql`${dueDates}::jsonb`)}) ->> 'dueDate' AS due
      FROM (SELECT ${orderedAt}::timestamptz AS order_date, 'INV-1764000000000' AS order_number) o`,
  );
  return row?.due;
}

describe("a checkout invoice's due date", () => {
  it('moves past julafton, juldagen, annandag jul and the weekend to the next banking day', async () => {
    expect(await snapshotDueDate('2026-11-24T09:00:00Z', new Date('2026-11-24T09:00:00Z'))).toBe(
      '2026-12-28',
    );
  });

  it('is thirty days on when that is a banking day', async () => {
    expect(await snapshotDueDate('2026-11-23T09:00:00Z', new Date('2026-11-23T09:00:00Z'))).toBe(
      '2026-12-23',
    );
  });

  it("takes the Stockholm date of the database's clock, even when the server's clock is a day behind", async () => {
    // 23:30 UTC on the 23rd is the 24th in Stockholm; the map the server made on the 23rd covers it.
    expect(await snapshotDueDate('2026-11-23T23:30:00Z', new Date('2026-11-23T12:00:00Z'))).toBe(
      '2026-12-28',
    );
  });
});
