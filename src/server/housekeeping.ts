import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from './context';
import { deleteExpiredDevices } from './admin';
import { deleteExpiredThrottles } from './http/throttle';
import type { BackupGate } from './ops';
import { issueUpgradeCreditNotes } from './ledger';
import { recheckUnverifiedVatNumbers } from './orders';
import { runQuoteHousekeeping } from './quotes';
import { sendScheduledReminders } from './reminders';
import { deleteExpiredUploads, uploadStorageFor } from './uploads';

/** A half-written upload older than this belongs to a process that died mid-upload. */
const ABANDONED_WRITE_MS = 60 * 60 * 1000;

/**
 * One round of housekeeping: uploads nothing claimed in time, half-written upload files, throttle
 * counters whose window ended, admin login counters older than their longest window (1 hour);
 * the reminders the schedule says are due (src/server/reminders/schedule.ts); and VAT numbers VIES
 * did not answer for at checkout, asked again (src/server/orders/vies-retry.ts); quotes' reminders
 * before they expire, and expired quotes marked (src/server/quotes/housekeeping.ts).
 * Every instance runs it; each row is deleted by exactly one of them.
 */
export async function runHousekeeping(
  context: AppContext,
  /** Expired uploads wait while a backup links upload files (their rows are in its snapshot). */
  backups?: BackupGate,
): Promise<{
  uploads: number;
  throttles: number;
  reminders: number;
  viesSettled: number;
  quotesExpired: number;
  quoteReminders: number;
}> {
  const storage = uploadStorageFor(context);
  const deleteUploads = async () => {
    const removed = await deleteExpiredUploads(
      context.database,
      storage,
      context.config.uploads.unattachedHours,
    );
    await storage.removeAbandonedWrites(ABANDONED_WRITE_MS);
    return removed;
  };
  const uploads = (await (backups ? backups.deleteUnlessBackingUp(deleteUploads) : deleteUploads())) ?? 0;
  const throttles = await deleteExpiredThrottles(context.database.db);
  await context.database.db.execute(
    // The longest login window is a day (a person's budget, src/server/admin/throttle.ts).
    sql`DELETE FROM admin_login_attempts WHERE window_start < now() - interval '1 day'`,
  );
  await deleteExpiredDevices(context.database.db);
  // Credit notes for orders cancelled before the ledger (migration 5310), before any reminder.
  await issueUpgradeCreditNotes(context.database.db, context.config.seller);
  // Automatic reminders (REMINDER_SCHEDULE_DAYS; none when it is empty, the default).
  const reminders = await sendScheduledReminders(context);
  // VAT numbers VIES did not answer for at checkout, asked again (none when VIES_URL is empty).
  const viesSettled = await recheckUnverifiedVatNumbers(context.database.db, context.config.vies);
  // Quotes: a reminder a few days before the last valid day (QUOTE_REMINDER_DAYS), expired marked.
  const quotes = await runQuoteHousekeeping(context);
  return {
    uploads,
    throttles,
    reminders,
    viesSettled,
    quotesExpired: quotes.expired,
    quoteReminders: quotes.reminded,
  };
}

/** Runs housekeeping at start and every HOUSEKEEPING_INTERVAL_SECONDS until the app closes. */
export function startHousekeeping(app: FastifyInstance, context: AppContext, backups?: BackupGate): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const round = () => {
    running = runHousekeeping(context, backups).then(
      (removed) => {
        if (
          removed.uploads > 0 ||
          removed.reminders > 0 ||
          removed.viesSettled > 0 ||
          removed.quotesExpired > 0 ||
          removed.quoteReminders > 0
        )
          app.log.info(removed, 'housekeeping round done');
      },
      (error: unknown) => app.log.warn({ err: error }, 'housekeeping failed; trying again next round'),
    );
  };
  app.addHook('onReady', () => {
    round();
    timer = setInterval(round, context.config.housekeepingIntervalSeconds * 1000);
    timer.unref();
  });
  // preClose runs before any onClose hook, so a round in progress ends before the database closes.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
