import type Mail from 'nodemailer/lib/mailer';
import { translate } from '@/shared/i18n/define';
import { orderEmailMessages } from '@/shared/i18n/messages/order-emails';
import { decimalFromOre, oreFromDecimal } from '@/shared/ledger';
import { formatEuroDecimal } from '@/shared/money-format';
import { formatInvoiceDate, formatInvoiceMoney, formatKr, invoiceLanguage } from '@/server/invoicing';
import {
  documentById,
  documentPdf,
  documentPdfFileName,
  euroBalancesOfOrder,
  euroTotal,
  ledgerSums,
  paymentNotice,
} from '@/server/ledger';
import { orderEmail, type OrderEntryEmail } from './buyer-email';
import { foreignOf } from './talk-messages';

/**
 * "Payment received": what came in, on which day, and what is still to pay right after it (or that
 * the order is paid, or how much is paid back). In the order's language.
 */
export async function buildPaymentReceivedMessage(entry: OrderEntryEmail): Promise<Mail.Options> {
  const { db, ref: paymentId, order, config, orderPageUrl } = entry;
  const notice = await paymentNotice(db, paymentId ?? 0);
  if (!notice) throw new Error(`payment ${String(paymentId)} not found`);
  const language = invoiceLanguage(order.countryCode);
  const t = translate(orderEmailMessages, language);
  const number = order.orderNumber;
  const balance = oreFromDecimal(notice.balance);
  // A EUR invoice's buyer reads euros only: what arrived and what is left (issue 42).
  const euro = notice.inCurrency;
  const shown = (sek: string, eur: string | undefined) =>
    euro && eur !== undefined ? formatEuroDecimal(eur) : formatKr(sek);
  const body = [
    t.paymentBody({
      number,
      amount: shown(notice.amount, euro?.amount),
      date: formatInvoiceDate(notice.paidOn, language),
    }),
    ...(notice.invoiceKind === 'supplementary_invoice'
      ? [t.paymentInvoice({ invoice: notice.invoice })]
      : []),
    balance > 0
      ? t.stillToPay({ amount: shown(notice.balance, euro?.balance), ocr: notice.ocr ?? '' })
      : balance < 0
        ? t.overpaid({ amount: shown(decimalFromOre(-balance), euro?.balance.replace('-', '')) })
        : t.fullyPaid,
  ];
  return orderEmail(order, config, orderPageUrl, t.paymentSubject({ number }), body);
}

/** A credit note to the buyer: what it credits and why, what is left or paid back, and its PDF. */
export async function buildCreditNoteMessage(entry: OrderEntryEmail): Promise<Mail.Options> {
  const { db, ref: documentId, order, config, orderPageUrl } = entry;
  const credit = await documentById(db, documentId ?? 0);
  if (!credit || credit.kind !== 'credit_note')
    throw new Error(`credit note ${String(documentId)} not found`);
  const corrected =
    credit.correctsDocumentId === null ? undefined : await documentById(db, credit.correctsDocumentId);
  const language = credit.language;
  const t = translate(orderEmailMessages, language);
  const creditForeign = foreignOf(credit);
  const sums = (await ledgerSums(db, [order.id])).get(order.id);
  const balance = sums ? sums.invoiced - sums.credited - (sums.received - sums.refunded) : 0;
  // A euro invoice's buyer reads what is left, or comes back, in EUR too (issue 42).
  const euroLeft = creditForeign ? euroTotal(await euroBalancesOfOrder(db, order.id)) : undefined;
  const left = (sekOre: number) =>
    euroLeft !== undefined ? formatEuroDecimal(euroLeft.replace('-', '')) : formatKr(decimalFromOre(sekOre));
  const body = [
    t.creditBody({
      credit: credit.number,
      invoice: corrected?.number ?? '',
      number: order.orderNumber,
      // In the credit note's own currency: a euro invoice's credit note states its EUR total (issue 41).
      amount: creditForeign
        ? formatInvoiceMoney(language, decimalFromOre(-oreFromDecimal(creditForeign.total)), false, 'EUR')
        : formatKr(decimalFromOre(-oreFromDecimal(credit.total))),
    }),
    ...(credit.reason ? [t.creditReason({ reason: credit.reason })] : []),
    ...(balance < 0
      ? [t.creditRefund({ amount: left(-balance) })]
      : balance > 0
        ? [t.creditStillToPay({ amount: left(balance) })]
        : []),
  ];
  return {
    ...orderEmail(
      order,
      config,
      orderPageUrl,
      t.creditSubject({ credit: credit.number, number: order.orderNumber }),
      body,
    ),
    attachments: [
      {
        filename: documentPdfFileName(credit),
        content: await documentPdf(db, credit, config.seller),
        contentType: 'application/pdf',
      },
    ],
  };
}
