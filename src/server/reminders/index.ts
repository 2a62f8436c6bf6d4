/**
 * Reminders (påminnelser) of overdue invoices, by hand and on the schedule, and disputed invoices
 * that hold them. The pure rules are in src/shared/receivables; the routes are in ./routes.
 */
export { buyerKindOf, issueReminder, pickInvoice, reminderStates, type IssueResult } from './issue';
export { reminderChargesSql } from './facts';
export { liftDispute, openDispute } from './disputes';
export { sendScheduledReminders } from './schedule';
