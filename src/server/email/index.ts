/** The email outbox: the app starts it; domains queue mail by writing outbox rows in their own transactions. */
export { startEmailOutbox } from './outbox';
export { createTransport, type MailTransport } from './transport';
