import type Mail from 'nodemailer/lib/mailer';
import { translate } from '@/shared/i18n/define';
import { orderTalkEmailMessages } from '@/shared/i18n/messages/order-talk-emails';
import { convertAmount } from '@/shared/invoicing/invoice-currency';
import { decimalFromOre, oreFromDecimal } from '@/shared/ledger';
import type { Config } from '@/server/config';
import {
  formatInvoiceDate,
  formatInvoiceMoney,
  formatKr,
  invoiceLanguage,
  type InvoiceOrder,
} from '@/server/invoicing';
import {
  documentOfOrder,
  documentPdf,
  documentPdfFileName,
  documentsOfOrder,
  paymentNotice,
  type DocumentRow,
} from '@/server/ledger';
import { orderEmail, type OrderEntryEmail } from './buyer-email';
import { shopNotice } from './shop-notice';

/**
 * The buyer is told the shop wrote in the order's thread: a link to the order page, never the
 * message (issue 41), in the order's language.
 */
export function buildMessageToBuyer(order: InvoiceOrder, config: Config, orderPageUrl: string): Mail.Options {
  const t = translate(orderTalkEmailMessages, invoiceLanguage(order.countryCode));
  const number = order.orderNumber;
  return orderEmail(order, config, orderPageUrl, t.messageSubject({ number }), [t.messageBody({ number })]);
}

/**
 * The shop is told the buyer wrote: in Swedish, the admin's address to read it, never the text
 * (a stranger's words do not travel in the shop's mail).
 */
export function buildMessageNotice(order: InvoiceOrder, config: Config): Mail.Options {
  const t = translate(orderTalkEmailMessages, 'sv');
  const number = order.orderNumber;
  return shopNotice(config, order, t.noticeSubject({ number }), [t.noticeBody({ number }), '']);
}

/** The document's EUR figures when it was made out in EUR (stored at issue; never today's rate). */
export function foreignOf(document: DocumentRow): { code: 'EUR'; rate: string; total: string } | undefined {
  const snapshot = document.snapshot;
  if (!('foreign' in snapshot) || !snapshot.foreign) return undefined;
  const { code, rate, total } = snapshot.foreign;
  return code === 'EUR' ? { code, rate, total } : undefined;
}

/**
 * An amount of the ledger (SEK) as the invoice states its money: in EUR at the invoice's own
 * stored rate for a euro invoice, else in kronor as the other buyer emails write them.
 */
export function inInvoiceCurrency(invoice: DocumentRow, sek: string): { shown: string; sek: string | null } {
  const foreign = foreignOf(invoice);
  if (!foreign) return { shown: formatKr(sek), sek: null };
  return {
    shown: formatInvoiceMoney(invoice.language, convertAmount(sek, foreign.rate), false, 'EUR'),
    sek: formatInvoiceMoney(invoice.language, sek),
  };
}

/**
 * "Refund": what was paid back, on which invoice and day, in the invoice's currency (its language),
 * with the latest credit note of that invoice attached when there is one: the document the money
 * follows. The ledger's amount in SEK is named too for a euro invoice (decision 0039).
 */
export async function buildRefundMessage(entry: OrderEntryEmail): Promise<Mail.Options> {
  const { db, ref: paymentId, order, config, orderPageUrl } = entry;
  const notice = await paymentNotice(db, paymentId ?? 0);
  if (!notice) throw new Error(`refund ${String(paymentId)} not found`);
  const invoice = await documentOfOrder(db, order.id, notice.invoice);
  if (!invoice) throw new Error(`invoice ${notice.invoice} of refund ${String(paymentId)} not found`);
  const language = invoice.language;
  const t = translate(orderTalkEmailMessages, language);
  const refunded = decimalFromOre(-oreFromDecimal(notice.amount));
  const amount = inInvoiceCurrency(invoice, refunded);
  const credit = (await documentsOfOrder(db, order.id))
    .filter((document) => document.kind === 'credit_note' && document.correctsDocumentId === invoice.id)
    .at(-1);
  const body = [
    t.refundBody({
      amount: amount.shown,
      invoice: invoice.number,
      number: order.orderNumber,
      date: formatInvoiceDate(notice.paidOn, language),
    }),
    ...(amount.sek ? [t.refundInSek({ amount: amount.sek })] : []),
    ...(credit ? [t.refundCreditNote({ credit: credit.number })] : []),
  ];
  const mail = orderEmail(order, config, orderPageUrl, t.refundSubject({ number: order.orderNumber }), body);
  if (!credit) return mail;
  return {
    ...mail,
    attachments: [
      {
        filename: documentPdfFileName(credit),
        content: await documentPdf(db, credit, config.seller),
        contentType: 'application/pdf',
      },
    ],
  };
}
