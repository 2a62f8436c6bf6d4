import { enqueueEmail } from '@/server/email';
import { sql } from 'drizzle-orm';
import { decimalFromOre, oreFromDecimal } from '@/shared/ledger';
import { milliFromOre, splitVat, toOre } from '@/shared/money';
import { invoiceAmounts, pricesIncludeVat } from '@/shared/invoicing/vat-treatment';
import type { SellerDetails } from '@/server/config';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import {
  invoiceTexts,
  withInvoiceCurrency,
  type InvoiceDocument,
  type InvoiceLine,
} from '@/server/invoicing';
import {
  documentColumns,
  documentsOfOrder,
  insertDocument,
  issuedDocument,
  nextSeq,
  type DocumentRow,
} from './documents';

/**
 * Credit notes (kreditfakturor). Output VAT and a receivable are reduced only by a document that
 * refers to the invoice it changes (Mervärdesskattelagen 2023:200, 17 kap. 22 §; the reduction of
 * the taxable amount: 15 kap.): never by changing or deleting the invoice. Each credit note has its
 * own number in the one series (KR-<seq>), its own date, negative amounts, the invoice's language
 * and buyer, and is emailed to the buyer with its PDF.
 */

/** What to credit: what is left of the invoice, whole lines (by index), or an amount including VAT. */
export type CreditChoice =
  { kind: 'remaining' } | { kind: 'lines'; lines: readonly number[] } | { kind: 'amount'; amountOre: number };

export type CreditNoteResult =
  | { ok: true; id: number; number: string }
  | { ok: false; reason: 'not-invoice' | 'nothing-left' | 'unknown-line' | 'line-credited' }
  | { ok: false; reason: 'too-much'; maxOre: number };

interface Remaining {
  total: number;
  net: number;
  vat: number;
  creditedLines: Set<number>;
  /** Any credit note for an amount (not whole lines). */
  amountCredited: boolean;
}

async function remainingOf(tx: Db, invoice: DocumentRow): Promise<Remaining> {
  const credits = await queryRows<DocumentRow>(
    tx,
    sql`SELECT ${documentColumns} FROM documents d WHERE d.corrects_document_id = ${invoice.id}::bigint`,
  );
  const remaining: Remaining = {
    total: oreFromDecimal(invoice.total),
    net: oreFromDecimal(invoice.net),
    vat: oreFromDecimal(invoice.vat),
    creditedLines: new Set(),
    amountCredited: false,
  };
  for (const credit of credits) {
    remaining.total += oreFromDecimal(credit.total);
    remaining.net += oreFromDecimal(credit.net);
    remaining.vat += oreFromDecimal(credit.vat);
    const lines = 'creditNote' in credit.snapshot ? (credit.snapshot.creditNote?.lines ?? []) : [];
    if (lines.length === 0) remaining.amountCredited = true;
    for (const line of lines) remaining.creditedLines.add(line);
  }
  return remaining;
}

const negate = (decimal: string) => decimalFromOre(-oreFromDecimal(decimal));

/**
 * One line that credits an amount (its VAT split as the invoice's VAT treatment splits it). It
 * credits what the invoice sold: goods when the invoice sold goods (so its VAT case is the goods'
 * case, e.g. an intra-Community supply, not a service's reverse charge), else a service.
 */
function amountLine(description: string, totalOre: number, netOre: number, ofGoods: boolean): InvoiceLine {
  return {
    kind: ofGoods ? 'product' : 'fee',
    code: 'CREDIT',
    description,
    quantity: 1,
    unitPriceInclVat: decimalFromOre(-totalOre),
    lineTotalInclVat: decimalFromOre(-totalOre),
    unitPriceExVat: decimalFromOre(-netOre),
    lineNet: decimalFromOre(-netOre),
  };
}

/**
 * Issues a credit note for `invoice` in the caller's transaction (the invoice row locked, so two
 * credits of one invoice run one after the other and never credit more than it charged), and
 * queues the buyer's email with it. The seller's details are today's: the credit note is a new
 * document; the buyer, language and VAT treatment are the invoice's.
 */
export async function issueCreditNote(
  tx: Db,
  invoice: DocumentRow,
  choice: CreditChoice,
  reason: string,
  seller: SellerDetails,
  /**
   * issuedAt: the upgrade repair (upgrade-repair.ts) dates it at the migration. email false: no email
   * (an old cancellation), or the caller's own email carries it (an order change's, with every
   * document it issued).
   */
  options: { issuedAt?: Date; email?: boolean } = {},
): Promise<CreditNoteResult> {
  // A reminder's fee and interest are not credited here (no lines, no VAT): see docs/money-and-vat.md.
  if (invoice.kind === 'credit_note' || invoice.kind === 'reminder')
    return { ok: false, reason: 'not-invoice' };
  await tx.execute(sql`SELECT id FROM documents WHERE id = ${invoice.id}::bigint FOR UPDATE`);
  const remaining = await remainingOf(tx, invoice);
  if (remaining.total <= 0) return { ok: false, reason: 'nothing-left' };
  const original = await issuedDocument(tx, invoice, seller);
  const t = invoiceTexts[original.language];
  const treatment = original.vatTreatment;
  // Under OSS the credit note takes its invoice's rate (the buyer country's on the invoice's day).
  const ossTenths = treatment === 'oss' ? Math.round(original.vatPercent * 10) : null;
  // What the invoice sold: the credit note's lines keep its VAT case (vat-decision.ts).
  const ofGoods = original.supply === 'goods' || original.lines.some((line) => line.kind === 'product');

  let lines: InvoiceLine[];
  let creditedLines: number[] = [];
  let amounts: { total: number; net: number; vat: number };
  const untouched = remaining.creditedLines.size === 0 && !remaining.amountCredited;
  if (choice.kind === 'lines') {
    const chosen = [...new Set(choice.lines)].sort((a, b) => a - b);
    if (chosen.length === 0 || chosen.some((index) => !original.lines[index]))
      return { ok: false, reason: 'unknown-line' };
    if (chosen.some((index) => remaining.creditedLines.has(index)))
      return { ok: false, reason: 'line-credited' };
    const picked = chosen.map((index) => original.lines[index] as InvoiceLine);
    const computed = invoiceAmounts(
      picked.map((line) => milliFromOre(oreFromDecimal(line.lineTotalInclVat))),
      treatment,
      ossTenths,
    );
    const lastLines =
      !remaining.amountCredited && remaining.creditedLines.size + chosen.length === original.lines.length;
    // The last lines take exactly what is left, so crediting every line leaves not one öre over.
    amounts = lastLines
      ? { total: remaining.total, net: remaining.net, vat: remaining.vat }
      : { total: toOre(computed.total), net: toOre(computed.net), vat: toOre(computed.vat) };
    if (amounts.total > remaining.total) return { ok: false, reason: 'too-much', maxOre: remaining.total };
    lines = picked.map((line) => ({
      ...line,
      quantity: -line.quantity,
      lineTotalInclVat: negate(line.lineTotalInclVat),
      lineNet: negate(line.lineNet),
    }));
    creditedLines = chosen;
  } else if (choice.kind === 'remaining' && untouched) {
    // The whole invoice: every line mirrored, every amount exactly the invoice's.
    amounts = { total: remaining.total, net: remaining.net, vat: remaining.vat };
    lines = original.lines.map((line) => ({
      ...line,
      quantity: -line.quantity,
      lineTotalInclVat: negate(line.lineTotalInclVat),
      lineNet: negate(line.lineNet),
    }));
    creditedLines = original.lines.map((_, index) => index);
  } else {
    const totalOre = choice.kind === 'amount' ? choice.amountOre : remaining.total;
    if (totalOre <= 0) return { ok: false, reason: 'nothing-left' };
    if (totalOre > remaining.total) return { ok: false, reason: 'too-much', maxOre: remaining.total };
    if (totalOre === remaining.total) {
      amounts = { total: remaining.total, net: remaining.net, vat: remaining.vat };
    } else if (ossTenths !== null) {
      // An amount including the buyer country's VAT: its net half up, the VAT the rest.
      const net = Math.floor((totalOre * 2000 + (1000 + ossTenths)) / (2 * (1000 + ossTenths)));
      amounts = { total: totalOre, net, vat: totalOre - net };
    } else if (pricesIncludeVat(treatment)) {
      const split = splitVat(milliFromOre(totalOre));
      amounts = { total: totalOre, net: toOre(split.exVat), vat: toOre(split.vat) };
    } else {
      amounts = { total: totalOre, net: totalOre, vat: 0 };
    }
    const description = choice.kind === 'amount' ? `${t.creditAmountLine}: ${reason}` : t.creditRemainingLine;
    lines = [amountLine(description, amounts.total, amounts.net, ofGoods)];
  }

  const seq = await nextSeq(tx);
  const issuedAt = options.issuedAt ?? new Date();
  const number = `KR-${seq}`;
  const creditInSek: InvoiceDocument = {
    ...original,
    invoiceNumber: number,
    ocr: '',
    issueDate: issuedAt,
    dueDate: original.dueDate,
    deliveryDate: null,
    seller,
    lines,
    net: decimalFromOre(-amounts.net),
    vat: decimalFromOre(-amounts.vat),
    total: decimalFromOre(-amounts.total),
    creditNote: {
      correctsNumber: invoice.number,
      correctsIssueDate: invoice.issuedOn,
      reason,
      lines: creditedLines,
      ofGoods,
    },
  };
  // A credit note of a euro invoice is in EUR too, at the invoice's rate (never today's).
  const foreign = original.foreign;
  const credit = withInvoiceCurrency(
    creditInSek,
    foreign ? { code: foreign.code, rate: foreign.rate, source: foreign.source, date: foreign.date } : null,
  );
  const id = await insertDocument(
    tx,
    { orderId: invoice.orderId, kind: 'credit_note', seq, issuedAt, correctsDocumentId: invoice.id, reason },
    credit,
  );
  if (options.email ?? true)
    await enqueueEmail(tx, { orderId: invoice.orderId, kind: 'credit_note', ref: id });
  return { ok: true, id, number };
}

/**
 * Whether cancelling the order now would issue a credit note: one of its invoices has something
 * left to credit (what creditOrderInFull would credit). Cancelling such an order is the money
 * roles' (issue 38); call it in the transaction that holds the order's row lock.
 */
export async function hasInvoiceToCredit(tx: Db, orderId: number): Promise<boolean> {
  for (const document of await documentsOfOrder(tx, orderId)) {
    if (document.kind === 'credit_note' || document.kind === 'reminder') continue;
    if ((await remainingOf(tx, document)).total > 0) return true;
  }
  return false;
}

/**
 * Credits what is left of every invoice of an order (its cancellation), in the caller's
 * transaction: one credit note per invoice that still has something to credit. Its reason reads
 * "the order is cancelled" in the invoice's language: the admin's own reason stays with the shop.
 */
export async function creditOrderInFull(tx: Db, orderId: number, seller: SellerDetails): Promise<string[]> {
  const issued: string[] = [];
  for (const document of await documentsOfOrder(tx, orderId)) {
    if (document.kind === 'credit_note') continue;
    const reason = invoiceTexts[document.language].orderCancelled;
    const result = await issueCreditNote(tx, document, { kind: 'remaining' }, reason, seller);
    if (result.ok) issued.push(result.number);
  }
  return issued;
}
