import { allSizeCodes, type GarmentSizeCode } from '@/shared/sizes';
import type { CalendarDate } from '@/shared/dates';
import type { Locale } from '@/shared/i18n/locale';
import { groupOrderMessages } from '@/shared/i18n/messages/group-orders';
import { productionMessages } from '@/shared/i18n/messages/production';
import { orderLineText } from '@/shared/i18n/order-line-text';
import { formatCount } from '@/shared/money-format';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import { csvRow } from '@/server/admin';
import { renderOffThread, startPdfDocument } from '@/server/invoicing';

/**
 * A group order's packing list (issue 44, decision 0051): one row per garment, sorted for packing
 * by member, so each member's entry goes into one bag (two members of one name get a bag each). Made from the order's stored lines (the
 * garments the buyer placed), never from the group's entries (which the organiser could still
 * change before closing).
 */
export interface PackingRow {
  /** The goods line's number as the job ticket counts it (1 = first goods line). */
  line: number;
  productId: string;
  product: string;
  colour: string;
  member: string;
  /**
   * Which bag the garment goes in: its line and the member's entry (`line:entry`), or, for a line
   * ordered before garments named their entry, the member's name.
   */
  bagKey: string;
  /** The bag's number in packing order, 1…: what the PDF's block and the CSV's last column show. */
  bag: number;
  size: GarmentSizeCode;
  printName: string;
  printNumber: string;
}

export interface PackingListInput {
  orderNumber: string;
  customer: string;
  items: readonly StoredOrderLine[];
  /** The staff's language: the shop's (Swedish). */
  locale: Locale;
  today: CalendarDate;
}

/** The packing list as a task for the document workers (src/server/document-worker.ts runs it). */
export interface PackingListTask {
  kind: 'render-packing-list';
  packingList: PackingListInput;
}

/**
 * Every group garment of the order, sorted for packing: by member (Swedish alphabetical order, so
 * Å, Ä, Ö come last as on the team's own lists), then line and entry (one bag each), size from
 * smallest, number; each row numbered with its bag.
 */
export function packingRows(items: readonly StoredOrderLine[], locale: Locale): PackingRow[] {
  const rows: PackingRow[] = [];
  items
    .filter((line) => line.fee === undefined)
    .forEach((line, index) => {
      if (!line.group) return;
      const text = orderLineText(locale, line);
      for (const garment of line.group.garments)
        rows.push({
          line: index + 1,
          productId: line.productId,
          product: text.name,
          colour: text.colour ?? '',
          member: garment.member,
          bagKey:
            garment.entry === undefined ? `member:${garment.member}` : `entry:${index + 1}:${garment.entry}`,
          bag: 0,
          size: garment.size,
          printName: garment.printName ?? '',
          printNumber: garment.printNumber ?? '',
        });
    });
  const sizeOrder = (size: GarmentSizeCode) => allSizeCodes.indexOf(size);
  // A bag's first line and entry: an old line's member (no entries) sorts before the entries.
  const entryOf = (key: string) => (key.startsWith('entry:') ? Number(key.split(':')[2]) : 0);
  rows.sort(
    (a, b) =>
      a.member.localeCompare(b.member, 'sv') ||
      a.line - b.line ||
      entryOf(a.bagKey) - entryOf(b.bagKey) ||
      sizeOrder(a.size) - sizeOrder(b.size) ||
      a.printNumber.localeCompare(b.printNumber, 'sv', { numeric: true }) ||
      a.printName.localeCompare(b.printName, 'sv'),
  );
  let bag = 0;
  rows.forEach((row, index) => {
    if (index === 0 || rows[index - 1]?.bagKey !== row.bagKey) bag += 1;
    row.bag = bag;
  });
  return rows;
}

/** The rows per bag, in packing order: one member's entry each. */
function byBag(rows: readonly PackingRow[]): { bag: number; member: string; rows: PackingRow[] }[] {
  const bags: { bag: number; member: string; rows: PackingRow[] }[] = [];
  for (const row of rows) {
    const last = bags.at(-1);
    if (last && last.bag === row.bag) last.rows.push(row);
    else bags.push({ bag: row.bag, member: row.member, rows: [row] });
  }
  return bags;
}

/**
 * The CSV for the packing table: one garment a row, in packing order. Every cell through csvRow,
 * so a member's name such as "=HYPERLINK(…)" is text in a spreadsheet, never a formula.
 */
export function packingListCsv(input: PackingListInput): string {
  const header = [
    'order',
    'line',
    'member',
    'size',
    'print_name',
    'print_number',
    'product',
    'product_name',
    'colour_name',
    'bag',
  ];
  const rows = packingRows(input.items, input.locale).map((row) =>
    csvRow([
      input.orderNumber,
      row.line,
      row.member,
      row.size,
      row.printName,
      row.printNumber,
      row.productId,
      row.product,
      row.colour,
      row.bag,
    ]),
  );
  return [csvRow(header), ...rows].join('');
}

const MARGIN = 40;
const PAGE_BOTTOM = 841.89 - MARGIN;
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#94a3b8';

/** The packing list drawn in a worker thread; undefined when the pool is off (the caller draws it). */
export function renderPackingListOffThread(packingList: PackingListInput): Promise<Buffer> | undefined {
  return renderOffThread({ kind: 'render-packing-list', packingList } satisfies PackingListTask);
}

/**
 * The A4 packing list: the order, how many garments for how many people, then one block per member
 * (a box to tick, the member, how many) with each garment: size, name and number printed, product
 * and colour, its line. A member's block is kept on one page when it fits on one.
 */
export async function renderPackingList(input: PackingListInput): Promise<Buffer> {
  const t = productionMessages[input.locale];
  const g = groupOrderMessages[input.locale];
  const rows = packingRows(input.items, input.locale);
  const bags = byBag(rows);
  const { doc, done } = startPdfDocument({
    language: input.locale,
    margin: MARGIN,
    info: {
      Title: `${t.packingTitle} ${input.orderNumber}`,
      CreationDate: new Date(`${input.today}T00:00:00Z`),
    },
  });
  const width = 595.28 - 2 * MARGIN;
  const write = (
    value: string,
    options: { bold?: boolean; size?: number; color?: string; x?: number } = {},
  ) => {
    const x = options.x ?? MARGIN;
    doc
      .font(options.bold ? 'bold' : 'regular')
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? INK)
      .text(value, x, doc.y, { width: width - (x - MARGIN) });
  };

  write(`${t.packingTitle} ${input.orderNumber}`, { bold: true, size: 18 });
  write(`${t.customer}: ${input.customer}`, { color: MUTED });
  write(t.packingSummary({ garments: formatCount(rows.length), members: formatCount(bags.length) }), {
    bold: true,
    size: 12,
  });
  doc.y += 4;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  doc.y += 8;

  const ROW_HEIGHT = 13;
  for (const bag of bags) {
    // A member's block stays on one page when it fits on a page at all.
    const needed = 20 + bag.rows.length * ROW_HEIGHT;
    if (doc.y + needed > PAGE_BOTTOM && needed < PAGE_BOTTOM - MARGIN) doc.addPage();
    const top = doc.y;
    doc
      .lineWidth(0.8)
      .strokeColor(INK)
      .rect(MARGIN, top + 1, 9, 9)
      .stroke();
    doc.y = top;
    write(`${bag.bag}. ${t.packingMember({ member: bag.member, n: formatCount(bag.rows.length) })}`, {
      bold: true,
      size: 11,
      x: MARGIN + 16,
    });
    for (const row of bag.rows) {
      const print = [row.printName, row.printNumber].filter((part) => part !== '').join(' ');
      const product = [row.product, row.colour].filter((part) => part !== '').join(', ');
      write(
        [row.size, print ? `${g.printLabel}: ${print}` : '', product, t.forLine({ n: row.line })]
          .filter((part) => part !== '')
          .join(' · '),
        { size: 10, x: MARGIN + 28 },
      );
    }
    doc.y += 5;
  }
  doc.end();
  return done;
}
