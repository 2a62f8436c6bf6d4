import QRCode from 'qrcode';
import { colors, findProduct, type Product } from '@/shared/catalogue';
import type { CalendarDate } from '@/shared/dates';
import { formatDate, formatDateTime } from '@/shared/dates';
import { orderDelivery } from '@/shared/delivery';
import { dateLocaleTag, type Locale } from '@/shared/i18n/locale';
import { orderStatusMessages } from '@/shared/i18n/messages/order-status';
import type { OrderStatus } from '@/shared/order-status';
import { orderLineText } from '@/shared/i18n/order-line-text';
import { productionMessages } from '@/shared/i18n/messages/production';
import { groupOrderMessages } from '@/shared/i18n/messages/group-orders';
import type { GroupLine } from '@/shared/group-orders';
import { formatCount } from '@/shared/money-format';
import { printGeometry, printPlacementCm } from '@/shared/print-areas';
import { printsTooLarge } from '@/shared/print-fit';
import { printAreaWidths, type OrderPrintFile } from '@/shared/print-files';
import { printMethodLabels, printSideLabels } from '@/shared/print-options';
import { allSizeCodes as sizeCodes } from '@/shared/sizes';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import { renderOffThread, startPdfDocument } from '@/server/invoicing';

/** What a job ticket shows: the stored order, its files and its approved proof. */
export interface JobTicketInput {
  orderNumber: string;
  customer: string;
  status: OrderStatus;
  countryCode: string;
  neededBy: string | null;
  items: readonly StoredOrderLine[];
  printFiles: readonly OrderPrintFile[];
  approvedProof: { version: number; approvedOn: CalendarDate } | null;
  /** Staff's notes marked for production (none naming money), oldest first: who, when, what. */
  productionNotes?: readonly { text: string; writtenBy: string; writtenAt: string }[];
  /** The staff's language: the shop's (Swedish). */
  locale: Locale;
  today: CalendarDate;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#94a3b8';

/** Numbers as the shop writes them: Swedish format, one decimal at most ("28,8"). */
const cm = (n: number) => new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 }).format(n);

/**
 * The printer's A4 job ticket: a summary page (date, proof, sizes per product and colour, files,
 * notes, the order number as text and QR code), then one page per goods line with the garment
 * drawn in its colour and each print placed and sized in centimetres on the real print area.
 * Text is real text (selectable, extractable), numbers in Swedish format.
 */
/** The job ticket as a task for the document workers (src/server/document-worker.ts runs it). */
export interface JobTicketTask {
  kind: 'render-job-ticket';
  ticket: JobTicketInput;
  /** The catalogue goes along: the ticket reads products the line does not carry (older orders). */
  products: readonly Product[];
}

/**
 * The printer's job ticket drawn in a worker thread (with this thread's catalogue); undefined when
 * the pool is off (DOCUMENT_WORKERS=0): the caller draws it.
 */
export function renderJobTicketOffThread(
  ticket: JobTicketInput,
  products: readonly Product[],
): Promise<Buffer> | undefined {
  return renderOffThread({ kind: 'render-job-ticket', ticket, products } satisfies JobTicketTask);
}

type WriteOptions = { bold?: boolean; size?: number; color?: string; x?: number; width?: number };
type GoodsLine = { line: StoredOrderLine; index: number };

/** What every part of the ticket draws with: the document, the words, the order and its goods lines. */
interface TicketPen {
  doc: PDFKit.PDFDocument;
  t: (typeof productionMessages)[Locale];
  locale: Locale;
  input: JobTicketInput;
  /** The goods lines (fees left out) with their index in the order's items. */
  goods: GoodsLine[];
  /** The page's writing width. */
  width: number;
  write: (value: string, options?: WriteOptions) => void;
  /** The page's head: title, QR code, the subtitle and the ship-by date, then a rule. */
  header: (subtitle: string) => void;
  date: (d: string) => string;
}

/**
 * The printer's job ticket: page 1 the summary (proof, lines, files, notes), then one page per
 * goods line with its prints in cm, sizes, files and notes.
 */
export async function renderJobTicket(input: JobTicketInput): Promise<Buffer> {
  const t = productionMessages[input.locale];
  const { doc, done } = startPdfDocument({
    language: input.locale,
    margin: MARGIN,
    info: {
      Title: `${t.ticketTitle} ${input.orderNumber}`,
      CreationDate: new Date(`${input.today}T00:00:00Z`),
    },
  });
  const pen = ticketPen(doc, input);
  writeSummaryPage(pen);
  pen.goods.forEach((goodsLine, n) => writeLinePage(pen, goodsLine, n));
  doc.end();
  return done;
}

function ticketPen(doc: PDFKit.PDFDocument, input: JobTicketInput): TicketPen {
  const t = productionMessages[input.locale];
  const dateLocale = dateLocaleTag[input.locale];
  const goods = input.items
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.fee === undefined);
  const delivery = orderDelivery(
    {
      productIds: goods.map(({ line }) => line.productId),
      countryCode: input.countryCode,
      status: input.status,
      neededBy: input.neededBy,
      approvedOn: input.approvedProof?.approvedOn ?? null,
    },
    input.today,
  );
  const shipBy = delivery.neededBy ?? delivery.estimate;
  const date = (d: string) => formatDate(d, dateLocale, 'long');
  const width = A4.width - 2 * MARGIN;
  const write = (value: string, options: WriteOptions = {}) => {
    doc
      .font(options.bold ? 'bold' : 'regular')
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? INK)
      .text(value, options.x ?? MARGIN, doc.y, { width: options.width ?? width });
  };
  const header = (subtitle: string) => {
    const top = MARGIN;
    drawQr(doc, input.orderNumber, A4.width - MARGIN - 80, top, 80);
    doc.y = top;
    write(`${t.ticketTitle} ${input.orderNumber}`, { bold: true, size: 18, width: width - 90 });
    write(subtitle, { color: MUTED, width: width - 90 });
    write(`${t.shipBy}: ${date(shipBy)}`, { bold: true, size: 13, width: width - 90 });
    if (delivery.neededBy)
      write(`${t.neededBy}: ${date(delivery.neededBy)} · ${t.estimate}: ${date(delivery.estimate)}`, {
        color: MUTED,
        size: 9,
        width: width - 90,
      });
    doc.y = Math.max(doc.y, top + 88);
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(A4.width - MARGIN, doc.y)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.y += 8;
  };
  return { doc, t, locale: input.locale, input, goods, width, write, header, date };
}

// Name, colour and choices as the buyer's pages, emails and invoice word them (orderLineText).
const lineTitle = ({ t, locale }: TicketPen, line: StoredOrderLine) =>
  `${formatCount(line.quantity)} ${t.pcs} ${orderLineText(locale, line).name}`;
const colourOf = ({ locale }: TicketPen, line: StoredOrderLine) => orderLineText(locale, line).colour;
const splitText = (line: StoredOrderLine) =>
  line.sizes
    ? sizeCodes
        .filter((code) => (line.sizes?.[code] ?? 0) > 0)
        .map((code) => `${code} ${formatCount(line.sizes?.[code] ?? 0)}`)
        .join(' / ')
    : '';
/** The 1-based number of an item among the goods lines. */
const goodsNumber = ({ goods }: TicketPen, itemIndex: number) =>
  goods.findIndex((g) => g.index === itemIndex) + 1;

function fileLine(pen: TicketPen, file: OrderPrintFile): string {
  const { t } = pen;
  const parts = [file.name || '–', t[file.kind]];
  if (file.width && file.height)
    parts.push(t.pixels({ width: formatCount(file.width), height: formatCount(file.height) }));
  if (file.quality)
    parts.push(
      t.dpi({ dpi: formatCount(file.quality.dpi), width: cm(file.quality.widthCm) }) +
        (file.quality.blurry ? ` (${t.low})` : ''),
    );
  parts.push(file.line === undefined ? t.wholeOrder : t.forLine({ n: goodsNumber(pen, file.line) }));
  return parts.join(' · ') + (file.note ? ` – ${file.note}` : '');
}

/** A line's notes to the printer: the buyer's notes and the design's additional information. */
const lineNotesOf = (line: StoredOrderLine) =>
  [line.notes, line.customisation?.additionalInfo].filter(
    (note): note is string => typeof note === 'string' && note.trim() !== '',
  );

/** Page 1: the summary. */
function writeSummaryPage(pen: TicketPen): void {
  const { doc, t, locale, input, write, width } = pen;
  pen.header(`${t.customer}: ${input.customer} · ${t.status}: ${orderStatusMessages[locale][input.status]}`);
  write(
    `${t.proof}: ${
      input.approvedProof
        ? t.proofApproved({
            version: input.approvedProof.version,
            date: pen.date(input.approvedProof.approvedOn),
          })
        : t.proofNone
    }`,
  );
  doc.y += 6;
  write(t.summary, { bold: true, size: 12 });
  pen.goods.forEach(({ line }, n) => {
    const colour = colourOf(pen, line);
    write(`${n + 1}. ${lineTitle(pen, line)}${colour ? ` · ${colour}` : ''}`, { bold: true });
    const split = splitText(line);
    if (split)
      write(`${colour ? `${colour}: ` : ''}${split}`, {
        x: MARGIN + 14,
        width: width - 14,
      });
    const options = orderLineText(locale, line).options;
    if (options) write(options, { x: MARGIN + 14, width: width - 14, color: MUTED, size: 9 });
  });
  doc.y += 6;
  write(t.printFiles, { bold: true, size: 12 });
  if (input.printFiles.length === 0) write(t.noFiles, { color: MUTED });
  for (const file of input.printFiles) write(fileLine(pen, file), { size: 9 });
  doc.y += 6;
  write(t.notes, { bold: true, size: 12 });
  const notes = pen.goods.flatMap(({ line }, n) =>
    lineNotesOf(line).map((note) => `${t.forLine({ n: n + 1 })}: ${note}`),
  );
  // The staff's notes for production (issue 41): who and when, then the note.
  for (const note of input.productionNotes ?? [])
    notes.push(`${note.writtenBy}, ${formatDateTime(note.writtenAt)}: ${note.text}`);
  if (notes.length === 0) write(t.noNotes, { color: MUTED });
  for (const note of notes) write(note, { size: 9 });
}

/** One page per goods line: the garment, its prints in cm, its sizes, its files and notes. */
function writeLinePage(pen: TicketPen, { line, index }: GoodsLine, n: number): void {
  const { doc, t, locale, input, write } = pen;
  doc.addPage();
  pen.header(`${t.line({ n: n + 1, of: pen.goods.length })} · ${input.customer}`);
  const colour = colourOf(pen, line);
  write(lineTitle(pen, line), { bold: true, size: 14 });
  if (colour) write(`${t.colour}: ${colour}`, { size: 12 });
  const options = orderLineText(locale, line).options;
  if (options) write(options);
  const split = splitText(line);
  if (split)
    write(`${t.sizes}: ${colour ? `${colour} ` : ''}${split}`, {
      bold: true,
      size: 12,
    });
  if (line.group) writeGroupGarments(line.group, locale, write);
  doc.y += 6;
  writeLinePrints(pen, line, colour);
  doc.x = MARGIN;
  const lineFiles = input.printFiles.filter((file) => file.line === undefined || file.line === index);
  write(t.printFiles, { bold: true, size: 12 });
  if (lineFiles.length === 0) write(t.noFiles, { color: MUTED });
  for (const file of lineFiles) write(fileLine(pen, file), { size: 9 });
  const lineNotes = lineNotesOf(line);
  write(t.notes, { bold: true, size: 12 });
  write(lineNotes.length > 0 ? lineNotes.join('\n') : t.noNotes, {
    color: lineNotes.length > 0 ? INK : MUTED,
  });
}

/** A line's prints per side: the print area, each print's method, size and place in cm, and a drawing. */
function writeLinePrints(pen: TicketPen, line: StoredOrderLine, colour: string | null): void {
  const { doc, t, locale, write } = pen;
  const prints = line.customisation?.prints ?? [];
  const sides = prints.length > 0 ? [...new Set(prints.map((p) => p.side))] : (['front'] as const);
  write(t.prints, { bold: true, size: 12 });
  // The print areas the line was sold with (older lines: the catalogue's).
  const sold = findProduct(line.productId);
  const areas = line.printAreas ?? sold?.printAreas ?? {};
  // The mockup (a drawing or the owner's picture) the line was sold with places the prints in cm.
  const geometry = printGeometry({
    mockup: line.mockup ?? sold?.mockup,
    mockupPicture: line.mockupPicture ?? (line.mockup ? undefined : sold?.mockupPicture),
    printAreas: areas,
  });
  for (const side of sides) {
    const areaWidth = printAreaWidths(areas)[side];
    const sidePrints = prints.filter((p) => p.side === side);
    const placements = sidePrints.map((p) => ({ print: p, cm: printPlacementCm(geometry, p) }));
    const areaHeight =
      placements[0]?.cm?.areaHeightCm ??
      areas[side]?.heightCm ??
      (areaWidth ? Math.round(areaWidth * 1.2) : undefined);
    write(printSideLabels[locale][side], { bold: true });
    if (areaWidth !== undefined && areaHeight !== undefined)
      write(t.printArea({ width: cm(areaWidth), height: cm(areaHeight) }), { color: MUTED, size: 9 });
    const tooLarge = printsTooLarge(line, sold);
    for (const { print, cm: placed } of placements) {
      write(
        t.printOf({ method: printMethodLabels[locale][print.method], side: printSideLabels[locale][side] }),
        {
          size: 10,
        },
      );
      if (placed)
        write(t.printSize({ width: cm(placed.widthCm), left: cm(placed.leftCm), top: cm(placed.topCm) }), {
          size: 10,
        });
      // An order stored before prints were kept within their area: said, never silently drawn.
      const over = tooLarge.find((p) => p.print === print);
      if (over)
        write(t.tooLarge({ width: cm(over.fit.widthCm), area: cm(over.fit.areaWidthCm) }), {
          bold: true,
          size: 10,
          color: '#b91c1c',
        });
    }
    if (areaWidth !== undefined && areaHeight !== undefined && doc.y < A4.height - 300) {
      drawGarment(doc, {
        x: MARGIN,
        y: doc.y + 6,
        colourHex: colors.find((c) => c.id === colour)?.hex ?? '#e2e8f0',
        areaWidthCm: areaWidth,
        areaHeightCm: areaHeight,
        prints: placements.flatMap(({ print, cm: placed }) =>
          placed ? [{ label: printMethodLabels[locale][print.method], ...placed }] : [],
        ),
        garment: findProduct(line.productId)?.garment === true,
      });
      doc.y += 200;
    }
  }
}

/**
 * A group order's garments, one row each, sorted for packing by member: size, the member, and the
 * name and number to print (issue 44).
 */
function writeGroupGarments(
  group: GroupLine,
  locale: Locale,
  write: (value: string, options?: { bold?: boolean; size?: number; color?: string }) => void,
): void {
  const t = groupOrderMessages[locale];
  const personalised = group.personalisation.name || group.personalisation.number;
  const n = formatCount(group.garments.length);
  write(personalised ? t.garmentsWithNames({ n }) : t.garmentsPerMember({ n }), { bold: true, size: 12 });
  group.garments.forEach((garment, index) => {
    const print = [garment.printName, garment.printNumber].filter(Boolean).join(' ');
    write(`${index + 1}. ${garment.size} · ${garment.member}${print ? ` · ${t.printLabel}: ${print}` : ''}`, {
      size: 9,
    });
  });
}

/** The order number as a QR code drawn with squares (vector, sharp at any print size). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill().restore();
}

/**
 * The garment in its colour with the print area (dashed) at its real proportions and each print
 * placed and sized as on the garment, with its width and offsets in cm beside it.
 */
function drawGarment(
  doc: PDFKit.PDFDocument,
  g: {
    x: number;
    y: number;
    colourHex: string;
    areaWidthCm: number;
    areaHeightCm: number;
    garment: boolean;
    prints: { label: string; widthCm: number; leftCm: number; topCm: number }[];
  },
): void {
  // The print area drawn 140 pt wide at most, 150 pt high at most; the garment around it.
  const scale = Math.min(140 / g.areaWidthCm, 150 / g.areaHeightCm);
  const areaW = g.areaWidthCm * scale;
  const areaH = g.areaHeightCm * scale;
  const centreX = g.x + 130;
  const areaX = centreX - areaW / 2;
  const areaY = g.y + 30;
  doc.save();
  // The drawing stays in its own box left of the measures: a print larger than the garment is cut
  // at the box's edge instead of covering the ticket's text.
  doc.rect(g.x, g.y - 4, 280, 200).clip();
  doc.lineWidth(1).strokeColor('#334155').fillColor(g.colourHex);
  if (g.garment) {
    const bodyW = areaW * 1.5;
    const left = centreX - bodyW / 2;
    const right = centreX + bodyW / 2;
    doc
      .moveTo(left, g.y + 10)
      .lineTo(centreX - 20, g.y)
      .lineTo(centreX + 20, g.y)
      .lineTo(right, g.y + 10)
      .lineTo(right + 40, g.y + 60)
      .lineTo(right + 20, g.y + 75)
      .lineTo(right, g.y + 55)
      .lineTo(right, g.y + 190)
      .lineTo(left, g.y + 190)
      .lineTo(left, g.y + 55)
      .lineTo(left - 20, g.y + 75)
      .lineTo(left - 40, g.y + 60)
      .closePath()
      .fillAndStroke();
  } else {
    doc.roundedRect(areaX - 30, g.y + 10, areaW + 60, areaH + 50, 30).fillAndStroke();
  }
  doc.dash(3, { space: 2 }).strokeColor('#0f172a').rect(areaX, areaY, areaW, areaH).stroke().undash();
  g.prints.forEach((print, i) => {
    const px = areaX + print.leftCm * scale;
    const py = areaY + print.topCm * scale;
    const pw = print.widthCm * scale;
    doc.fillColor('#ffffff').fillOpacity(0.85).strokeColor('#b91c1c').lineWidth(1.2);
    doc.rect(px, py, pw, pw).fillAndStroke();
    doc
      .fillOpacity(1)
      .fillColor('#b91c1c')
      .font('bold')
      .fontSize(8)
      .text(String(i + 1), px + 2, py + 2, { lineBreak: false });
  });
  doc.restore();
  // The measures beside the drawing.
  doc.font('regular').fontSize(9).fillColor(INK);
  let textY = g.y + 10;
  const textX = g.x + 290;
  doc.text(`${cm(g.areaWidthCm)} × ${cm(g.areaHeightCm)} cm`, textX, textY, { width: 200 });
  textY += 14;
  g.prints.forEach((print, i) => {
    doc.text(
      `${i + 1}. ${print.label}: ${cm(print.widthCm)} cm · ← ${cm(print.leftCm)} cm · ↓ ${cm(print.topCm)} cm`,
      textX,
      textY,
      { width: 220 },
    );
    textY += 26;
  });
}
