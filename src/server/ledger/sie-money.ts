import { sql } from 'drizzle-orm';
import { basAccounts } from '@/shared/invoicing/bas-accounts';
import { moneyAccounts } from '@/shared/invoicing/money-accounts';
import { decimalFromOre, oreFromDecimal } from '@/shared/ledger';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { encodeSieLines } from '@/server/invoicing';

/**
 * The SIE verifications of money that is not a plain SEK payment (issue 42), beside
 * sie-export.ts: a EUR payment with its exchange difference, a rounding (öresavrundning), money
 * waiting on the suspense account and moved from it. Accounts: money-accounts.ts.
 */

const compactDate = (date: string) => date.replace(/-/g, '');

/** A payment row as the SIE export reads it. */
export type SieMoneyRow = {
  id: string;
  number: string;
  day: string;
  amount: string;
  currency: 'EUR' | null;
  amount_in_currency: string | null;
  booked_sek: string | null;
  settlement: 'rounding' | null;
  /** Money that waited on the suspense account (an unmatched bank payment assigned later). */
  from_suspense: boolean;
};

/** The columns sie-export.ts selects besides id, number, day and amount (`p` = payments). */
export const sieMoneyColumns = sql.raw(`p.currency, p.amount_in_currency::text AS amount_in_currency,
  p.booked_sek::text AS booked_sek, p.settlement, FALSE AS from_suspense`);

function verification(
  series: string,
  id: string,
  day: string,
  text: string,
  trans: [string, number][],
): string[] {
  const date = compactDate(day);
  return [
    `#VER ${series} ${id} ${date} "${text}" ${date}`,
    '{',
    ...trans
      .filter(([, ore]) => ore !== 0)
      .map(([account, ore]) => `#TRANS ${account} {} ${decimalFromOre(ore)}`),
    '}',
  ];
}

/**
 * One payment's verification (series B, numbered by its row): money debits the bank (or, moved
 * from the suspense account, 2999) and credits 1510; a EUR payment debits the SEK the bank booked,
 * credits the SEK it cleared, and the difference goes to 3960 (gain, credit) or 7960 (loss,
 * debit); a rounding debits 3740. Undefined for a plain payment (siePaymentVerification's).
 */
export function sieMoneyVerification(row: SieMoneyRow): string[] | undefined {
  const cleared = oreFromDecimal(row.amount);
  const receivables = basAccounts.receivables.number;
  if (row.settlement === 'rounding')
    return verification('B', row.id, row.day, `Öresavrundning ${row.number}`, [
      [moneyAccounts.rounding.number, cleared],
      [receivables, -cleared],
    ]);
  const debit = row.from_suspense ? moneyAccounts.suspense.number : basAccounts.bank.number;
  if (row.currency === 'EUR' && row.booked_sek !== null) {
    const booked = oreFromDecimal(row.booked_sek);
    const difference = booked - cleared;
    return verification('B', row.id, row.day, `Betalning ${row.number} ${row.amount_in_currency ?? ''} EUR`, [
      [debit, booked],
      [receivables, -cleared],
      difference > 0
        ? [moneyAccounts.exchangeGain.number, -difference]
        : [moneyAccounts.exchangeLoss.number, -difference],
    ]);
  }
  if (row.from_suspense)
    return verification('B', row.id, row.day, `Betalning ${row.number} från OBS-konto`, [
      [debit, cleared],
      [receivables, -cleared],
    ]);
  return undefined;
}

/**
 * Money the bank booked in the period that no invoice was found for (series C, numbered by the
 * bank payment's row): debit 1930, credit 2999 OBS-konto on the day the bank booked it (or, that
 * day's month closed when the file was read, the import's day: entered_on, docs/decisions/0075), whatever
 * was decided later (assigned: its payment moves it to 1510 on the day it was assigned; not ours:
 * it stays on 2999 until paid back). SEK money with a booking day only: money in another currency
 * waits in the queue and is booked by hand.
 */
export async function* suspenseReceipts(db: Db, from: string, to: string): AsyncGenerator<Buffer> {
  let after = { day: '0001-01-01', id: '0' };
  for (;;) {
    const rows = await queryRows<{ id: string; day: string; amount_milli: string }>(
      db,
      sql`SELECT b.id::text AS id, to_char(b.day, 'YYYY-MM-DD') AS day, b.amount_milli::text AS amount_milli
        FROM (SELECT id, coalesce(entered_on, booked_on) AS day, amount_milli, state, currency FROM bank_payments) b
        WHERE b.state IN ('unmatched', 'assigned', 'not_ours') AND b.currency = 'SEK' AND b.amount_milli > 0
          AND b.amount_milli % 10 = 0 AND b.day >= ${from}::date AND b.day <= ${to}::date
          AND (b.day, b.id) > (${after.day}::date, ${after.id}::bigint)
        ORDER BY b.day, b.id LIMIT 1000`,
    );
    const lines = rows.flatMap((row) => {
      const ore = Number(BigInt(row.amount_milli) / 10n);
      return verification('C', row.id, row.day, `Inbetalning utan faktura, bankbetalning ${row.id}`, [
        [basAccounts.bank.number, ore],
        [moneyAccounts.suspense.number, -ore],
      ]);
    });
    if (lines.length > 0) yield encodeSieLines(lines);
    const last = rows.at(-1);
    if (!last || rows.length < 1000) return;
    after = { day: last.day, id: last.id };
  }
}

/**
 * The payments moved from the suspense account in the period, booked on the day they were assigned
 * (sie-export.ts leaves them out of its own payments, which go by the day the money arrived).
 */
export async function* suspenseMoves(db: Db, from: string, to: string): AsyncGenerator<Buffer> {
  const rows = await queryRows<Omit<SieMoneyRow, 'from_suspense'>>(
    db,
    sql`SELECT p.id::text AS id, d.number, to_char(b.decided_at AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD') AS day,
        p.amount::text AS amount, p.currency, p.amount_in_currency::text AS amount_in_currency,
        p.booked_sek::text AS booked_sek, p.settlement
      FROM payments p JOIN documents d ON d.id = p.document_id
        JOIN bank_payments b ON b.bank_reference = p.external_reference AND b.state = 'assigned'
      WHERE (b.decided_at AT TIME ZONE 'Europe/Stockholm')::date BETWEEN ${from}::date AND ${to}::date
      ORDER BY b.decided_at, p.id`,
  );
  const lines = rows.flatMap((row) => sieMoneyVerification({ ...row, from_suspense: true }) ?? []);
  if (lines.length > 0) yield encodeSieLines(lines);
}

/** Leaves out of sie-export.ts's payments those moved from the suspense account (suspenseMoves books them). */
export const notFromSuspense = sql.raw(
  `NOT EXISTS (SELECT 1 FROM bank_payments b WHERE b.bank_reference = p.external_reference AND b.state = 'assigned')`,
);
