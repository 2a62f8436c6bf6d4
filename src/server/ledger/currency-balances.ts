import { centsFromOre } from '@/shared/invoicing/currency-payments';
import { decimalFromOre, oreFromDecimal, type LedgerPayment } from '@/shared/ledger';
import type { DocumentRow } from './documents';

/**
 * A EUR document's own figures beside the ledger's SEK (issue 42): its total as issued in EUR and,
 * for an invoice, what is left of it in EUR. The euros paid count as paid; money recorded in SEK
 * (or a rounding) counts at the invoice's rate; nothing left in SEK is nothing left in EUR.
 */

export interface DocumentCurrency {
  currency: 'SEK' | 'EUR';
  totalInCurrency?: string;
  balanceInCurrency?: string | null;
}

/** The EUR figures a document's snapshot stores (snapshot.foreign), if it is made out in EUR. */
export function foreignOf(row: Pick<DocumentRow, 'snapshot'>): { rate: string; total: string } | undefined {
  const snapshot = row.snapshot as { foreign?: { code?: string; rate?: unknown; total?: unknown } };
  const foreign = snapshot.foreign;
  if (foreign?.code !== 'EUR' || typeof foreign.rate !== 'string' || typeof foreign.total !== 'string')
    return undefined;
  return { rate: foreign.rate, total: foreign.total };
}

type PaymentOf = Pick<LedgerPayment, 'amount' | 'amountInCurrency'> & { documentId: number };

/** What is left of one EUR invoice, in cents, given its SEK balance (öre), its credit notes and payments. */
export function balanceInCurrencyCents(
  invoice: { id: number; foreign: { rate: string; total: string } },
  balanceOre: number,
  credits: readonly Pick<DocumentRow, 'snapshot' | 'total'>[],
  payments: readonly PaymentOf[],
): number {
  if (balanceOre === 0) return 0;
  const { rate } = invoice.foreign;
  const credited = credits.reduce((sum, credit) => {
    const foreign = foreignOf(credit);
    return sum + (foreign ? oreFromDecimal(foreign.total) : centsFromOre(oreFromDecimal(credit.total), rate));
  }, 0);
  const paid = payments
    .filter((payment) => payment.documentId === invoice.id)
    .reduce(
      (sum, payment) =>
        sum +
        (payment.amountInCurrency !== undefined
          ? oreFromDecimal(payment.amountInCurrency)
          : centsFromOre(oreFromDecimal(payment.amount), rate)),
      0,
    );
  return oreFromDecimal(invoice.foreign.total) + credited - paid;
}

/** Each document's currency fields, by document id (for the order's `documents`). */
export function currencyOfDocuments(
  rows: readonly DocumentRow[],
  payments: readonly PaymentOf[],
): Map<number, DocumentCurrency> {
  const result = new Map<number, DocumentCurrency>();
  for (const row of rows) {
    const foreign = foreignOf(row);
    if (!foreign) continue;
    if (row.kind === 'credit_note') {
      result.set(row.id, { currency: 'EUR', totalInCurrency: foreign.total, balanceInCurrency: null });
      continue;
    }
    const credits = rows.filter((other) => other.correctsDocumentId === row.id);
    const balanceOre =
      oreFromDecimal(row.total) +
      credits.reduce((sum, credit) => sum + oreFromDecimal(credit.total), 0) -
      payments
        .filter((payment) => payment.documentId === row.id)
        .reduce((sum, payment) => sum + oreFromDecimal(payment.amount), 0);
    const cents = balanceInCurrencyCents({ id: row.id, foreign }, balanceOre, credits, payments);
    result.set(row.id, {
      currency: 'EUR',
      totalInCurrency: foreign.total,
      balanceInCurrency: decimalFromOre(cents),
    });
  }
  return result;
}
