import type { Locale } from '@/shared/i18n/locale';
import { ledgerMessages } from '@/shared/i18n/messages/ledger';
import { adminDocumentPdfPath, type JournalEntry, type OrderMoney } from '@/shared/ledger';
import type { Db } from '@/server/db/client';
import { journalCsv } from './journal';
import { orderMoney } from './payments';

/**
 * What the ledger's admin routes answer (the admin is the reader): the order's money with the
 * admin's document addresses, a credit note with it, the invoice journal as CSV in the admin's
 * language. The shapes are declared in ./contract.ts.
 */

/** The order's money as the admin's order page shows it; every money write answers it. */
export function adminOrderMoney(db: Db, order: { id: number; orderNumber: string }): Promise<OrderMoney> {
  return orderMoney(db, order, adminDocumentPdfPath);
}

/** POST …/credit-notes → 201: the new credit note's number and the order's money after it. */
export function creditNoteView(creditNote: string, money: OrderMoney): OrderMoney & { creditNote: string } {
  return { creditNote, ...money };
}

/** The invoice journal as the admin downloads it: one row per document, headed in the admin's language. */
export function journalCsvView(entries: readonly JournalEntry[], locale: Locale): string {
  const t = ledgerMessages[locale];
  return journalCsv(entries, [
    t.documentNumber,
    t.kind,
    t.issuedOn,
    t.customer,
    t.correctsColumn,
    t.net,
    t.vat,
    t.total,
    t.paidAmount,
    t.balanceColumn,
    t.accountColumn,
  ]);
}
