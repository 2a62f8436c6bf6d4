import { sql } from 'drizzle-orm';
import { clearedOre } from '@/shared/invoicing/currency-payments';
import { decimalFromOre, oreFromDecimal } from '@/shared/ledger';
import type { Db } from '@/server/db/client';
import { balanceInCurrencyCents, currencyOfDocuments, foreignOf } from './currency-balances';
import { documentsOfOrder, type DocumentRow } from './documents';
import { paymentsOfOrder, recordPayment, type NewPayment, type RecordedPayment } from './payments';

/**
 * Recording money paid in EUR against a EUR invoice (issue 42): the euros and the SEK the bank
 * booked are kept; the SEK cleared from 1510 is the euros at the invoice's own rate (exactly what
 * is left when the euros are exactly what is left), and the SIE books booked SEK − cleared SEK as
 * an exchange gain (3960) or loss (7960) (BFNAR 2013:2 kap. 13 / K2 13.4: a receivable in a
 * foreign currency is settled at the rate the payment is made at).
 */

export type EurPaymentResult =
  { ok: true; payment: RecordedPayment; clearedOre: number } | { ok: false; reason: 'not-eur' };

/** What is left of one EUR invoice in SEK (öre) and in EUR (cents), read in the caller's transaction. */
export async function eurBalanceOf(
  tx: Db,
  invoice: DocumentRow,
): Promise<{ rate: string; balanceOre: number; balanceCents: number } | undefined> {
  const foreign = foreignOf(invoice);
  if (!foreign) return undefined;
  const [rows, payments] = await Promise.all([
    documentsOfOrder(tx, invoice.orderId),
    paymentsOfOrder(tx, invoice.orderId),
  ]);
  const credits = rows.filter((row) => row.correctsDocumentId === invoice.id);
  const balanceOre =
    oreFromDecimal(invoice.total) +
    credits.reduce((sum, credit) => sum + oreFromDecimal(credit.total), 0) -
    payments
      .filter((payment) => payment.documentId === invoice.id)
      .reduce((sum, payment) => sum + oreFromDecimal(payment.amount), 0);
  const balanceCents = balanceInCurrencyCents({ id: invoice.id, foreign }, balanceOre, credits, payments);
  return { rate: foreign.rate, balanceOre, balanceCents };
}

/** Records `amountCents` EUR (the bank booked `bookedSekOre`) on a EUR invoice; the invoice row locked. */
export async function recordEurPayment(
  tx: Db,
  invoice: DocumentRow,
  payment: Omit<NewPayment, 'documentId' | 'amountOre' | 'currency'> & {
    amountCents: number;
    bookedSekOre: number;
  },
): Promise<EurPaymentResult> {
  await tx.execute(sql`SELECT id FROM documents WHERE id = ${invoice.id}::bigint FOR UPDATE`);
  const balance = await eurBalanceOf(tx, invoice);
  if (!balance) return { ok: false, reason: 'not-eur' };
  const { amountCents, bookedSekOre, ...rest } = payment;
  const cleared = clearedOre(amountCents, balance.balanceCents, balance.balanceOre, balance.rate);
  const recorded = await recordPayment(tx, {
    ...rest,
    documentId: invoice.id,
    amountOre: cleared,
    currency: { code: 'EUR', amountCents, bookedSekOre },
  });
  return { ok: true, payment: recorded, clearedOre: cleared };
}

/**
 * What is left in EUR of each of an order's euro invoices (by document number), as the buyer's page
 * and the admin's list give it (`balanceInCurrency`): for the emails that name what is left.
 */
export async function euroBalancesOfOrder(db: Db, orderId: number): Promise<Map<string, string>> {
  const [rows, payments] = await Promise.all([documentsOfOrder(db, orderId), paymentsOfOrder(db, orderId)]);
  const currencies = currencyOfDocuments(rows, payments);
  const balances = new Map<string, string>();
  for (const row of rows) {
    const balance = currencies.get(row.id)?.balanceInCurrency;
    if (row.kind !== 'credit_note' && balance) balances.set(row.number, balance);
  }
  return balances;
}

/** The sum of an order's euro invoices' balances in EUR; undefined when none is in EUR. */
export function euroTotal(balances: ReadonlyMap<string, string>): string | undefined {
  if (balances.size === 0) return undefined;
  return decimalFromOre([...balances.values()].reduce((sum, value) => sum + oreFromDecimal(value), 0));
}
