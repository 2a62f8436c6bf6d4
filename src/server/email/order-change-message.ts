import type Mail from 'nodemailer/lib/mailer';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { staffOrderMessages } from '@/shared/i18n/messages/staff-orders';
import { orderLineText, sentDetails } from '@/shared/i18n/order-line-text';
import { decimalFromOre, oreFromDecimal } from '@/shared/ledger';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import { formatInvoiceDate, formatKr, invoiceLanguage } from '@/server/invoicing';
import { documentPdf, documentPdfFileName, documentsOfOrder, issuedDocument } from '@/server/ledger';
import { orderLineChangeById } from '@/server/orders';
import { orderEmail, type OrderEntryEmail } from './buyer-email';

/** A line as the change email lists it: quantity, name and what the invoice shows (no buyer's notes). */
function lineSummary(language: Locale, line: StoredOrderLine): string {
  const text = orderLineText(language, line);
  const details = sentDetails(text).map((part) => part.text);
  return `- ${line.quantity} × ${[text.name, ...details].join(', ')}`;
}

/**
 * The buyer's email of a change staff made to the order's lines (issue 41): why, the lines before
 * and after, the totals, and every document the change issued (a supplementary invoice to pay or a
 * credit note) as PDF. In the order's language.
 */
export async function buildOrderChangeMessage(entry: OrderEntryEmail): Promise<Mail.Options> {
  const { db, ref: changeId, order, config, orderPageUrl } = entry;
  const change = await orderLineChangeById(db, changeId ?? 0);
  if (!change) throw new Error(`order change ${String(changeId)} not found`);
  const language = invoiceLanguage(order.countryCode);
  const t = translate(staffOrderMessages, language);
  const goods = (lines: readonly StoredOrderLine[]) => lines.filter((line) => line.fee === undefined);
  const documents = (await documentsOfOrder(db, order.id)).filter((document) =>
    change.documentNumbers.includes(document.number),
  );
  const documentLines: string[] = [];
  for (const document of documents) {
    const issued = await issuedDocument(db, document, config.seller);
    if (document.kind === 'credit_note') {
      const corrected = documents.find((d) => d.id === document.correctsDocumentId);
      documentLines.push(
        t.emailCredit({
          credit: document.number,
          invoice: corrected?.number ?? issued.creditNote?.correctsNumber ?? '',
          amount: formatKr(decimalFromOre(-oreFromDecimal(document.total))),
        }),
      );
    } else {
      documentLines.push(
        t.emailSupplementary({
          invoice: document.number,
          amount: formatKr(document.total),
          ocr: issued.ocr,
          due: formatInvoiceDate(issued.dueDate, language),
        }),
      );
    }
  }
  const body = [
    t.emailIntro({ number: order.orderNumber }),
    t.emailReason({ reason: change.reason }),
    '',
    t.emailBefore,
    ...goods(change.itemsBefore).map((line) => lineSummary(language, line)),
    '',
    t.emailAfter,
    ...goods(change.itemsAfter).map((line) => lineSummary(language, line)),
    '',
    t.emailTotals({ before: formatKr(change.totalBefore), after: formatKr(change.totalAfter) }),
    ...(documentLines.length > 0 ? documentLines : [t.emailNoDocument]),
  ];
  const attachments = await Promise.all(
    documents.map(async (document) => ({
      filename: documentPdfFileName(document),
      content: await documentPdf(db, document, config.seller),
      contentType: 'application/pdf',
    })),
  );
  return {
    ...orderEmail(order, config, orderPageUrl, t.emailSubject({ number: order.orderNumber }), body),
    attachments,
  };
}
