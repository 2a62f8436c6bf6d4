import { rfReference } from '@/shared/invoicing/rf-reference';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { formatIban } from '@/shared/invoicing/seller-settings';
import { lastDayToPay } from '@/shared/receivables/aging';
import { PAYMENT_DAYS } from '@/shared/terms';
import { inDocumentCurrency, type InvoiceDocument } from './invoice-document';
import { conversionFeeInEur, exchangeRateText, formatInvoiceMoney, invoiceWriting } from './texts';
import type { InvoiceWriting } from './texts';
import { vatNotices } from './vat-notice';

const require = createRequire(import.meta.url);
/** DejaVu Sans from its npm package: every Swedish letter (å ä ö), embedded as a subset. */
const fontFiles = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

/**
 * The fonts, parsed once per process. Parsing DejaVu's tables (glyph metrics, kerning) is most of
 * the cost of a PDF; pdfkit takes a parsed font and makes its own subset per document.
 */
let parsedFonts: { regular: Font; bold: Font } | undefined;
export function fonts(): { regular: Font; bold: Font } {
  const open = (path: string): Font => {
    const font = create(readFileSync(path));
    if ('fonts' in font) throw new Error(`${path} is a font collection, not one font`);
    return font;
  };
  parsedFonts ??= { regular: open(fontFiles.regular), bold: open(fontFiles.bold) };
  return parsedFonts;
}

/**
 * An A4 document in the shop's fonts (regular and bold registered under those names), and its
 * bytes once `doc.end()` is called. Invoices, reminders, statements and job tickets start here.
 */
export function startPdfDocument(options: {
  language: 'sv' | 'en';
  margin: number;
  info: PDFKit.DocumentInfo;
}): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: options.margin,
    bufferPages: true,
    lang: options.language === 'sv' ? 'sv-SE' : 'en',
    displayTitle: true,
    info: options.info,
  });
  const { regular, bold } = fonts();
  // pdfkit accepts a parsed fontkit font (it checks for `layout`); its types list only files and bytes.
  doc.registerFont('regular', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The page and colours of the shop's documents to buyers: invoices, reminders and statements. */
export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 48;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
export const INK = '#0f172a';
export const MUTED = '#475569';
export const BRAND = '#1e3a8a';
export const RULE = '#cbd5e1';
const FOOTER_TOP = A4.height - MARGIN - 30;

export interface PdfTextOptions {
  width?: number;
  align?: 'left' | 'right';
  bold?: boolean;
  size?: number;
  color?: string;
}

/**
 * Writes text at a place on the page: regular 9 pt in ink across the content width unless told
 * otherwise; answers where the text ended (the y below it).
 */
export function textWriter(doc: PDFKit.PDFDocument) {
  const write = (value: string, x: number, y: number, options: PdfTextOptions = {}): number => {
    doc
      .font(options.bold ? 'bold' : 'regular')
      .fontSize(options.size ?? 9)
      .fillColor(options.color ?? INK);
    doc.text(value, x, y, { width: options.width ?? CONTENT_WIDTH, align: options.align ?? 'left' });
    return doc.y;
  };
  /** How wide `value` is on one line in the given weight and size (9 pt unless told). */
  const measure = (value: string, options: Pick<PdfTextOptions, 'bold' | 'size'> = {}): number =>
    doc
      .font(options.bold ? 'bold' : 'regular')
      .fontSize(options.size ?? 9)
      .widthOfString(value);
  return Object.assign(write, { measure });
}

/** The narrowest a fact's label may become to leave its value one line. */
const MIN_FACT_LABEL_WIDTH = 60;
const FACT_GAP = 6;

/**
 * The document's facts in a column (number, dates, references): each label muted on the left, its
 * value bold on the right; answers the y below the last.
 */
export function writeFacts(
  text: ReturnType<typeof textWriter>,
  x: number,
  width: number,
  top: number,
  facts: readonly (readonly [string, string])[],
): number {
  let y = top;
  for (const [label, value] of facts) {
    // The value keeps one line and the label takes what is left ("Kreditfakturanummer" beside a
    // long number): a fixed split either clipped the longest label or broke the longest number.
    const valueWidth = Math.min(
      Math.ceil(text.measure(value, { bold: true })) + 1,
      width - MIN_FACT_LABEL_WIDTH - FACT_GAP,
    );
    const labelWidth = width - valueWidth - FACT_GAP;
    const labelBottom = text(label, x, y, { width: labelWidth, color: MUTED });
    const valueBottom = text(value, x + labelWidth + FACT_GAP, y, {
      width: valueWidth,
      bold: true,
      align: 'right',
    });
    y = Math.max(y + 12, labelBottom, valueBottom);
  }
  return y;
}

/** Table columns: description, quantity, unit price excl. VAT, VAT rate, amount excl. VAT. */
const columns = [
  { width: 205, align: 'left' },
  { width: 70, align: 'right' },
  { width: 90, align: 'right' },
  { width: 45, align: 'right' },
  { width: CONTENT_WIDTH - 205 - 70 - 90 - 45, align: 'right' },
] as const;

const recentPdfs = new Map<string, Promise<Buffer>>();
const RECENT_PDFS = 32;

/**
 * The PDF of an invoice, reusing one rendered moments ago for exactly the same content (an order's
 * buyer confirmation and shop notice attach the same file). Keyed by the whole document, so a
 * changed invoice is never served stale.
 */
export function renderInvoicePdfShared(invoice: InvoiceDocument): Promise<Buffer> {
  const key = JSON.stringify(invoice);
  let pdf = recentPdfs.get(key);
  if (!pdf) {
    pdf = renderInvoicePdf(invoice);
    recentPdfs.set(key, pdf);
    void pdf.catch(() => recentPdfs.delete(key));
    if (recentPdfs.size > RECENT_PDFS) recentPdfs.delete(recentPdfs.keys().next().value ?? key);
  }
  return pdf;
}

/** "Invoice_INV-1732350000000.pdf", like the spec's HTML download name. */
export function invoicePdfFileName(invoice: InvoiceDocument): string {
  return `Invoice_${invoice.invoiceNumber}.pdf`;
}

/**
 * The invoice as an A4 PDF with selectable text, from the same InvoiceDocument as the HTML one.
 * Layout is done by hand with pdfkit (positions in points), so every page is the same on every
 * machine: no browser, no system fonts.
 */
export function renderInvoicePdf(stored: InvoiceDocument): Promise<Buffer> {
  return renderDocumentPdf(stored, undefined);
}

/** What a quote's PDF says besides its lines and amounts (its InvoiceDocument carries those). */
export interface QuotePdfFacts {
  title: string;
  /** The facts at the top right: quote number, date, valid until, version, delivery estimate. */
  facts: readonly (readonly [string, string])[];
  /** The grand total's label ("Totalt": a quote asks nothing to be paid yet). */
  totalLabel: string;
  /** "Offert till" / "Quote for": the buyer's heading. */
  buyerHeading: string;
  /** The terms that will apply on ordering, under their heading. */
  termsHeading: string;
  terms: readonly string[];
  /** "This is a quote, not an invoice…", and the note staff wrote to the buyer, if any. */
  notices: readonly string[];
}

/**
 * A quote as an A4 PDF: the invoice's letterhead, parties, lines, VAT and totals (the same
 * document type, so the same VAT rules and arithmetic), its own facts, and the terms where an
 * invoice asks for payment: a quote asks for none and is no invoice (no OCR, no due date).
 */
export function renderQuotePdf(document: InvoiceDocument, quote: QuotePdfFacts): Promise<Buffer> {
  return renderDocumentPdf(document, quote);
}

/** What every block of a document's PDF draws with: the document, its words, money and dates. */
interface PdfPage extends InvoiceWriting {
  doc: PDFKit.PDFDocument;
  text: ReturnType<typeof textWriter>;
  /** The document in its own currency (EUR amounts for a euro invoice). */
  invoice: InvoiceDocument;
  /** The document as stored (SEK amounts, and `foreign` for a euro invoice). */
  stored: InvoiceDocument;
  quote: QuotePdfFacts | undefined;
  /** The due date, or the next banking day when it falls on a weekend or public holiday. */
  lastDay: string;
  title: string;
}

function renderDocumentPdf(stored: InvoiceDocument, quote: QuotePdfFacts | undefined): Promise<Buffer> {
  // A euro invoice prints its EUR amounts; the VAT in SEK and the rate are said under the totals.
  const invoice = inDocumentCurrency(stored);
  const writing = invoiceWriting(invoice);
  const { t } = writing;
  const title = quote ? quote.title : invoice.creditNote ? t.creditTitle : t.title;
  const { doc, done } = startPdfDocument({
    language: invoice.language,
    margin: MARGIN,
    info: {
      Title: `${title} ${invoice.invoiceNumber}`,
      Author: invoice.seller.name,
      Subject: `${title} ${invoice.invoiceNumber}`,
      // A fixed creation date keeps the same invoice byte-identical each time it is rendered.
      CreationDate: invoice.issueDate,
    },
  });
  const page: PdfPage = {
    doc,
    text: textWriter(doc),
    invoice,
    stored,
    quote,
    ...writing,
    // A due date on a weekend or public holiday: the next banking day is the last day to pay.
    lastDay: lastDayToPay(invoice.dueDate),
    title,
  };
  let y = pdfHeader(page);
  y = pdfParties(page, y);
  y = pdfLines(page, y);
  y = pdfTotals(page, y);
  pdfClosing(page, y);
  pdfFooters(page);
  doc.end();
  return done;
}

/** Header: the seller on the left, the title and the document's facts on the right; a rule under both. */
function pdfHeader(page: PdfPage): number {
  const { doc, text, invoice, quote, t, date, lastDay, title } = page;
  const { seller, buyer, creditNote } = invoice;
  // Header: seller on the left, title and invoice facts on the right.
  let left = text(seller.name, MARGIN, MARGIN, { bold: true, size: 14, width: 260 });
  left = text(seller.address, MARGIN, left + 2, { width: 260, color: MUTED });
  left = text(`${t.orgNumber} ${seller.orgNumber} · ${t.vatNumber} ${seller.vatNumber}`, MARGIN, left, {
    width: 260,
    color: MUTED,
  });
  left = text(`${seller.email} · ${seller.phone}`, MARGIN, left, { width: 260, color: MUTED });
  if (seller.fTax) left = text(t.fTax, MARGIN, left + 2, { width: 260, bold: true });

  const metaX = MARGIN + 290;
  const metaWidth = CONTENT_WIDTH - 290;
  let right = text(title, metaX, MARGIN - 4, { bold: true, size: 22, color: BRAND, width: metaWidth });
  const meta: (readonly [string, string])[] = quote
    ? [...quote.facts]
    : creditNote
      ? [
          [t.creditNumber, invoice.invoiceNumber],
          [t.orderNumber, invoice.orderNumber],
          [t.creditDate, date(invoice.issueDate)],
          [t.corrects, creditNote.correctsNumber],
          [t.correctsDate, date(creditNote.correctsIssueDate)],
          ...(buyer.reference ? [[t.yourReference, buyer.reference] as [string, string]] : []),
          ...(buyer.purchaseOrder ? [[t.purchaseOrder, buyer.purchaseOrder] as [string, string]] : []),
        ]
      : [
          [t.invoiceNumber, invoice.invoiceNumber],
          ...(invoice.orderNumber !== invoice.invoiceNumber
            ? [[t.orderNumber, invoice.orderNumber] as [string, string]]
            : []),
          [t.invoiceDate, date(invoice.issueDate)],
          [t.dueDate, date(invoice.dueDate)],
          ...(invoice.supplements
            ? [[t.supplements, invoice.supplements.invoiceNumber] as [string, string]]
            : []),
          ...(lastDay !== invoice.dueDate ? [[t.lastDayToPay, date(lastDay)] as [string, string]] : []),
          ...(invoice.deliveryDate ? [[t.deliveryDate, date(invoice.deliveryDate)] as [string, string]] : []),
          [t.ocr, invoice.ocr],
          ...(buyer.reference ? [[t.yourReference, buyer.reference] as [string, string]] : []),
          ...(buyer.purchaseOrder ? [[t.purchaseOrder, buyer.purchaseOrder] as [string, string]] : []),
        ];
  right = writeFacts(text, metaX, metaWidth, right + 4, meta);

  let y = Math.max(left, right) + 10;
  doc
    .moveTo(MARGIN, y)
    .lineTo(A4.width - MARGIN, y)
    .lineWidth(1.5)
    .strokeColor(BRAND)
    .stroke();
  y += 14;

  return y;
}

/** Parties: who is billed (with IDs), where the goods go. */
function pdfParties(page: PdfPage, top: number): number {
  const { text, invoice, quote, t } = page;
  const { buyer } = invoice;
  let y = top;
  // Parties: who is billed (with IDs), where the goods go.
  const half = CONTENT_WIDTH / 2 - 10;
  const buyerLines = [
    buyer.orgNumber ? `${t.orgNumber}: ${buyer.orgNumber}` : '',
    buyer.personalNumber ? `${t.personalNumber}: ${buyer.personalNumber}` : '',
    buyer.vatNumber ? `${t.buyerVatNumber}: ${buyer.vatNumber}` : '',
    buyer.contactName ? `${t.contact}: ${buyer.contactName}` : '',
    buyer.address,
    buyer.countryName,
    buyer.email,
    buyer.phone,
  ].filter((line) => line !== '');
  let buyerY = text((quote?.buyerHeading ?? t.buyer).toUpperCase(), MARGIN, y, {
    size: 8,
    color: MUTED,
    width: half,
  });
  buyerY = text(buyer.name, MARGIN, buyerY + 2, { bold: true, width: half });
  buyerY = text(buyerLines.join('\n'), MARGIN, buyerY, { width: half });
  const deliveryX = MARGIN + half + 20;
  let deliveryY = text(t.delivery.toUpperCase(), deliveryX, y, { size: 8, color: MUTED, width: half });
  deliveryY = text(invoice.delivery.name, deliveryX, deliveryY + 2, { bold: true, width: half });
  deliveryY = text(`${invoice.delivery.address}\n${invoice.delivery.countryName}`, deliveryX, deliveryY, {
    width: half,
  });
  y = Math.max(buyerY, deliveryY) + 18;

  return y;
}

/** The lines, under a header repeated on each page they run onto. */
function pdfLines(page: PdfPage, top: number): number {
  const { doc, text, invoice, t, money, pieces, vatRate } = page;
  let y = top;
  // Lines.
  const header = [t.description, t.quantity, t.unitPrice, t.vatRate, t.amount];
  const drawHeader = (top: number): number => {
    // As tall as the longest label wraps ("Unit price excl. VAT" takes two lines).
    doc.font('bold').fontSize(7.5);
    const labelHeight = Math.max(
      ...header.map((label, i) => doc.heightOfString(label, { width: (columns[i] ?? columns[0]).width - 8 })),
    );
    doc.rect(MARGIN, top, CONTENT_WIDTH, labelHeight + 10).fill('#f1f5f9');
    let x = MARGIN;
    header.forEach((label, i) => {
      const column = columns[i] ?? columns[0];
      text(label, x + 4, top + 5, {
        width: column.width - 8,
        align: column.align,
        size: 7.5,
        bold: true,
        color: MUTED,
      });
      x += column.width;
    });
    return top + labelHeight + 14;
  };
  y = drawHeader(y);
  for (const line of invoice.lines) {
    const cells = [
      line.description,
      pieces(line.quantity),
      money(line.unitPriceExVat, true),
      vatRate,
      money(line.lineNet),
    ];
    // Measured in the fonts they are drawn in: the description is bold, and bold wraps sooner (a
    // fee's long name measured in regular put the file name below it over its second line).
    const descriptionHeight = doc
      .font('bold')
      .fontSize(9)
      .heightOfString(line.description, { width: columns[0].width - 8 });
    const detailHeight = line.detail
      ? doc
          .font('regular')
          .fontSize(7.5)
          .heightOfString(line.detail, { width: columns[0].width - 8 })
      : 0;
    const rowHeight = descriptionHeight + detailHeight + 8;
    if (y + rowHeight > FOOTER_TOP - 20) {
      doc.addPage();
      y = drawHeader(MARGIN);
    }
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = columns[i] ?? columns[0];
      text(cell, x + 4, y, { width: column.width - 8, align: column.align, bold: i === 0 });
      x += column.width;
    });
    if (line.detail) {
      text(line.detail, MARGIN + 4, y + descriptionHeight, {
        width: columns[0].width - 8,
        size: 7.5,
        color: MUTED,
      });
    }
    y += rowHeight;
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(A4.width - MARGIN, y - 3)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  return y;
}

/** Totals, the exchange rate of a euro invoice, and the VAT rule's notices. */
function pdfTotals(page: PdfPage, top: number): number {
  const { doc, text, invoice, stored, quote, t, money } = page;
  const { creditNote } = invoice;
  let y = top;
  // Totals, right-aligned under the amount columns.
  const totals: [string, string, boolean][] = [
    [t.net, money(invoice.net), false],
    [t.vatLine(invoice.vatPercent, money(invoice.net)), money(invoice.vat), false],
    [quote ? quote.totalLabel : creditNote ? t.creditTotal : t.total, money(invoice.total), true],
    // The VAT in the seller's accounting currency (Mervärdesskattelagen 2023:200, 17 kap. 29 §).
    ...(stored.foreign
      ? [
          [t.vatInSek, formatInvoiceMoney(invoice.language, stored.vat, false, 'SEK'), false] as [
            string,
            string,
            boolean,
          ],
        ]
      : []),
  ];
  if (y + 140 > FOOTER_TOP) {
    doc.addPage();
    y = MARGIN;
  }
  y += 6;
  const totalsX = MARGIN + CONTENT_WIDTH - 280;
  for (const [label, value, grand] of totals) {
    if (grand) {
      doc
        .moveTo(totalsX, y)
        .lineTo(A4.width - MARGIN, y)
        .lineWidth(1.2)
        .strokeColor(INK)
        .stroke();
      y += 5;
    }
    text(label, totalsX, y, { width: 170, bold: grand, size: grand ? 11 : 9 });
    y = text(value, totalsX + 170, y, { width: 110, align: 'right', bold: grand, size: grand ? 11 : 9 }) + 3;
  }

  if (stored.foreign) {
    y = text(exchangeRateText(invoice.language, stored.foreign), MARGIN, y + 6, { size: 8, color: MUTED });
  }

  // VAT rule notices (intra-Community supply, reverse charge, export) with their legal basis.
  y += 10;
  for (const { title, detail } of vatNotices(invoice)) {
    const height =
      doc
        .font('regular')
        .fontSize(8.5)
        .heightOfString(detail, { width: CONTENT_WIDTH - 24 }) + 30;
    if (y + height > FOOTER_TOP) {
      doc.addPage();
      y = MARGIN;
    }
    doc.rect(MARGIN, y, 3, height).fill(BRAND);
    doc.rect(MARGIN + 3, y, CONTENT_WIDTH - 3, height).fill('#eff6ff');
    const after = text(title, MARGIN + 14, y + 8, { width: CONTENT_WIDTH - 24, bold: true, size: 10 });
    text(detail, MARGIN + 14, after + 2, { width: CONTENT_WIDTH - 24, size: 8.5 });
    y += height + 12;
  }

  return y;
}

/** What follows the totals: a quote's notices and terms, a credit note's reason, or how to pay. */
function pdfClosing(page: PdfPage, top: number): void {
  const { doc, text, invoice, quote, t } = page;
  const { creditNote } = invoice;
  if (quote) {
    // A quote asks for no payment: what it is, the shop's note, and the terms that will apply.
    const termsText = quote.terms.map((term, i) => `${i + 1}. ${term}`).join('\n');
    let y = noticeBox(page, top, quote.notices.join('\n\n')) + 14;
    const termsHeight =
      doc.font('regular').fontSize(8).heightOfString(termsText, { width: CONTENT_WIDTH }) + 14;
    if (y + termsHeight > FOOTER_TOP) {
      doc.addPage();
      y = MARGIN;
    }
    y = text(quote.termsHeading.toUpperCase(), MARGIN, y, { size: 8, color: MUTED });
    text(termsText, MARGIN, y + 2, { size: 8 });
  } else if (creditNote) {
    // A credit note asks for no payment: it says which invoice it reduces and why.
    noticeBox(
      page,
      top,
      `${t.creditNotice(creditNote.correctsNumber)}\n${t.creditReason}: ${creditNote.reason}`,
    );
  } else {
    renderPaymentAndSteps(page, top);
  }
}

/** A notice in the shop's colour bar, on a new page if it does not fit; answers where it ends. */
function noticeBox(page: PdfPage, top: number, noticeText: string): number {
  const { doc, text } = page;
  let y = top;
  const height =
    doc
      .font('regular')
      .fontSize(9)
      .heightOfString(noticeText, { width: CONTENT_WIDTH - 24 }) + 20;
  if (y + height > FOOTER_TOP) {
    doc.addPage();
    y = MARGIN;
  }
  doc.rect(MARGIN, y, 3, height).fill(BRAND);
  doc.rect(MARGIN + 3, y, CONTENT_WIDTH - 3, height).fill('#eff6ff');
  text(noticeText, MARGIN + 14, y + 10, { width: CONTENT_WIDTH - 24, size: 9 });
  return y + height;
}

/** Payment (bankgiro and OCR, or the euro account and RF reference) and how to send print files. */
function renderPaymentAndSteps(page: PdfPage, top: number): void {
  const { doc, text, invoice, stored, t, money, date, lastDay } = page;
  const { seller, buyer } = invoice;
  let y = top;
  // Payment: bankgiro and OCR side by side, IBAN/BIC for buyers abroad.
  // A euro invoice is paid to the euro account: no bankgiro, no SEK account.
  const payment: [string, string][] = stored.foreign
    ? [
        [t.ibanEur, formatIban(seller.ibanEur)],
        [t.bic, seller.bic],
        [t.ocr, invoice.ocr],
        // Foreign banks take an RF creditor reference (ISO 11649) where an OCR number means nothing.
        ...(invoice.ocr ? [[t.rfReference, rfReference(invoice.ocr)] as [string, string]] : []),
        [t.total, money(invoice.total)],
        [t.dueDate, date(invoice.dueDate)],
        ...(lastDay !== invoice.dueDate ? [[t.lastDayToPay, date(lastDay)] as [string, string]] : []),
      ]
    : [
        [t.bankgiro, seller.bankgiro],
        [t.ocr, invoice.ocr],
        [t.total, money(invoice.total)],
        [t.dueDate, date(invoice.dueDate)],
        ...(lastDay !== invoice.dueDate ? [[t.lastDayToPay, date(lastDay)] as [string, string]] : []),
        [t.bankAccount, seller.bankAccount],
        ...(buyer.countryCode !== 'SE'
          ? ([
              [t.iban, formatIban(seller.iban)],
              [t.bic, seller.bic],
            ] as [string, string][])
          : []),
      ];
  const paymentHeight = 34 + Math.ceil(payment.length / 2) * 24 + 16;
  if (y + paymentHeight > FOOTER_TOP) {
    doc.addPage();
    y = MARGIN;
  }
  doc.roundedRect(MARGIN, y, CONTENT_WIDTH, paymentHeight, 6).lineWidth(0.8).fillAndStroke('#f8fafc', RULE);
  text(`${t.payment.toUpperCase()} · ${t.terms(PAYMENT_DAYS)}`, MARGIN + 12, y + 10, {
    size: 8,
    color: MUTED,
  });
  const cellWidth = (CONTENT_WIDTH - 24) / 2;
  payment.forEach(([label, value], i) => {
    const cx = MARGIN + 12 + (i % 2) * cellWidth;
    const cy = y + 26 + Math.floor(i / 2) * 24;
    text(label, cx, cy, { size: 7.5, color: MUTED, width: cellWidth - 8 });
    text(value, cx, cy + 9, { size: 10, bold: true, width: cellWidth - 8 });
  });
  text(t.ocrInstruction, MARGIN + 12, y + paymentHeight - 16, { size: 8, color: MUTED });
  y += paymentHeight + 14;

  // How to send print files (short, below the payment).
  const steps = t.printSteps(invoice.orderNumber, seller.email, conversionFeeInEur(invoice));
  const stepsText = steps.map((step, i) => `${i + 1}. ${step}`).join('\n');
  const stepsHeight =
    doc.font('regular').fontSize(8).heightOfString(stepsText, { width: CONTENT_WIDTH }) + 14;
  if (y + stepsHeight > FOOTER_TOP) {
    doc.addPage();
    y = MARGIN;
  }
  y = text(t.printFiles.toUpperCase(), MARGIN, y, { size: 8, color: MUTED });
  text(stepsText, MARGIN, y + 2, { size: 8 });
}

/** Footer on every page: the seller's legal details and the page number. */
function pdfFooters(page: PdfPage): void {
  const { doc, text, invoice, t, title } = page;
  const { seller } = invoice;
  // Footer on every page: the seller's legal details and the page number.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would start a new page: lift the margin while drawing the footer.
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN, FOOTER_TOP)
      .lineTo(A4.width - MARGIN, FOOTER_TOP)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    const legal = [
      seller.name,
      `${t.orgNumber} ${seller.orgNumber}`,
      `${t.vatNumber} ${seller.vatNumber}`,
      `${t.registeredOffice}: ${seller.registeredOffice}`,
      ...(seller.fTax ? [t.fTax] : []),
    ].join(' · ');
    text(legal, MARGIN, FOOTER_TOP + 6, { size: 7, color: MUTED, width: CONTENT_WIDTH - 150 });
    // Every page names its invoice: a continuation page printed or filed alone still says whose it is.
    const pageLabel = `${title} ${invoice.invoiceNumber}\n${t.page(i - range.start + 1, range.count)}`;
    text(pageLabel, A4.width - MARGIN - 140, FOOTER_TOP + 6, {
      size: 7,
      color: MUTED,
      width: 140,
      align: 'right',
    });
  }
}
