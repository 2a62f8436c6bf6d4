import { sql } from 'drizzle-orm';
import { mentionsMoney, type OrderMessage, type OrderNote } from '@/shared/order-talk';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { enqueueEmailUnlessWaiting } from '@/server/email';
import { lateFileNotes } from '@/server/print-files';
import { attachUploads, findUploadBy, uploadFactsSql, type UploadInfo } from '@/server/uploads';
import { staffNamesSql } from '@/server/staff';

/**
 * Notes and messages on an order (issue 41). Notes are the staff's alone: the buyer's answers
 * never read them, and production reads only those without money in them (issue 38). The thread
 * is the buyer's and the shop's: each side is told of the other's message by an email with a link,
 * never the text (a stranger's words are not mailed as the shop's), one email while the last is
 * still waiting to go out.
 */

const isoTime = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/** Who reads notes or the thread: the money roles see everything, production no money. */
export type TalkReader = 'money' | 'job';

/** Writes a note on the order. */
export async function addNote(
  db: Db,
  orderId: number | string,
  note: { text: string; forProduction: boolean },
  staffId: number,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO order_notes (order_id, text, for_production, written_by)
      VALUES (${String(orderId)}::bigint, ${note.text}, ${note.forProduction}, ${staffId})`,
  );
}

/** The order's notes, oldest first, as the reader may see them (production: none naming money). */
export async function notesOf(db: Db, orderId: number | string, reader: TalkReader): Promise<OrderNote[]> {
  const rows = await queryRows<{
    id: string;
    text: string;
    for_production: boolean;
    written_by: string | null;
    written_at: string;
  }>(
    db,
    sql`SELECT n.id::text AS id, n.text, n.for_production, s.name AS written_by,
          ${isoTime('n.written_at')} AS written_at
        FROM order_notes n LEFT JOIN ${staffNamesSql} s ON s.id = n.written_by
        WHERE n.order_id = ${String(orderId)}::bigint ORDER BY n.id`,
  );
  return rows
    .filter((row) => reader === 'money' || !mentionsMoney(row.text))
    .map((row) => ({
      id: row.id,
      text: row.text,
      forProduction: row.for_production,
      writtenBy: row.written_by ?? '',
      writtenAt: row.written_at,
    }));
}

/** The notes the job ticket prints: for production, and never one naming money (the ticket has no amount). */
export async function productionNotesOf(db: Db, orderId: number | string): Promise<OrderNote[]> {
  return (await notesOf(db, orderId, 'job')).filter((note) => note.forProduction);
}

/**
 * Writes a message in the order's thread and tells the other side in the same transaction: the
 * buyer's message queues the shop's notice, the shop's the buyer's email.
 */
export async function addMessage(
  db: Db,
  orderId: number | string,
  message:
    { author: 'buyer'; text: string; file?: string } | { author: 'shop'; text: string; staffId: number },
): Promise<'ok' | 'file-unknown'> {
  return db.transaction(async (tx) => {
    const file = message.author === 'buyer' ? (message.file ?? null) : null;
    // The buyer's file goes the one upload path (POST /api/print-files, its limits and sniffing);
    // the message claims it here, once: one already claimed (an order's, another message's) is refused.
    if (file !== null) {
      const missing = await attachUploads(tx, [file], { purpose: MESSAGE_FILE_PURPOSE, onlyUnclaimed: true });
      if (missing.length > 0) return 'file-unknown';
    }
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO order_messages (order_id, author, text, staff_id, upload_id)
        VALUES (${String(orderId)}::bigint, ${message.author}, ${message.text},
          ${message.author === 'shop' ? message.staffId : null}, ${file})
        RETURNING id::text AS id`,
    );
    await enqueueEmailUnlessWaiting(tx, {
      orderId,
      kind: message.author === 'buyer' ? 'shop_notice_message' : 'message_to_buyer',
      ref: row?.id ?? null,
    });
    return 'ok';
  });
}

/** What a buyer's message file was uploaded as: a print file (PDF, SVG, EPS, AI, PNG, JPEG, TIFF, WebP). */
export const MESSAGE_FILE_PURPOSE = 'print-file';

/**
 * The file of one message of the order (any author may open a buyer's file; production not one
 * whose message names money, as it reads no such entry), or undefined.
 */
export async function messageFileOf(
  db: Db,
  orderId: number | string,
  messageId: string,
  reader: 'buyer' | TalkReader,
): Promise<UploadInfo | undefined> {
  if (!/^[1-9]\d{0,17}$/.test(messageId)) return undefined;
  const [row] = await queryRows<{ upload_id: string; text: string }>(
    db,
    sql`SELECT upload_id, text FROM order_messages
        WHERE id = ${messageId}::bigint AND order_id = ${String(orderId)}::bigint AND upload_id IS NOT NULL`,
  );
  if (!row || (reader === 'job' && mentionsMoney(row.text))) return undefined;
  return findUploadBy(db, sql`${row.upload_id}`);
}

/**
 * The order's thread, oldest first: the messages, and the buyer's notes with print files added
 * after ordering (the shop's notice of such a file tells of it; its note is read here). The buyer
 * reads "the shop" for every answer; staff read who wrote it. Production reads no entry naming money.
 */
export async function threadOf(
  db: Db,
  orderId: number | string,
  reader: 'buyer' | TalkReader,
): Promise<OrderMessage[]> {
  const [rows, fileNotes] = await Promise.all([
    queryRows<{
      id: string;
      author: 'buyer' | 'shop';
      text: string;
      written_by: string | null;
      written_at: string;
      file_name: string | null;
      file_bytes: number | null;
      file_type: string | null;
    }>(
      db,
      sql`SELECT m.id::text AS id, m.author, m.text, s.name AS written_by,
            ${isoTime('m.written_at')} AS written_at,
            u.file_name, u.size_bytes AS file_bytes, u.content_type AS file_type
          FROM order_messages m LEFT JOIN ${staffNamesSql} s ON s.id = m.staff_id
            LEFT JOIN ${uploadFactsSql} u ON u.id = m.upload_id
          WHERE m.order_id = ${String(orderId)}::bigint ORDER BY m.id`,
    ),
    lateFileNotes(db, orderId),
  ]);
  const messages: OrderMessage[] = rows.map((row) => ({
    id: row.id,
    author: row.author,
    kind: 'message',
    text: row.text,
    writtenAt: row.written_at,
    ...(reader !== 'buyer' && row.written_by !== null ? { writtenBy: row.written_by } : {}),
    ...(row.file_bytes !== null && row.file_type !== null
      ? { file: { name: row.file_name ?? '', bytes: Number(row.file_bytes), contentType: row.file_type } }
      : {}),
  }));
  const files: OrderMessage[] = fileNotes.map((file) => ({
    id: `file-${file.position}`,
    author: 'buyer',
    kind: 'print_file',
    text: file.note,
    writtenAt: file.addedAt,
    printFile: file.position + 1,
  }));
  return [...messages, ...files]
    .filter((entry) => reader !== 'job' || !mentionsMoney(entry.text))
    .sort((a, b) => a.writtenAt.localeCompare(b.writtenAt) || a.id.localeCompare(b.id));
}
