/**
 * What the Drizzle tables cannot declare, as the statements that declare it: run after the tables
 * rendered from ./schema when the schema test builds a database from the declaration (see
 * schema-parity.test.ts). Each has its reason in the migration named beside it.
 */
export const sqlOnlyStatements: readonly string[] = [
  // 0300_admin.sql: room on the page for HOT updates of the 16 dashboard slots.
  'ALTER TABLE order_totals SET (fillfactor = 50);',
  // 0500_upload_limits.sql: the unattached uploads' sizes without reading the table (INCLUDE).
  'CREATE INDEX uploads_unattached_idx ON uploads (created_at) INCLUDE (size_bytes) WHERE attached_at IS NULL;',
  // 0600_admin_search.sql: a finer histogram of the search text.
  'ALTER INDEX orders_search_idx ALTER COLUMN 1 SET STATISTICS 1000;',
  // 2700_upload_store.sql: chunks are stored as they are, not compressed again.
  'ALTER TABLE upload_store_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL;',
  // 5600_export_money_indexes.sql: the orders export's money columns from the indexes (INCLUDE).
  'CREATE INDEX documents_order_money_idx ON documents (order_id, kind) INCLUDE (total, id, issued_on, due_on, ocr);',
  'CREATE INDEX payments_document_amount_idx ON payments (document_id) INCLUDE (amount);',
];
