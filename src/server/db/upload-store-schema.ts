import { sql } from 'drizzle-orm';
import {
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { bigintNumber, createdAt } from './schema-columns';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** See migrations/2700_upload_store.sql: upload bytes in PostgreSQL (UPLOAD_STORE=postgres). */
export const uploadStoreFiles = pgTable(
  'upload_store_files',
  {
    key: bigintNumber('key').primaryKey().generatedAlwaysAsIdentity(),
    /** Set at commit; null while the file is being written (or was abandoned). */
    uploadId: text('upload_id'),
    sizeBytes: bigintNumber('size_bytes').notNull().default(0),
    createdAt: createdAt(),
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
    fileKey: bigintNumber('file_key').notNull(),
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
