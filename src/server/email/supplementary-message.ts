import { sql } from 'drizzle-orm';
import type Mail from 'nodemailer/lib/mailer';
import { translate } from '@/shared/i18n/define';
import { orderPrintFileMessages } from '@/shared/i18n/messages/order-print-files';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { formatIban } from '@/shared/invoicing/seller-settings';
import { fileTypeLabel } from '@/shared/uploads';
import { queryRows } from '@/server/db/query-rows';
import { formatInvoiceDate, formatKr } from '@/server/invoicing';
import {
  documentById,
  documentPdf,
  documentPdfFileName,
  issuedDocument,
  supplementaryInvoiceFactsSql,
} from '@/server/ledger';
import { printFileFactsSql } from '@/server/print-files';
import { uploadFactsSql } from '@/server/uploads';
import { buyerEmail, type OrderEntryEmail } from './buyer-email';

/**
 * The buyer's email with a supplementary invoice (a raster print file added after ordering): what
 * it charges for, how to pay it, the order page's link, and the invoice as a PDF (its stored
 * bytes). In the invoice's language (Swedish for orders to Sweden).
 */
export async function buildSupplementaryInvoiceMessage(entry: OrderEntryEmail): Promise<Mail.Options> {
  const { db, ref: documentId, order, config, orderPageUrl } = entry;
  const row = await documentById(db, documentId ?? 0);
  if (!row) throw new Error(`supplementary invoice ${String(documentId)} not found`);
  const invoice = await issuedDocument(db, row, config.seller);
  const language = invoice.language;
  const t = translate(orderPrintFileMessages, language);
  // The shop's words for the file ("tryckfil 3 (PNG)"): the sender's file name is free text.
  const [placed] = await queryRows<{ position: number; content_type: string }>(
    db,
    sql`SELECT f.position, u.content_type FROM ${supplementaryInvoiceFactsSql} d
        JOIN ${printFileFactsSql} f ON f.upload_id = d.upload_id AND f.order_id = d.order_id
        JOIN ${uploadFactsSql} u ON u.id = f.upload_id
        WHERE d.id = ${documentId ?? 0}::bigint ORDER BY f.added_at DESC LIMIT 1`,
  );
  const file = translate(printFileMessages, language).label({
    n: Number(placed?.position ?? 0) + 1,
    type: fileTypeLabel(placed?.content_type ?? ''),
  });
  const abroad = order.countryCode !== 'SE';
  return {
    ...buyerEmail(config, order, {
      language,
      subject: t.emailSubject({ invoice: invoice.invoiceNumber, order: order.orderNumber }),
      body: [
        t.emailBody({ file, order: order.orderNumber, invoice: invoice.invoiceNumber }),
        '',
        t.emailPay({
          total: formatKr(invoice.total),
          due: formatInvoiceDate(invoice.dueDate, language),
          bankgiro: invoice.seller.bankgiro,
          ocr: invoice.ocr,
        }),
        ...(abroad
          ? [
              t.emailPayAbroad({
                iban: formatIban(invoice.seller.iban),
                bic: invoice.seller.bic,
                ocr: invoice.ocr,
              }),
            ]
          : []),
      ],
      orderPageUrl,
    }),
    attachments: [
      {
        filename: documentPdfFileName(row),
        content: await documentPdf(db, row, config.seller),
        contentType: 'application/pdf',
      },
    ],
  };
}
