import { sql } from 'drizzle-orm';
import type Mail from 'nodemailer/lib/mailer';
import { translate } from '@/shared/i18n/define';
import { orderEmailMessages } from '@/shared/i18n/messages/order-emails';
import { orderPrintFileMessages } from '@/shared/i18n/messages/order-print-files';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { formatIban } from '@/shared/invoicing/seller-settings';
import { fileTypeLabel } from '@/shared/uploads';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import {
  formatInvoiceDate,
  formatKr,
  invoiceLanguage,
  type InvoiceOrder,
  invoicePdfFileName,
  renderInvoicePdfShared,
  supplementaryInvoiceById,
  supplementaryInvoiceDocument,
} from '@/server/invoicing';
import { greetingName } from './greeting';

/**
 * The buyer's email with a supplementary invoice (a raster print file added after ordering): what
 * it charges for, how to pay it, the order page's link, and the invoice as a PDF. In the order's
 * language (Swedish for orders to Sweden).
 */
export async function buildSupplementaryInvoiceMessage(
  db: Db,
  invoiceId: number | null,
  order: InvoiceOrder,
  config: Config,
  orderPageUrl: string,
): Promise<Mail.Options> {
  const record = await supplementaryInvoiceById(db, invoiceId ?? 0);
  if (!record) throw new Error(`supplementary invoice ${String(invoiceId)} not found`);
  const invoice = supplementaryInvoiceDocument(order, record, config.seller);
  const language = invoiceLanguage(order.countryCode);
  const t = translate(orderPrintFileMessages, language);
  const emails = translate(orderEmailMessages, language);
  // The shop's words for the file ("Tryckfil 3 (PNG)"): the sender's file name is free text.
  const [placed] = await queryRows<{ position: number; content_type: string }>(
    db,
    sql`SELECT f.position, u.content_type FROM order_print_files f JOIN uploads u ON u.id = f.upload_id
        WHERE f.upload_id = ${record.items.find((line) => line.printFileId)?.printFileId ?? ''} ORDER BY f.added_at DESC LIMIT 1`,
  );
  const file = translate(printFileMessages, language).label({
    n: Number(placed?.position ?? 0) + 1,
    type: fileTypeLabel(placed?.content_type ?? ''),
  });
  const name = greetingName(order.customerName);
  const abroad = order.countryCode !== 'SE';
  return {
    from: config.mailFrom,
    // Address only: the buyer's name is free text.
    to: order.customerEmail,
    replyTo: config.seller.email,
    subject: t.emailSubject({ invoice: invoice.invoiceNumber, order: order.orderNumber }),
    text: [
      name ? emails.greeting({ name }) : t.emailHello,
      '',
      t.emailBody({ file, order: order.orderNumber, invoice: invoice.invoiceNumber }),
      '',
      t.emailPay({
        total: formatKr(invoice.total),
        due: formatInvoiceDate(invoice.dueDate, language),
        bankgiro: config.seller.bankgiro,
        ocr: invoice.ocr,
      }),
      ...(abroad
        ? [
            t.emailPayAbroad({
              iban: formatIban(config.seller.iban),
              bic: config.seller.bic,
              ocr: invoice.ocr,
            }),
          ]
        : []),
      '',
      emails.followLink({ url: orderPageUrl }),
      '',
      emails.signature({ shop: config.seller.name }),
    ].join('\n'),
    attachments: [
      {
        filename: invoicePdfFileName(invoice),
        content: await renderInvoicePdfShared(invoice),
        contentType: 'application/pdf',
      },
    ],
  };
}
