import type Mail from 'nodemailer/lib/mailer';
import { translate } from '@/shared/i18n/define';
import { reminderMessages } from '@/shared/i18n/messages/reminders';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { formatInvoiceDate, formatInvoiceMoney, type InvoiceOrder } from '@/server/invoicing';
import { sentStatement } from '@/server/customers';
import {
  documentById,
  documentPdf,
  documentPdfFileName,
  euroBalancesOfOrder,
  isReminderSnapshot,
} from '@/server/ledger';
import { formatEuroDecimal } from '@/shared/money-format';
import { rfReference } from '@/shared/invoicing/rf-reference';
import { formatIban } from '@/shared/invoicing/seller-settings';
import { buyerEmail, type OrderEntryEmail } from './buyer-email';

/**
 * A reminder to the buyer, in the invoice's language: what is still to pay on the invoice, what the
 * reminder adds, each amount with its OCR reference and bankgiro, the order page, and the PDF that
 * shows how the interest was computed. Everything from the reminder's stored snapshot.
 */
export async function buildReminderMessage(entry: OrderEntryEmail): Promise<Mail.Options> {
  const { db, ref: documentId, order, config, orderPageUrl } = entry;
  const row = await documentById(db, documentId ?? 0);
  if (!row || !isReminderSnapshot(row.snapshot)) throw new Error(`reminder ${String(documentId)} not found`);
  const reminder = row.snapshot;
  const language = reminder.language;
  const t = translate(reminderMessages, language);
  const money = (decimal: string) => formatInvoiceMoney(language, decimal);
  const date = (d: string) => formatInvoiceDate(d, language);
  const issued = row;
  const reminderEmail = async (lines: string[]): Promise<Mail.Options> => ({
    ...buyerEmail(config, order, {
      language,
      subject: t.emailSubject({ invoice: reminder.invoice.number, number: reminder.orderNumber }),
      body: lines,
      orderPageUrl,
    }),
    attachments: [
      {
        filename: documentPdfFileName(issued),
        content: await documentPdf(db, issued, config.seller),
        contentType: 'application/pdf',
      },
    ],
  });
  // A euro invoice (issue 42): what is left of it in EUR, paid to the euro account with its RF
  // reference. The reminder's own charges stay in SEK on its own OCR: lag (1981:739) om ersättning
  // för inkassokostnader m.m. fixes the reminder fee (2 §) and förseningsersättning (4 a §) in
  // kronor, and the interest (räntelagen 1975:635, 4–6 §§) is computed on the ledger's SEK claim,
  // so converting them would state an amount the law does not.
  const euroLeft = (await euroBalancesOfOrder(db, row.orderId)).get(reminder.invoice.number);
  if (euroLeft !== undefined && reminder.invoice.ocr) {
    return reminderEmail([
      t.emailBody({
        invoice: reminder.invoice.number,
        date: date(reminder.invoice.lastDayToPay),
        amount: formatEuroDecimal(euroLeft),
      }),
      ...(reminder.total !== '0.00' ? [t.emailCharges({ amount: money(reminder.total) })] : []),
      '',
      t.emailPayParts({ date: date(reminder.dueDate) }),
      t.payInvoiceEur({
        amount: formatEuroDecimal(euroLeft),
        iban: formatIban(config.seller.ibanEur),
        bic: config.seller.bic,
        rf: rfReference(reminder.invoice.ocr),
      }),
      ...(reminder.ocr
        ? [
            t.payReminder({ amount: money(reminder.total), ocr: reminder.ocr }),
            `${t.bankgiro} ${reminder.seller.bankgiro}`,
          ]
        : []),
      '',
      t.emailPdf,
      t.emailPaid,
    ]);
  }
  const body = [
    t.emailBody({
      invoice: reminder.invoice.number,
      date: date(reminder.invoice.lastDayToPay),
      amount: money(reminder.invoice.balance),
    }),
    ...(reminder.total !== '0.00' ? [t.emailCharges({ amount: money(reminder.total) })] : []),
    '',
    t.emailPay({ total: money(reminder.toPay), date: date(reminder.dueDate) }),
    `${t.bankgiro} ${reminder.seller.bankgiro}`,
    ...(reminder.invoice.ocr
      ? [t.payInvoice({ amount: money(reminder.invoice.balance), ocr: reminder.invoice.ocr })]
      : []),
    ...(reminder.ocr ? [t.payReminder({ amount: money(reminder.total), ocr: reminder.ocr })] : []),
    '',
    t.emailPdf,
    t.emailPaid,
  ];
  return reminderEmail(body);
}

/** A customer's statement (kontoutdrag): the PDF as it was made when the admin sent it. */
export async function buildStatementMessage(
  db: Db,
  statementId: number | null,
  order: InvoiceOrder,
  config: Config,
): Promise<Mail.Options> {
  const statement = await sentStatement(db, statementId);
  if (!statement) throw new Error(`statement ${String(statementId)} not found`);
  const t = translate(reminderMessages, statement.language);
  const date = formatInvoiceDate(statement.asOf, statement.language);
  return {
    // To the address the admin sent the statement to.
    ...buyerEmail(
      config,
      { customerName: order.customerName, customerEmail: statement.email },
      {
        language: statement.language,
        subject: t.statementSubject({ shop: config.seller.name, date }),
        body: [t.statementIntro, '', t.statementPayHint],
      },
    ),
    attachments: [
      {
        filename: `${statement.language === 'sv' ? 'Kontoutdrag' : 'Statement'}_${statement.asOf}.pdf`,
        content: Buffer.from(statement.pdf),
        contentType: 'application/pdf',
      },
    ],
  };
}
