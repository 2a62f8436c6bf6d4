import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const uploadContentTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type UploadContentType = (typeof uploadContentTypes)[number];

/** See migrations/0200_uploads.sql. Bytes live in upload storage, keyed by the same id. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    contentType: text('content_type', { enum: uploadContentTypes }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_created_at_idx').on(t.createdAt)],
);
