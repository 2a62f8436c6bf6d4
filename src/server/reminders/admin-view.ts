import { adminDocumentPdfPath, type OrderMoney } from '@/shared/ledger';
import type { OrderRemindersAnswer, SendReminderAnswer } from '@/shared/receivables/reminders';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { orderMoney } from '@/server/ledger';
import type { OrderRow } from '@/server/orders';
import { buyerKindOf, reminderStates } from './issue';

/**
 * What the reminder routes answer (the admin's reminder panel is the reader); declared in
 * ./contract.ts.
 */

/** Each invoice of the order: its state, its dispute, what a reminder would charge today. */
export async function orderRemindersView(
  db: Db,
  order: OrderRow,
  config: Config,
): Promise<OrderRemindersAnswer> {
  return {
    buyerKind: buyerKindOf(order),
    invoices: await reminderStates(db, order, config),
    schedule: config.receivables.reminderSchedule,
  };
}

/** POST …/reminders → 201: the reminder's number and total, and the order's money after it. */
export async function sentReminderView(
  db: Db,
  order: OrderRow,
  reminder: { number: string; total: string },
): Promise<SendReminderAnswer & OrderMoney> {
  return {
    reminder: reminder.number,
    total: reminder.total,
    ...(await orderMoney(db, order, adminDocumentPdfPath)),
  };
}
