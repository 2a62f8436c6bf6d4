import { sql, type SQL } from 'drizzle-orm';
import { milliToDecimalString, unitPriceToString } from '@/shared/money';
import { CONVERSION_FEE } from '@/shared/terms';
import {
  CONVERSION_FEE_CODE,
  CONVERSION_FEE_NAME,
  printFileKind,
  printFileQuality,
  type OrderPrintFile,
  type PrintFileKind,
  type PrintSizeLine,
} from '@/shared/print-files';
import { typedFileName, uploadIdPattern } from '@/shared/uploads';
import type { Database, Db } from '@/server/db/client';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import { queryRows } from '@/server/db/query-rows';
import { findUploadBy, uploadFactsSql, type UploadInfo } from '@/server/uploads';

/**
 * The fee line for converting one raster print file (100 kr VAT included, priced here whatever a
 * browser sent): on the order when the file came with it, on a supplementary invoice when added later.
 */
export function conversionFeeLine(file: { id: string; name: string | null }): StoredOrderLine {
  return {
    productId: CONVERSION_FEE_CODE,
    name: CONVERSION_FEE_NAME,
    quantity: 1,
    unitPrice: unitPriceToString(CONVERSION_FEE),
    lineTotal: milliToDecimalString(CONVERSION_FEE),
    fee: 'conversion',
    printFileId: file.id,
    ...(file.name ? { printFileName: file.name } : {}),
  };
}

/** A print file an order is about to claim, as the order service prices it. */
export interface ClaimedPrintFile {
  id: string;
  kind: PrintFileKind;
  name: string | null;
  /** The stored bytes' sha256: two uploads of the same file are one file to convert. */
  sha256: string;
  /** An earlier order the buyer may reuse the files of has it (a reorder, the design library): converted then, no fee again. */
  reused: boolean;
}

export type PrintFileClaim =
  { ok: true; files: ClaimedPrintFile[] } | { ok: false; problems: { index: number; id: string }[] };

interface CandidateRow extends Record<string, unknown> {
  id: string;
  purpose: string;
  content_type: string;
  file_name: string | null;
  sha256: string;
  /** An order outside the buyer's reusable ones (not the one with this idempotency key) has it. */
  taken: boolean;
  /** An earlier order whose files the buyer may reuse has it: a reorder or the design library. */
  reused: boolean;
}

/**
 * Checks the print files of an order being placed. An id is usable when it names a
 * print-file upload no order outside `reusable` has (the order ids whose files this buyer may use
 * again: orders/reuse.ts, decisions 0050 and 0077; the account's reorder and design library keep
 * the files), or a customiser image this order's lines use (the "use this image as the print file"
 * choice). Anything else (unknown, a proof, another buyer's file) is a problem named by its index.
 * The statement that stores the order attaches the usable ones (orders/order-writer.ts).
 */
export async function checkPrintFiles(
  database: Database,
  ids: readonly string[],
  lineImageIds: ReadonlySet<string>,
  idempotencyKeyHash: string,
  reusable: SQL,
): Promise<PrintFileClaim> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { ok: true, files: [] };
  const candidates = unique.filter((id) => uploadIdPattern.test(id));
  const rows =
    candidates.length === 0
      ? []
      : await queryRows<CandidateRow>(
          database.db,
          sql`SELECT u.id, u.purpose, u.content_type, u.file_name, u.sha256,
                EXISTS (SELECT 1 FROM order_print_files f JOIN orders o ON o.id = f.order_id
                        WHERE f.upload_id = u.id AND o.idempotency_key <> ${idempotencyKeyHash}
                          AND o.id NOT IN ${reusable}) AS taken,
                EXISTS (SELECT 1 FROM order_print_files f JOIN orders o ON o.id = f.order_id
                        WHERE f.upload_id = u.id AND o.idempotency_key <> ${idempotencyKeyHash}
                          AND o.id IN ${reusable}) AS reused
              FROM ${uploadFactsSql} u WHERE u.id IN (${sql.join(
                candidates.map((id) => sql`${id}`),
                sql`, `,
              )})`,
        );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems: { index: number; id: string }[] = [];
  const files: ClaimedPrintFile[] = [];
  unique.forEach((id) => {
    const row = byId.get(id);
    const kind = row && printFileKind(row.content_type);
    const usable =
      row !== undefined &&
      kind !== undefined &&
      ((row.purpose === 'print-file' && !row.taken) || (row.purpose === 'image' && lineImageIds.has(id)));
    if (!usable || !kind) {
      problems.push({ index: ids.indexOf(id), id });
      return;
    }
    files.push({ id, kind, name: row.file_name, sha256: row.sha256, reused: row.reused });
  });
  if (problems.length > 0) return { ok: false, problems };
  // The statement that stores the order claims them (orders/order-writer.ts), so a refused order
  // claims none.
  return { ok: true, files };
}

interface OrderFileRow extends Record<string, unknown> {
  upload_id: string;
  kind: PrintFileKind;
  file_name: string | null;
  size_bytes: number;
  content_type: string;
  pixel_width: number | null;
  pixel_height: number | null;
  line_index: number | null;
  note: string | null;
}

/** An order's print files in the buyer's order, with each raster file's quality at its print size. */
export async function orderPrintFiles(
  db: Db,
  orderId: number | string,
  lines: readonly PrintSizeLine[],
): Promise<OrderPrintFile[]> {
  const rows = await queryRows<OrderFileRow>(
    db,
    sql`SELECT f.upload_id, f.kind, u.file_name, u.size_bytes, u.content_type, u.pixel_width, u.pixel_height,
          f.line_index, f.note
        FROM order_print_files f JOIN ${uploadFactsSql} u ON u.id = f.upload_id
        WHERE f.order_id = ${String(orderId)}::bigint ORDER BY f.position, f.added_at`,
  );
  return rows.map((row) => {
    const file: OrderPrintFile = {
      id: row.upload_id,
      kind: row.kind,
      // Cleaned and typed again for names stored before that rule (the admin shows and downloads it).
      name: row.file_name === null ? '' : typedFileName(row.file_name, row.content_type, 'print-file'),
      bytes: Number(row.size_bytes),
      contentType: row.content_type,
    };
    if (row.line_index !== null) file.line = Number(row.line_index);
    if (row.note !== null) file.note = row.note;
    if (row.pixel_width && row.pixel_height) {
      file.width = Number(row.pixel_width);
      file.height = Number(row.pixel_height);
      const quality = printFileQuality({ id: file.id, width: file.width }, lines);
      if (quality) file.quality = quality;
    }
    return file;
  });
}

/** A print file as the production board weighs it: its kind and, for a raster file, its width in pixels. */
export interface PrintFileOfOrder {
  orderId: string;
  uploadId: string;
  kind: PrintFileKind;
  pixelWidth: number | null;
}

/** The print files of these orders (the production board's listed jobs), in one read. */
export async function printFilesOfOrders(db: Db, orderIds: readonly string[]): Promise<PrintFileOfOrder[]> {
  if (orderIds.length === 0) return [];
  const rows = await queryRows<{
    order_id: string;
    upload_id: string;
    kind: PrintFileKind;
    pixel_width: number | null;
  }>(
    db,
    sql`SELECT f.order_id::text AS order_id, f.upload_id, f.kind, u.pixel_width
        FROM order_print_files f JOIN ${uploadFactsSql} u ON u.id = f.upload_id
        WHERE f.order_id IN (${sql.join(
          orderIds.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`,
  );
  return rows.map((row) => ({
    orderId: row.order_id,
    uploadId: row.upload_id,
    kind: row.kind,
    pixelWidth: row.pixel_width === null ? null : Number(row.pixel_width),
  }));
}

/** A print file the buyer added after ordering with a note: the note reaches the order's thread. */
export interface LateFileNote {
  /** The buyer's file number on the order, 0-based. */
  position: number;
  note: string;
  /** ISO time. */
  addedAt: string;
}

/** The order's print files added after ordering (the order page's) that carry the buyer's note, oldest first. */
export async function lateFileNotes(db: Db, orderId: number | string): Promise<LateFileNote[]> {
  const rows = await queryRows<{ position: number; note: string; added_at: string }>(
    db,
    sql`SELECT f.position, f.note,
          to_char(f.added_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS added_at
        FROM order_print_files f JOIN orders o ON o.id = f.order_id
        WHERE f.order_id = ${String(orderId)}::bigint AND f.note IS NOT NULL AND f.added_at > o.order_date
        ORDER BY f.added_at, f.position`,
  );
  return rows.map((row) => ({ position: Number(row.position), note: row.note, addedAt: row.added_at }));
}

/**
 * Orders' print files as a derived table for a join in another domain's statement: order_id,
 * upload_id, kind, position (the buyer's file number, 0-based), added_at.
 * E.g. `JOIN ${printFileFactsSql} f ON f.order_id = o.id`.
 */
export const printFileFactsSql: SQL = sql`(SELECT order_id, upload_id, kind, position, added_at
  FROM order_print_files)`;

/** The print file `uploadId` when it belongs to order `orderId` (admin download), else undefined. */
export async function findOrderPrintFile(
  database: Database,
  orderId: number | string,
  uploadId: string,
): Promise<UploadInfo | undefined> {
  if (!uploadIdPattern.test(uploadId)) return undefined;
  return findUploadBy(
    database.db,
    sql`(SELECT upload_id FROM order_print_files WHERE order_id = ${String(orderId)}::bigint AND upload_id = ${uploadId})`,
  );
}

/**
 * The print files of a run of new orders as an SQL fragment for the checkout's one statement: one
 * row per entry of each order's `files` (a JSON array of { uploadId, kind, position, lineIndex }),
 * over the rows of `from`. The files were checked first (checkPrintFiles).
 */
export function recordPrintFilesSql(files: { from: SQL; orderId: SQL; files: SQL }): SQL {
  return sql`INSERT INTO order_print_files (order_id, upload_id, kind, position, line_index)
    SELECT ${files.orderId}, f."uploadId", f.kind, f.position, f."lineIndex"
    FROM ${files.from},
      jsonb_to_recordset(coalesce(${files.files}, '[]'::jsonb)) AS f("uploadId" text, kind text, position int, "lineIndex" int)`;
}
