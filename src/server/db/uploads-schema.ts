import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz, createdAt } from './schema-columns';
import type { AcceptedImageType } from '@/shared/uploads';

export type UploadContentType = AcceptedImageType;

/**
 * See migrations/0200_uploads.sql and 0500_upload_limits.sql. Bytes live in upload storage, keyed by
 * the same id. Every upload endpoint (customiser images, print files, proofs) records here.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    /** What content sniffing decided, never the declared type. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** The endpoint that received it: 'image', 'print-file', 'proof', ... */
    purpose: text('purpose').notNull().default('image'),
    /** The sender's file name, cleaned; for display only. */
    fileName: text('file_name'),
    /** Set once an order, print file or proof claims it (attachUploads); null ones expire. */
    attachedAt: timestampTz('attached_at'),
    /** Raster files: pixel size from the header (migrations/1300_print_files.sql); null otherwise. */
    pixelWidth: integer('pixel_width'),
    pixelHeight: integer('pixel_height'),
    createdAt: createdAt(),
  },
  // uploads_unattached_idx has an INCLUDE column Drizzle cannot declare: see schema-sql-only.ts.
  (t) => [
    index('uploads_created_at_idx').on(t.createdAt),
    check('uploads_id_check', sql`${t.id} ~ '^[A-Za-z0-9_-]{8,64}$'`),
    check('uploads_content_type_check', sql`${t.contentType} ~ '^[a-z]+/[a-z0-9.+-]{1,80}$'`),
    check('uploads_size_bytes_check', sql`${t.sizeBytes} > 0`),
    check('uploads_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('uploads_purpose_check', sql`${t.purpose} ~ '^[a-z][a-z-]{0,39}$'`),
    check('uploads_file_name_check', sql`length(${t.fileName}) <= 255`),
    check('uploads_pixel_width_check', sql`${t.pixelWidth} > 0`),
    check('uploads_pixel_height_check', sql`${t.pixelHeight} > 0`),
  ],
);
