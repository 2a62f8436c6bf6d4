import { enqueueEmail } from '@/server/email';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { translate } from '@/shared/i18n/define';
import { orderPrintFileMessages } from '@/shared/i18n/messages/order-print-files';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { formatKr } from '@/shared/money-format';
import { MAX_PRINT_FILES, printFileKind, type PrintFileKind } from '@/shared/print-files';
import type { AddPrintFileAnswer } from '@/shared/supplementary-invoices';
import { CONVERSION_FEE } from '@/shared/terms';
import { uploadIdPattern } from '@/shared/uploads';
import { MAX_LINE_NOTES } from '@/shared/product-options';
import { textField } from '@/shared/text';
import type { AppContext } from '@/server/context';
import type { Database, Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { apiErrorSchema } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { refuseBodyInReaderLanguage } from '@/server/http/route-parts';
import { requestLocale } from '@/server/http/locale';
import { issueSupplementaryInvoice, supplementaryInvoiceForUpload } from '@/server/ledger';
import type { SellerDetails } from '@/server/config';
import { findBuyerOrder, lockOrder, type OrderRow } from '@/server/orders';
import { attachUploads, uploadFactsSql } from '@/server/uploads';
import { addPrintFileAnswerSchema } from './contract';
import { removePrintFileRoute, replacePrintFileRoute } from './replace';
import { conversionFeeLine, orderPrintFiles } from './service';

const addSchema = z.object({
  printFile: z.string().max(64),
  acceptConversionFee: z.boolean().optional(),
  /** The line (0-based, of the order's goods lines) the file is for; absent: the whole order. */
  line: z.number().int().min(0).max(199).optional(),
  note: textField({
    multiline: true,
    required: 'Invalid request',
    max: [MAX_LINE_NOTES, 'Invalid request'],
  }).optional(),
});

/** Where a late file goes: one line of the order, and the buyer's note. */
export interface PrintFilePlacement {
  line?: number | undefined;
  note?: string | undefined;
}

/** Statuses in which the shop still takes print files for an order. */
const openStatuses: ReadonlySet<string> = new Set(['pending', 'in_production']);

export type AddPrintFileResult =
  | { ok: true; created: boolean; uploadId: string }
  | { ok: false; status: 400 | 409; reason: 'unknown' | 'closed' | 'too-many' | 'fee' };

interface UploadRow extends Record<string, unknown> {
  id: string;
  purpose: string;
  content_type: string;
  file_name: string | null;
  sha256: string;
  other_order: boolean;
  on_this_order: boolean;
}

/**
 * Adds a print file (uploaded with POST /api/print-files) to a placed order. In one transaction
 * with the order row locked, so concurrent or retried requests for one order run one after the
 * other: the file is claimed, listed with the order, and a raster file's conversion is charged
 * on a supplementary invoice (with its email). A file the order already has (the same upload, or
 * one with the same content: the buyer's retry) changes nothing and answers that file again.
 */
export async function addPrintFileToOrder(
  database: Database,
  order: OrderRow,
  uploadId: string,
  acceptConversionFee: boolean,
  /** Today's seller details: a supplementary invoice is issued with them. */
  seller: SellerDetails,
  placement: PrintFilePlacement = {},
): Promise<AddPrintFileResult> {
  if (!uploadIdPattern.test(uploadId)) return { ok: false, status: 400, reason: 'unknown' };
  return database.db.transaction(async (tx: Db) => {
    const locked = await lockOrder(tx, { id: order.id });
    const [upload] = await queryRows<UploadRow>(
      tx,
      sql`SELECT u.id, u.purpose, u.content_type, u.file_name, u.sha256,
            EXISTS (SELECT 1 FROM order_print_files f WHERE f.upload_id = u.id AND f.order_id <> ${order.id}::bigint) AS other_order,
            EXISTS (SELECT 1 FROM order_print_files f WHERE f.upload_id = u.id AND f.order_id = ${order.id}::bigint) AS on_this_order
          FROM ${uploadFactsSql} u WHERE u.id = ${uploadId}`,
    );
    const kind: PrintFileKind | undefined = upload && printFileKind(upload.content_type);
    if (!locked || !upload || !kind || upload.purpose !== 'print-file' || upload.other_order)
      return { ok: false, status: 400, reason: 'unknown' } as const;
    if (upload.on_this_order) return { ok: true, created: false, uploadId } as const;
    // The same content again (a retried upload makes a new upload of the same bytes): that file.
    const [same] = await queryRows<{ upload_id: string }>(
      tx,
      sql`SELECT f.upload_id FROM order_print_files f JOIN ${uploadFactsSql} u ON u.id = f.upload_id
          WHERE f.order_id = ${order.id}::bigint AND u.sha256 = ${upload.sha256}
          ORDER BY f.added_at LIMIT 1`,
    );
    if (same) return { ok: true, created: false, uploadId: same.upload_id } as const;
    if (!openStatuses.has(locked.status)) return { ok: false, status: 409, reason: 'closed' } as const;
    const [count] = await queryRows<{ n: string; next: string }>(
      tx,
      sql`SELECT count(*)::text AS n, coalesce(max(position) + 1, 0)::text AS next
          FROM order_print_files WHERE order_id = ${order.id}::bigint`,
    );
    if (Number(count?.n ?? 0) >= MAX_PRINT_FILES)
      return { ok: false, status: 409, reason: 'too-many' } as const;
    if (kind === 'raster' && !acceptConversionFee) return { ok: false, status: 409, reason: 'fee' } as const;

    // Claimed first, so housekeeping never deletes a file the order lists.
    await attachUploads(tx, [uploadId]);
    const position = Number(count?.next ?? 0);
    await tx.execute(
      sql`INSERT INTO order_print_files (order_id, upload_id, kind, position, line_index, note)
          VALUES (${order.id}::bigint, ${uploadId}, ${kind}, ${position}, ${placement.line ?? null},
                  ${placement.note ? placement.note : null})`,
    );
    if (kind === 'raster') {
      await issueSupplementaryInvoice(
        tx,
        order,
        uploadId,
        [conversionFeeLine({ id: uploadId, name: upload.file_name })],
        seller,
      );
    }
    // The shop hears of the file with the order's other news, in the same transaction.
    await enqueueEmail(tx, { orderId: order.id, kind: 'shop_notice_print_file', ref: position });
    return { ok: true, created: true, uploadId } as const;
  });
}

/**
 * POST /api/orders/:number/print-files `{ printFile, acceptConversionFee? }` with the order's
 * token in the x-order-token header: 201 added, 200 already there, 404 without the right token,
 * 400 for a file that is no print file of this buyer's, 409 when the order no longer takes files,
 * has the most it may, or a raster file's fee was not accepted (nothing changes).
 */
export function addPrintFileRoute(
  app: FastifyInstance,
  context: AppContext,
  options: { onAdded?: () => void } = {},
): void {
  // Replacing or removing a file before proof approval (replace.ts), nudging the outbox as an added file does.
  replacePrintFileRoute(app, context, options.onAdded);
  removePrintFileRoute(app, context, options.onAdded);

  // The order is found before the body is read: without the token nothing is said (404).
  const orders = new WeakMap<FastifyRequest, OrderRow>();
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/orders/:number/print-files',
    {
      bodyLimit: 8192,
      preValidation: refuseBodyInReaderLanguage(() => addSchema, {
        message: 'Invalid request',
        before: async (request, reply) => {
          const { number } = request.params as { number: string };
          const order = await findBuyerOrder(context.database, request, number, 'header');
          if (!order) return sendError(reply, 404, 'Order not found');
          orders.set(request, order);
          return undefined;
        },
      }),
      schema: {
        summary:
          'The buyer adds a print file to the order (token in x-order-token); a raster file’s fee on a supplementary invoice',
        params: z.object({ number: z.string().max(100) }),
        body: addSchema,
        response: {
          201: addPrintFileAnswerSchema,
          200: addPrintFileAnswerSchema.describe(
            'The order already had this file (the same upload or content)',
          ),
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const order = orders.get(request);
      if (!order) return sendError(reply, 404, 'Order not found');
      const { line, note } = request.body;
      if (line !== undefined && (order.items[line] === undefined || order.items[line]?.fee !== undefined)) {
        const message = translate(orderPrintFileMessages, locale).unknownLine;
        return reply.code(400).send({ error: message, fieldErrors: { line: message } });
      }
      const result = await addPrintFileToOrder(
        context.database,
        order,
        request.body.printFile,
        request.body.acceptConversionFee === true,
        context.config.seller,
        { line, note },
      );
      if (!result.ok) {
        const t = translate(orderPrintFileMessages, locale);
        const message = {
          unknown: translate(printFileMessages, locale).unknownFile,
          closed: t.orderClosed({ email: context.config.seller.email }),
          'too-many': translate(printFileMessages, locale).tooMany({ max: MAX_PRINT_FILES }),
          fee: t.feeRequired({ fee: formatKr(CONVERSION_FEE) }),
        }[result.reason];
        return reply.code(result.status).send({ error: message, fieldErrors: { printFile: message } });
      }
      if (result.created) options.onAdded?.();
      const db = context.database.db;
      const [files, supplementaryInvoice] = await Promise.all([
        orderPrintFiles(db, order.id, order.items),
        supplementaryInvoiceForUpload(db, order, result.uploadId),
      ]);
      const printFile = files.find((file) => file.id === result.uploadId);
      if (!printFile) throw new Error('added print file not listed');
      const answer: AddPrintFileAnswer = { printFile, supplementaryInvoice };
      return reply
        .code(result.created ? 201 : 200)
        .header('cache-control', 'no-store')
        .send(answer);
    },
  );
}
