import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { orderPrintFileMessages } from '@/shared/i18n/messages/order-print-files';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { formatKr } from '@/shared/money-format';
import { printFileKind, type PrintFileKind } from '@/shared/print-files';
import { CONVERSION_FEE } from '@/shared/terms';
import { uploadIdPattern } from '@/shared/uploads';
import type { SellerDetails } from '@/server/config';
import type { AppContext } from '@/server/context';
import type { Database, Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { apiErrorSchema, schemaMessages } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import {
  documentOfOrder,
  issueCreditNote,
  issueSupplementaryInvoice,
  supplementaryInvoiceForUpload,
} from '@/server/ledger';
import { findBuyerOrder, lockOrder, type OrderRow } from '@/server/orders';
import { latestProofStateSql } from '@/server/proofs';
import { attachUploads, uploadFactsSql } from '@/server/uploads';
import { conversionFeeLine } from './service';

export type ReplaceResult =
  | { ok: true; creditNote: string | null; supplementaryInvoice: string | null }
  | { ok: false; status: 400 | 404 | 409; reason: 'unknown' | 'not-on-order' | 'approved' | 'fee' };

interface FileRow extends Record<string, unknown> {
  upload_id: string;
  kind: PrintFileKind;
  sha256: string;
}

/**
 * Which conversion fee charged this content: the checkout's fee line of the order's invoice (its
 * line index, the invoice's lines being the order's), or the supplementary invoice of an upload of
 * the same bytes. Undefined when none did (a twin's fee, or no fee).
 */
async function feeOf(
  tx: Db,
  order: OrderRow,
  sha256: string,
): Promise<{ kind: 'line'; index: number } | { kind: 'invoice'; uploadId: string } | undefined> {
  const feeFiles = order.items.flatMap((line, index) =>
    line.fee === 'conversion' && line.printFileId ? [{ index, uploadId: line.printFileId }] : [],
  );
  const sameBytes = await queryRows<{ id: string }>(
    tx,
    sql`SELECT u.id FROM ${uploadFactsSql} u WHERE u.sha256 = ${sha256}`,
  );
  const ids = new Set(sameBytes.map((row) => row.id));
  const line = feeFiles.find((file) => ids.has(file.uploadId));
  if (line) return { kind: 'line', index: line.index };
  for (const id of ids) {
    if (await supplementaryInvoiceForUpload(tx, order, id)) return { kind: 'invoice', uploadId: id };
  }
  return undefined;
}

/**
 * Credits the conversion fee a raster file's bytes were charged (the checkout's fee line or its own
 * supplementary invoice) with a credit note through the ledger, never by changing the issued
 * invoice (Mervärdesskattelagen 2023:200, 17 kap. 22 §): the file is no longer converted. Answers
 * the credit note's number, or null when no fee of this content was found or it was credited before.
 */
async function creditConversionFee(
  tx: Db,
  order: OrderRow,
  sha256: string,
  why: 'replaced' | 'removed',
  seller: SellerDetails,
): Promise<string | null> {
  const fee = await feeOf(tx, order, sha256);
  const summary =
    fee?.kind === 'invoice' ? await supplementaryInvoiceForUpload(tx, order, fee.uploadId) : null;
  const number = fee?.kind === 'line' ? order.orderNumber : summary?.invoiceNumber;
  const invoice = number ? await documentOfOrder(tx, Number(order.id), number) : undefined;
  if (!fee || !invoice) return null;
  const texts = translate(orderPrintFileMessages, invoice.language);
  const result = await issueCreditNote(
    tx,
    invoice,
    fee.kind === 'line' ? { kind: 'lines', lines: [fee.index] } : { kind: 'remaining' },
    why === 'replaced' ? texts.feeCreditedReason : texts.removedFeeCreditedReason,
    seller,
  );
  return result.ok ? result.number : null;
}

/**
 * Whether the buyer may still change the order's files: pending and the proof not approved,
 * read under the order's row lock.
 */
async function filesStillOpen(tx: Db, order: OrderRow): Promise<'open' | 'missing' | 'approved'> {
  const locked = await lockOrder(tx, { id: order.id });
  if (!locked) return 'missing';
  const [proof] = await queryRows<{ state: string | null }>(
    tx,
    sql`SELECT ${latestProofStateSql(sql`${locked.id}::bigint`)} AS state`,
  );
  return locked.status !== 'pending' || proof?.state === 'approved' ? 'approved' : 'open';
}

/**
 * Replaces one of an order's print files with a newly uploaded one (POST /api/print-files), before
 * the proof is approved: the new file takes the old one's place, line and note. Money follows the
 * file: a raster file replaced by a vector file is no longer converted, so its fee is credited with
 * a credit note through the ledger (never by changing the issued invoice; Mervärdesskattelagen
 * 2023:200, 17 kap. 22 §) unless the same bytes stay on the order in another file; a vector file
 * replaced by a raster file costs the fee on a supplementary invoice (accepted first); raster for
 * raster is one file converted, as before. One transaction with the order row locked.
 */
export async function replacePrintFile(
  database: Database,
  order: OrderRow,
  oldId: string,
  newId: string,
  acceptConversionFee: boolean,
  seller: SellerDetails,
): Promise<ReplaceResult> {
  if (!uploadIdPattern.test(oldId) || !uploadIdPattern.test(newId) || oldId === newId)
    return { ok: false, status: 400, reason: 'unknown' };
  return database.db.transaction(async (tx: Db) => {
    const open = await filesStillOpen(tx, order);
    if (open === 'missing') return { ok: false, status: 404, reason: 'not-on-order' } as const;
    if (open === 'approved') return { ok: false, status: 409, reason: 'approved' } as const;
    const [old] = await queryRows<FileRow>(
      tx,
      sql`SELECT f.upload_id, f.kind, u.sha256 FROM order_print_files f JOIN ${uploadFactsSql} u ON u.id = f.upload_id
          WHERE f.order_id = ${order.id}::bigint AND f.upload_id = ${oldId}`,
    );
    if (!old) return { ok: false, status: 404, reason: 'not-on-order' } as const;
    const [upload] = await queryRows<{
      purpose: string;
      content_type: string;
      sha256: string;
      taken: boolean;
    }>(
      tx,
      sql`SELECT u.purpose, u.content_type, u.sha256,
            EXISTS (SELECT 1 FROM order_print_files f WHERE f.upload_id = u.id) AS taken
          FROM ${uploadFactsSql} u WHERE u.id = ${newId}`,
    );
    const kind = upload && printFileKind(upload.content_type);
    if (!upload || !kind || upload.purpose !== 'print-file' || upload.taken)
      return { ok: false, status: 400, reason: 'unknown' } as const;
    const others = await queryRows<{ sha256: string }>(
      tx,
      sql`SELECT u.sha256 FROM order_print_files f JOIN ${uploadFactsSql} u ON u.id = f.upload_id
          WHERE f.order_id = ${order.id}::bigint AND f.upload_id <> ${oldId} AND f.kind = 'raster'`,
    );
    const rasterLeft = new Set(others.map((row) => row.sha256));
    const charges = kind === 'raster' && old.kind !== 'raster' && !rasterLeft.has(upload.sha256);
    if (charges && !acceptConversionFee) return { ok: false, status: 409, reason: 'fee' } as const;

    await attachUploads(tx, [newId]);
    await tx.execute(
      sql`UPDATE order_print_files SET upload_id = ${newId}, kind = ${kind}, added_at = now()
          WHERE order_id = ${order.id}::bigint AND upload_id = ${oldId}`,
    );
    const creditNote =
      old.kind === 'raster' && kind === 'vector' && !rasterLeft.has(old.sha256)
        ? await creditConversionFee(tx, order, old.sha256, 'replaced', seller)
        : null;
    let supplementaryInvoice: string | null = null;
    if (charges) {
      const [name] = await queryRows<{ file_name: string | null }>(
        tx,
        sql`SELECT u.file_name FROM ${uploadFactsSql} u WHERE u.id = ${newId}`,
      );
      const issued = await issueSupplementaryInvoice(
        tx,
        order,
        newId,
        [conversionFeeLine({ id: newId, name: name?.file_name ?? null })],
        seller,
      );
      supplementaryInvoice = issued.invoiceNumber;
    }
    return { ok: true, creditNote, supplementaryInvoice } as const;
  });
}

export type RemoveResult =
  | { ok: true; creditNote: string | null }
  | { ok: false; status: 400 | 404 | 409; reason: 'unknown' | 'not-on-order' | 'approved' };

/**
 * Removes one of an order's print files before the proof is approved (a file sent by mistake). A
 * raster file whose bytes no other file of the order carries is no longer converted, so its fee is
 * credited as when it is replaced by a vector file. The upload itself stays stored (the buyer may
 * have it on another order; housekeeping removes what nothing uses). One transaction, order locked.
 */
export async function removePrintFile(
  database: Database,
  order: OrderRow,
  uploadId: string,
  seller: SellerDetails,
): Promise<RemoveResult> {
  if (!uploadIdPattern.test(uploadId)) return { ok: false, status: 400, reason: 'unknown' };
  return database.db.transaction(async (tx: Db) => {
    const open = await filesStillOpen(tx, order);
    if (open === 'missing') return { ok: false, status: 404, reason: 'not-on-order' } as const;
    if (open === 'approved') return { ok: false, status: 409, reason: 'approved' } as const;
    const [removed] = await queryRows<FileRow>(
      tx,
      sql`DELETE FROM order_print_files f USING ${uploadFactsSql} u
          WHERE u.id = f.upload_id AND f.order_id = ${order.id}::bigint AND f.upload_id = ${uploadId}
          RETURNING f.upload_id, f.kind, u.sha256`,
    );
    if (!removed) return { ok: false, status: 404, reason: 'not-on-order' } as const;
    if (removed.kind !== 'raster') return { ok: true, creditNote: null } as const;
    const [twin] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT f.upload_id AS id FROM order_print_files f JOIN ${uploadFactsSql} u ON u.id = f.upload_id
          WHERE f.order_id = ${order.id}::bigint AND f.kind = 'raster' AND u.sha256 = ${removed.sha256} LIMIT 1`,
    );
    const creditNote = twin ? null : await creditConversionFee(tx, order, removed.sha256, 'removed', seller);
    return { ok: true, creditNote } as const;
  });
}

schemaMessages(orderPrintFileMessages);

/** One print file of an order, as the replace and remove routes name it. */
const fileOfOrderParams = z.object({ number: z.string().max(100), uploadId: z.string().max(64) });
/** What replacing or removing a file answers when refused: unknown file, not on the order, too late. */
const fileRefusals = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Why a replace or remove was refused, in the reader's language. */
function refusalText(
  refusal: Extract<ReplaceResult, { ok: false }>,
  action: 'replace' | 'remove',
  locale: Locale,
  seller: SellerDetails,
): string {
  const t = translate(orderPrintFileMessages, locale);
  if (refusal.reason === 'unknown') return translate(printFileMessages, locale).unknownFile;
  if (refusal.reason === 'not-on-order') return t.notOnOrder;
  if (refusal.reason === 'fee') return t.feeRequired({ fee: formatKr(CONVERSION_FEE) });
  const to = { email: seller.email };
  return action === 'replace' ? t.replaceAfterApproval(to) : t.removeAfterApproval(to);
}

/**
 * POST /api/orders/:number/print-files/:uploadId/replace `{ printFile, acceptConversionFee? }`
 * with the order's token in the x-order-token header: 200 with the credit note or supplementary
 * invoice it issued; 404 without the right token or for a file not on the order; 400 for a
 * replacement that is no print file of this buyer's; 409 after proof approval or for an unaccepted fee.
 */
export function replacePrintFileRoute(
  app: FastifyInstance,
  context: AppContext,
  onChanged?: () => void,
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/orders/:number/print-files/:uploadId/replace',
    {
      bodyLimit: 4096,
      schema: {
        summary: 'The buyer replaces a print file before approving the proof (token in x-order-token)',
        params: fileOfOrderParams,
        body: z.object({ printFile: z.string().max(64), acceptConversionFee: z.boolean().optional() }),
        response: {
          200: z.object({ creditNote: z.string().nullable(), supplementaryInvoice: z.string().nullable() }),
          ...fileRefusals,
        },
      },
    },
    async (request, reply) => {
      const order = await findBuyerOrder(context.database, request, request.params.number, 'header');
      if (!order) return sendError(reply, 404, 'Order not found');
      const { printFile, acceptConversionFee } = request.body;
      const { uploadId } = request.params;
      const { seller } = context.config;
      const result = await replacePrintFile(
        context.database,
        order,
        uploadId,
        printFile,
        acceptConversionFee === true,
        seller,
      );
      if (!result.ok) {
        const message = refusalText(result, 'replace', requestLocale(request), seller);
        return reply.code(result.status).send({ error: message, fieldErrors: { printFile: message } });
      }
      onChanged?.();
      return reply
        .header('cache-control', 'no-store')
        .send({ creditNote: result.creditNote, supplementaryInvoice: result.supplementaryInvoice });
    },
  );
}

/**
 * POST /api/orders/:number/print-files/:uploadId/remove with the order's token in the
 * x-order-token header: 200 with the credit note of the file's conversion fee when one was
 * credited; 404 without the right token or for a file not on the order; 409 after proof approval.
 */
export function removePrintFileRoute(
  app: FastifyInstance,
  context: AppContext,
  onChanged?: () => void,
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/orders/:number/print-files/:uploadId/remove',
    {
      bodyLimit: 1024,
      schema: {
        summary: 'The buyer removes a print file before approving the proof (token in x-order-token)',
        params: fileOfOrderParams,
        response: {
          200: z.object({ creditNote: z.string().nullable() }),
          ...fileRefusals,
        },
      },
    },
    async (request, reply) => {
      const order = await findBuyerOrder(context.database, request, request.params.number, 'header');
      if (!order) return sendError(reply, 404, 'Order not found');
      const { seller } = context.config;
      const result = await removePrintFile(context.database, order, request.params.uploadId, seller);
      if (!result.ok)
        return sendError(reply, result.status, refusalText(result, 'remove', requestLocale(request), seller));
      onChanged?.();
      return reply.header('cache-control', 'no-store').send({ creditNote: result.creditNote });
    },
  );
}
