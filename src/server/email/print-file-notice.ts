import { sql } from 'drizzle-orm';
import type Mail from 'nodemailer/lib/mailer';
import { formatDateTime } from '@/shared/dates';
import { translate } from '@/shared/i18n/define';
import { orderPrintFileMessages } from '@/shared/i18n/messages/order-print-files';
import { formatKrDecimal } from '@/shared/money-format';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { formatFileSize } from '@/shared/print-files';
import { fileTypeLabel } from '@/shared/uploads';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { InvoiceOrder } from '@/server/invoicing';
import { queryRows } from '@/server/db/query-rows';
import { supplementaryInvoiceFactsSql } from '@/server/ledger';
import { printFileFactsSql } from '@/server/print-files';
import { uploadFactsSql } from '@/server/uploads';
import { shopNotice } from './shop-notice';

/** The shop works in Swedish: its notices are Swedish whatever the buyer's language. */
const t = translate(orderPrintFileMessages, 'sv');

/**
 * The shop's notice that the buyer added a print file after ordering (ref = the file's position in
 * order_print_files): name, kind, size, when, and the supplementary invoice a raster file's
 * conversion is charged on. To the shop's address, Reply-To the buyer; the file stays in admin.
 */
export async function buildPrintFileNotice(
  db: Db,
  position: number | null,
  order: InvoiceOrder & { id: number },
  config: Config,
): Promise<Mail.Options> {
  const [row] = await queryRows<{
    content_type: string;
    kind: 'vector' | 'raster';
    size_bytes: number;
    added_at: string;
    invoice_number: string | null;
    invoice_total: string | null;
  }>(
    db,
    sql`SELECT u.content_type, f.kind, u.size_bytes,
          to_char(f.added_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS added_at,
          s.number AS invoice_number, s.total::text AS invoice_total
        FROM ${printFileFactsSql} f JOIN ${uploadFactsSql} u ON u.id = f.upload_id
        LEFT JOIN ${supplementaryInvoiceFactsSql} s ON s.upload_id = f.upload_id AND s.order_id = f.order_id
        WHERE f.order_id = ${order.id}::bigint AND f.position = ${position ?? -1}
        ORDER BY f.added_at DESC LIMIT 1`,
  );
  if (!row) throw new Error(`print file ${String(position)} of order ${order.orderNumber} not found`);
  const number = order.orderNumber;
  // The shop's words for the file, never the sender's name for it (free text: admin shows it cleaned).
  const file = printFileMessages.sv.label({ n: (position ?? 0) + 1, type: fileTypeLabel(row.content_type) });
  return shopNotice(config, order, t.noticeSubject({ order: number, file }), [
    t.noticeBody({
      order: number,
      file,
      kind: row.kind === 'vector' ? t.noticeVector : t.noticeRaster,
      size: formatFileSize(Number(row.size_bytes)),
      time: formatDateTime(row.added_at),
    }),
    ...(row.invoice_number && row.invoice_total
      ? [t.noticeInvoice({ invoice: row.invoice_number, total: formatKrDecimal(row.invoice_total) })]
      : []),
    '',
    t.noticeOpen,
  ]);
}
