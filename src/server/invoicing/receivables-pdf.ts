import { translate } from '@/shared/i18n/define';
import { reminderMessages } from '@/shared/i18n/messages/reminders';
import type { SellerSettings } from '@/shared/invoicing/seller-settings';
import type { ReminderSnapshot } from '@/shared/receivables/reminders';
import {
  A4,
  BRAND,
  CONTENT_WIDTH,
  MARGIN,
  MUTED,
  RULE,
  startPdfDocument,
  textWriter,
  writeFacts,
  type PdfTextOptions,
} from './invoice-pdf';
import { formatInvoiceDate, formatInvoiceMoney } from './texts';

/**
 * The PDFs of the receivables: a reminder (påminnelse), which shows how its interest was computed
 * (days × unpaid amount × rate / 365 per period), and a customer's statement (kontoutdrag). Laid out
 * by hand with pdfkit and DejaVu Sans, like the invoice (invoice-pdf.ts): the same on every machine.
 */

const BOTTOM = A4.height - MARGIN - 20;

/** The seller as the header and payment lines show it. */
type Seller = Pick<
  SellerSettings,
  'name' | 'address' | 'orgNumber' | 'vatNumber' | 'email' | 'phone' | 'bankgiro'
>;

/** A page writer: text at positions, rows of label and amount, a new page when the page is full. */
function pdfWriter(title: string, author: string, language: 'sv' | 'en', created: Date) {
  const { doc, done } = startPdfDocument({
    language,
    margin: MARGIN,
    // A fixed creation date keeps the same document byte-identical each time it is rendered.
    info: { Title: title, Author: author, Subject: title, CreationDate: created },
  });
  let y = MARGIN;
  const text = textWriter(doc);
  const room = (height: number) => {
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
  };
  const rule = (color = RULE, width = 0.6) => {
    doc
      .moveTo(MARGIN, y)
      .lineTo(A4.width - MARGIN, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  };
  return {
    doc,
    done: () => {
      doc.end();
      return done;
    },
    get y() {
      return y;
    },
    set y(value: number) {
      y = value;
    },
    text,
    room,
    rule,
    /** The seller on the left, the title and the document's facts on the right. */
    header(seller: Seller, heading: string, facts: [string, string][]) {
      let left = text(seller.name, MARGIN, MARGIN, { bold: true, size: 14, width: 260 });
      left = text(seller.address, MARGIN, left + 2, { width: 260, color: MUTED });
      left = text(`${seller.orgNumber} · ${seller.vatNumber}`, MARGIN, left, { width: 260, color: MUTED });
      left = text(`${seller.email} · ${seller.phone}`, MARGIN, left, { width: 260, color: MUTED });
      const metaX = MARGIN + 290;
      const metaWidth = CONTENT_WIDTH - 290;
      let right = text(heading, metaX, MARGIN - 4, { bold: true, size: 15, color: BRAND, width: metaWidth });
      right = writeFacts(text, metaX, metaWidth, right + 4, facts);
      y = Math.max(left, right) + 10;
      rule(BRAND, 1.5);
      y += 14;
    },
    /** One line: a label on the left, an amount on the right. */
    row(label: string, amount: string, options: { bold?: boolean; color?: string; size?: number } = {}) {
      room(16);
      const labelWidth = CONTENT_WIDTH - 100;
      const after = text(label, MARGIN, y, { width: labelWidth, ...options });
      text(amount, MARGIN + labelWidth, y, { width: 100, align: 'right', ...options });
      y = Math.max(after, y + 12) + 3;
    },
    paragraph(value: string, options: PdfTextOptions = {}) {
      room(30);
      y = text(value, MARGIN, y, options) + 6;
    },
  };
}

/** The reminder as a PDF, from its stored snapshot only. */
export function renderReminderPdf(reminder: ReminderSnapshot): Promise<Buffer> {
  const t = translate(reminderMessages, reminder.language);
  const date = (d: string) => formatInvoiceDate(d, reminder.language);
  const money = (decimal: string) => formatInvoiceMoney(reminder.language, decimal);
  const w = pdfWriter(
    `${t.title} ${reminder.number}`,
    reminder.seller.name,
    reminder.language,
    new Date(reminder.issueDate),
  );
  w.header(reminder.seller, t.title, [
    [t.reminderNumber, reminder.number],
    [t.reminderDate, date(reminder.issuedOn)],
    [t.invoiceNumber, reminder.invoice.number],
    [t.invoiceDate, date(reminder.invoice.issuedOn)],
    [t.dueDate, date(reminder.invoice.dueDate)],
    [t.payBy, date(reminder.dueDate)],
  ]);
  w.y = w.text(reminder.buyer.name, MARGIN, w.y, { bold: true });
  w.y = w.text([reminder.buyer.address, reminder.buyer.email].filter(Boolean).join('\n'), MARGIN, w.y) + 14;
  w.paragraph(t.intro({ invoice: reminder.invoice.number, date: date(reminder.invoice.lastDayToPay) }));
  w.y += 4;

  w.row(t.invoiceTotal, money(reminder.invoice.total));
  if (reminder.invoice.credited !== '0.00') w.row(t.credited, money(`-${reminder.invoice.credited}`));
  if (reminder.invoice.paid !== '0.00') w.row(t.paid, money(`-${reminder.invoice.paid}`));
  w.row(t.invoiceBalance, money(reminder.invoice.balance), { bold: true });
  w.y += 8;

  if (reminder.fee)
    w.row(
      reminder.fee.kind === 'late_payment_compensation' ? t.compensation : t.reminderFee,
      money(reminder.fee.amount),
    );
  w.room(40);
  const interestHeading = reminder.buyerKind === 'company' ? t.interestHeading : t.interestHeadingIndividual;
  w.y = w.text(interestHeading, MARGIN, w.y, { bold: true }) + 2;
  if (reminder.interest.periods.length === 0) w.paragraph(t.interestNone, { color: MUTED });
  for (const period of reminder.interest.periods) {
    w.row(
      t.interestLine({
        from: date(period.from),
        to: date(period.to),
        days: String(period.days),
        principal: money(period.principal),
        rate: period.annualRate.replace('.', ','),
        reference: period.referenceRate.replace('.', ','),
      }),
      money(period.interest),
      { color: MUTED, size: 8 },
    );
  }
  w.row(t.interestTotal, money(reminder.interest.total));
  w.row(t.reminderTotal, money(reminder.total), { bold: true });
  w.y += 4;
  w.rule();
  w.y += 6;
  w.row(t.toPay, money(reminder.toPay), { bold: true });
  w.y += 10;

  // Payment: each claim with its own OCR reference, to the bankgiro.
  const lines = [
    `${t.bankgiro} ${reminder.seller.bankgiro}`,
    ...(reminder.invoice.ocr
      ? [t.payInvoice({ amount: money(reminder.invoice.balance), ocr: reminder.invoice.ocr })]
      : []),
    ...(reminder.ocr ? [t.payReminder({ amount: money(reminder.total), ocr: reminder.ocr })] : []),
  ];
  const height = 20 + lines.length * 14;
  w.room(height + 40);
  w.doc.roundedRect(MARGIN, w.y, CONTENT_WIDTH, height, 6).lineWidth(0.8).fillAndStroke('#f8fafc', RULE);
  let inBox = w.y + 10;
  for (const line of lines)
    inBox = w.text(line, MARGIN + 12, inBox, { width: CONTENT_WIDTH - 24, bold: true }) + 3;
  w.y += height + 10;
  w.paragraph(t.interestRuns, { color: MUTED, size: 8 });
  return w.done();
}

export interface StatementLine {
  date: string;
  label: string;
  /** Due date of a document, when it has one. */
  dueOn: string | null;
  amount: string;
  balance: string;
}

export interface StatementDocument {
  language: 'sv' | 'en';
  asOf: string;
  /** When it was made (the PDF's creation date). */
  created: Date;
  seller: Seller;
  customer: { name: string; identity: string; email: string };
  lines: StatementLine[];
  open: { label: string; dueOn: string | null; ocr: string | null; balance: string }[];
  balance: string;
}

/** A customer's statement of account (kontoutdrag) as a PDF. */
export function renderStatementPdf(statement: StatementDocument): Promise<Buffer> {
  const t = translate(reminderMessages, statement.language);
  const date = (d: string) => formatInvoiceDate(d, statement.language);
  const money = (decimal: string) => formatInvoiceMoney(statement.language, decimal);
  const w = pdfWriter(
    `${t.statementTitle} ${statement.asOf}`,
    statement.seller.name,
    statement.language,
    statement.created,
  );
  w.header(statement.seller, t.statementTitle, [
    [t.statementDate, date(statement.asOf)],
    [t.bankgiro, statement.seller.bankgiro],
  ]);
  w.y = w.text(statement.customer.name, MARGIN, w.y, { bold: true });
  w.y =
    w.text([statement.customer.identity, statement.customer.email].filter(Boolean).join('\n'), MARGIN, w.y) +
    12;
  w.paragraph(t.statementIntro);
  w.y += 4;
  const columns = [
    { x: MARGIN, width: 80 },
    { x: MARGIN + 80, width: 200 },
    { x: MARGIN + 280, width: 80 },
    { x: MARGIN + 360, width: 70 },
    { x: MARGIN + 430, width: CONTENT_WIDTH - 430 },
  ];
  const tableRow = (cells: string[], bold = false) => {
    w.room(16);
    let bottom = w.y + 12;
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (!column) return;
      bottom = Math.max(
        bottom,
        w.text(cell, column.x, w.y, {
          width: column.width,
          bold,
          align: i >= 3 ? 'right' : 'left',
          size: 8.5,
        }),
      );
    });
    w.y = bottom + 3;
  };
  tableRow([t.date, t.document, t.dueDate, t.amount, t.runningBalance], true);
  w.rule();
  w.y += 4;
  for (const line of statement.lines)
    tableRow([
      date(line.date),
      line.label,
      line.dueOn ? date(line.dueOn) : '',
      money(line.amount),
      money(line.balance),
    ]);
  w.y += 6;
  w.rule();
  w.y += 8;
  const owedBack = statement.balance.startsWith('-');
  w.row(
    owedBack ? t.statementOwedBack : t.statementBalance,
    money(owedBack ? statement.balance.slice(1) : statement.balance),
    {
      bold: true,
    },
  );
  w.y += 10;
  if (statement.open.length > 0) {
    w.room(40);
    w.y = w.text(t.statementOpen, MARGIN, w.y, { bold: true }) + 4;
    for (const item of statement.open)
      w.row(
        [item.label, item.dueOn ? `${t.dueDate} ${date(item.dueOn)}` : '', item.ocr ? `OCR ${item.ocr}` : '']
          .filter(Boolean)
          .join(' · '),
        money(item.balance),
      );
    w.y += 6;
    w.paragraph(t.statementPayHint, { color: MUTED, size: 8 });
  }
  return w.done();
}
