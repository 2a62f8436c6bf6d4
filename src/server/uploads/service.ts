import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { uploadIdPattern } from '@/shared/uploads';
import type { Database, Db } from '@/server/db/client';
import { uploads } from '@/server/db/uploads-schema';
import type { UploadStorage } from './storage';

/** An upload as stored: what content sniffing decided, never what the sender declared. */
export interface UploadInfo {
  id: string;
  contentType: string;
  size: number;
  sha256: string;
  /** The endpoint that received it ('image', 'print-file', 'proof', ...). */
  purpose: string;
  /** The sender's file name, cleaned (display only), or null. */
  fileName: string | null;
}

/** The columns of `uploads` selected as an UploadInfo: every query that answers one selects these. */
export const uploadInfoColumns = {
  id: uploads.id,
  contentType: uploads.contentType,
  size: uploads.sizeBytes,
  sha256: uploads.sha256,
  purpose: uploads.purpose,
  fileName: uploads.fileName,
};

/** 144 random bits, base64url: unguessable, and matches the customisation schema's id rule. */
export function newUploadId(): string {
  return randomBytes(18).toString('base64url');
}

export async function recordUpload(database: Database, upload: UploadInfo): Promise<void> {
  await database.db.insert(uploads).values({
    id: upload.id,
    contentType: upload.contentType,
    sizeBytes: upload.size,
    sha256: upload.sha256,
    purpose: upload.purpose,
    fileName: upload.fileName,
  });
}

/** The upload with this id (of this purpose, when given), or undefined. */
export async function findUpload(
  database: Database,
  id: string,
  purpose?: string,
): Promise<UploadInfo | undefined> {
  if (!uploadIdPattern.test(id)) return undefined;
  const [row] = await database.db
    .select(uploadInfoColumns)
    .from(uploads)
    .where(purpose === undefined ? eq(uploads.id, id) : and(eq(uploads.id, id), eq(uploads.purpose, purpose)))
    .limit(1);
  return row;
}

/**
 * The upload whose id `uploadId` answers: an SQL scalar, typically a subquery of the caller's own
 * table (a proof's version, an order's print file), so finding it stays one statement.
 */
export async function findUploadBy(db: Db, uploadId: SQL): Promise<UploadInfo | undefined> {
  const [row] = await db
    .select(uploadInfoColumns)
    .from(uploads)
    .where(sql`${uploads.id} = ${uploadId}`)
    .limit(1);
  return row;
}

/**
 * What other domains may read of stored uploads, as a derived table to join in their own statement
 * (the planner flattens it, so the join costs what a join on uploads does): id, purpose,
 * content_type, file_name, size_bytes, sha256, pixel_width, pixel_height.
 * E.g. `JOIN ${uploadFactsSql} u ON u.id = f.upload_id`.
 */
export const uploadFactsSql: SQL = sql`(SELECT id, purpose, content_type, file_name, size_bytes, sha256,
    pixel_width, pixel_height FROM uploads)`;

/**
 * The ids among `ids` that name no stored upload (each once, in first-seen order).
 */
export async function findMissingUploads(database: Database, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const candidates = unique.filter((id) => uploadIdPattern.test(id));
  const found = new Set<string>();
  if (candidates.length > 0) {
    const rows = await database.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(inArray(uploads.id, candidates));
    for (const row of rows) found.add(row.id);
  }
  return unique.filter((id) => !found.has(id));
}

/**
 * Claims uploads for an order, a print file or a proof, in the caller's transaction: from now on
 * they are kept (never expire) and no longer count against the unattached cap. The one way an
 * upload becomes attached. Answers the ids that name no stored upload (of `purpose`, when given;
 * each once, first-seen order); the others are attached either way. Call it before the record
 * that references them is written, in its transaction, so housekeeping (which deletes only
 * unattached uploads) cannot delete them in between, and one it already took is not found.
 */
export async function attachUploads(
  tx: Db,
  ids: readonly string[],
  /** onlyUnclaimed: an upload something already claimed counts as not found (a file is one message's). */
  options: { purpose?: string; onlyUnclaimed?: boolean } = {},
): Promise<string[]> {
  const unique = [...new Set(ids)];
  const candidates = unique.filter((id) => uploadIdPattern.test(id));
  const found = new Set<string>();
  if (candidates.length > 0) {
    const named = and(
      inArray(uploads.id, candidates),
      options.purpose === undefined ? undefined : eq(uploads.purpose, options.purpose),
      options.onlyUnclaimed === true ? isNull(uploads.attachedAt) : undefined,
    );
    const rows = await tx
      .update(uploads)
      .set({ attachedAt: sql`coalesce(${uploads.attachedAt}, now())` })
      .where(named)
      .returning({ id: uploads.id });
    for (const row of rows) found.add(row.id);
  }
  return unique.filter((id) => !found.has(id));
}

/**
 * `attachUploads` as an SQL fragment for a data-modifying CTE (the checkout's one statement):
 * attaches the uploads whose ids `uploadId` gives over the rows of `from`.
 */
export function attachUploadsSql(attach: { from: SQL; uploadId: SQL }): SQL {
  return sql`UPDATE uploads SET attached_at = coalesce(uploads.attached_at, now())
    FROM ${attach.from} WHERE uploads.id = ${attach.uploadId}`;
}

/** The recorded pixel sizes of these uploads (raster images whose header was read), by id. */
export async function pixelSizesOf(
  db: Db,
  ids: readonly string[],
): Promise<Record<string, { width: number; height: number }>> {
  const candidates = [...new Set(ids)].filter((id) => uploadIdPattern.test(id));
  if (candidates.length === 0) return {};
  const rows = await db
    .select({ id: uploads.id, width: uploads.pixelWidth, height: uploads.pixelHeight })
    .from(uploads)
    .where(inArray(uploads.id, candidates));
  const sizes: Record<string, { width: number; height: number }> = {};
  for (const row of rows) {
    if (row.width !== null && row.height !== null) sizes[row.id] = { width: row.width, height: row.height };
  }
  return sizes;
}

/** Bytes of stored uploads, those something has claimed and those nothing has yet (the metrics). */
export async function uploadBytes(database: Database): Promise<{ attached: number; unattached: number }> {
  const [row] = await database.db
    .select({
      attached: sql<string>`coalesce(sum(${uploads.sizeBytes}) FILTER (WHERE ${uploads.attachedAt} IS NOT NULL), 0)::text`,
      unattached: sql<string>`coalesce(sum(${uploads.sizeBytes}) FILTER (WHERE ${uploads.attachedAt} IS NULL), 0)::text`,
    })
    .from(uploads);
  return { attached: Number(row?.attached ?? 0), unattached: Number(row?.unattached ?? 0) };
}

/** Bytes held by uploads nothing has claimed yet (the global cap counts these). */
export async function unattachedBytes(database: Database): Promise<number> {
  const [row] = await database.db
    .select({ bytes: sql<string>`coalesce(sum(${uploads.sizeBytes}), 0)::text` })
    .from(uploads)
    .where(sql`${uploads.attachedAt} IS NULL`);
  return Number(row?.bytes ?? 0);
}

/**
 * Housekeeping: deletes uploads nothing claimed within `hours` (row first, then bytes, so a
 * recorded id always has bytes; each instance deletes only the rows it removed). Answers how many.
 */
export async function deleteExpiredUploads(
  database: Database,
  storage: UploadStorage,
  hours: number,
): Promise<number> {
  const expired = await database.db
    .delete(uploads)
    .where(
      sql`${uploads.attachedAt} IS NULL AND ${uploads.createdAt} < now() - make_interval(secs => ${Math.round(hours * 3600)})`,
    )
    .returning({ id: uploads.id });
  for (const { id } of expired) await storage.remove(id);
  return expired.length;
}
