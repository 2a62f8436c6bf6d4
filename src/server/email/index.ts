/**
 * Email: domains queue mail through enqueueEmail in their own transactions (the one way into the
 * outbox). The worker that sends it (worker.ts) is the app's to start, like a routes.ts: it renders
 * messages from the orders and ledger, which themselves queue mail, so it stays out of this index.
 */
export {
  enqueueAccountSignInEmail,
  enqueueEmail,
  enqueueEmailsSql,
  enqueueEmailUnlessWaiting,
  enqueueGroupReceiptEmail,
  enqueuePrivacyErasureEmail,
  enqueueQuoteEmail,
  type QueuedEmail,
  type QueuedEmailsSql,
  type QueuedQuoteEmail,
} from './enqueue';
export { outboxBacklog, type OutboxBacklog } from './backlog';
export { createTransport, type MailTransport } from './transport';
export { buyerEmail, type BuyerEmail } from './buyer-email';
export { shopNotice } from './shop-notice';
