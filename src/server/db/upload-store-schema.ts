import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** See migrations/2700_upload_store.sql: upload bytes in PostgreSQL (UPLOAD_STORE=postgres). */
export const uploadStoreFiles = pgTable(
  'upload_store_files',
  {
    key: bigint('key', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Set at commit; null while the file is being written (or was abandoned). */
    uploadId: text('upload_id'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('upload_store_files_upload_id_key').on(t.uploadId),
    index('upload_store_files_pending_idx')
      .on(t.createdAt)
      .where(sql`upload_id IS NULL`),
  ],
);

export const uploadStoreChunks = pgTable(
  'upload_store_chunks',
  {
    fileKey: bigint('file_key', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [
    primaryKey({ name: 'upload_store_chunks_pkey', columns: [t.fileKey, t.seq] }),
    foreignKey({
      name: 'upload_store_chunks_file_key_fkey',
      columns: [t.fileKey],
      foreignColumns: [uploadStoreFiles.key],
    }).onDelete('cascade'),
  ],
);
