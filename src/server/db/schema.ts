/**
 * Drizzle table definitions, one file per domain; this module gathers them for the typed client.
 * The SQL that creates them lives in ./migrations (applied at start for PGlite and PostgreSQL).
 */
export * from './meta-schema';
export * from './orders-schema';
export * from './uploads-schema';
export * from './admin-schema';
export * from './partners-schema';
export * from './outbox-schema';
export * from './throttle-schema';
export * from './print-files-schema';
export * from './proofs-schema';
export * from './lookup-invoices-schema';
export * from './ledger-schema';
export * from './upload-store-schema';
export * from './staff-schema';
export * from './catalogue-schema';
export * from './reminders-schema';
export * from './customers-schema';
export * from './bank-files-schema';
export * from './order-attention-schema';
export * from './quotes-schema';
export * from './order-talk-schema';
export * from './production-schema';
export * from './accounts-schema';
export * from './group-orders-schema';
