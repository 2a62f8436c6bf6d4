/** An account's number and name (the shape of bas-accounts.ts's BasAccount, which spreads these in). */
interface MoneyAccount {
  number: string;
  name: string;
}

/**
 * The BAS accounts of money that is not a sale (issue 42), beside bas-accounts.ts's sales table;
 * numbers and names from the BAS chart of accounts (BAS 2024, the numbers BAS2014 has too):
 *
 * - 2999 OBS-konto (group 29, a short-term liability): money the bank booked that no invoice was
 *   found for waits here until it is assigned (then moved to 1510) or found not the shop's. A
 *   suspense account keeps 1930 equal to the bank statement (Bokföringslagen 1999:1078, 5 kap. 1 §:
 *   every business event is booked, so money is booked the day it arrives, assigned or not).
 * - 3740 Öres- och kronutjämning: a small residual an individual left on an invoice, settled
 *   instead of chased (never by a credit note, which would reduce the sale and its VAT: ML
 *   2023:200, 17 kap. 22 § is for a changed price, not for a payment short by öre).
 * - 3960 Valutakursvinster på fordringar och skulder av rörelsekaraktär and 7960
 *   Valutakursförluster på fordringar och skulder av rörelsekaraktär: a EUR invoice's receivable is
 *   booked in SEK at the invoice's rate; the bank books the euros at the day's rate, and the
 *   difference is an exchange gain or loss on an operating receivable (BFNAR 2013:2, kap. 13
 *   (K2: 2016:10, 13.4): a receivable in foreign currency is settled at the rate of payment).
 */
export const moneyAccounts = {
  suspense: { number: '2999', name: 'OBS-konto' },
  rounding: { number: '3740', name: 'Öres- och kronutjämning' },
  exchangeGain: { number: '3960', name: 'Valutakursvinster på fordringar och skulder av rörelsekaraktär' },
  exchangeLoss: { number: '7960', name: 'Valutakursförluster på fordringar och skulder av rörelsekaraktär' },
} as const satisfies Record<string, MoneyAccount>;
