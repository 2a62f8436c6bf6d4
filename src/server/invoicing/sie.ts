import iconv from 'iconv-lite';
import type { VatTreatment } from '@/shared/invoicing/vat-treatment';

/**
 * SIE 4 (the Swedish bookkeeping exchange format) for the accountant: one verification per
 * invoice (receivable against sales and output VAT) and one per payment (bank against the
 * receivable). Accounts follow the BAS chart. The file is PC8 (code page 437) with CRLF line ends,
 * as SIE 4 prescribes; amounts use a decimal point, credits are negative.
 */

export const sieAccounts = {
  receivables: { number: '1510', name: 'Kundfordringar' },
  bank: { number: '1930', name: 'Företagskonto/checkkonto/affärskonto' },
  outputVat: { number: '2611', name: 'Utgående moms på försäljning inom Sverige, 25 %' },
  salesSweden: { number: '3001', name: 'Försäljning inom Sverige, 25 % moms' },
  salesExport: { number: '3105', name: 'Försäljning varor till land utanför EU' },
  salesEu: { number: '3108', name: 'Försäljning varor till annat EU-land, momsfri' },
} as const;

/** The sales account for a VAT treatment: 3001 with Swedish VAT, 3108 reverse charge, 3105 export. */
export function salesAccount(treatment: VatTreatment): string {
  if (treatment === 'reverse_charge') return sieAccounts.salesEu.number;
  if (treatment === 'export') return sieAccounts.salesExport.number;
  return sieAccounts.salesSweden.number;
}

export interface SieInvoice {
  invoiceNumber: string;
  /** The invoice date as YYYY-MM-DD (Stockholm). */
  date: string;
  customer: string;
  vatTreatment: VatTreatment;
  /** Exact decimal strings. */
  net: string;
  vat: string;
  total: string;
}

export interface SiePayment {
  invoiceNumber: string;
  date: string;
  amount: string;
}

export interface SieHeader {
  companyName: string;
  orgNumber: string;
  /** When the file was made (YYYY-MM-DD). */
  generated: string;
  from: string;
  to: string;
}

/** A SIE string field: quoted, inner quotes and backslashes escaped, no control characters. */
function quote(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return `"${clean.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

const compactDate = (date: string) => date.replace(/-/g, '');

/** Negates an exact decimal string without float arithmetic ("12.50" → "-12.50"). */
function negate(amount: string): string {
  if (/^0+(\.0+)?$/.test(amount)) return amount;
  return amount.startsWith('-') ? amount.slice(1) : `-${amount}`;
}

export function sieHeaderLines(header: SieHeader): string[] {
  return [
    '#FLAGGA 0',
    `#PROGRAM ${quote('BulkPrint')} ${quote('1.0')}`,
    '#FORMAT PC8',
    `#GEN ${compactDate(header.generated)}`,
    '#SIETYP 4',
    `#PROSA ${quote(`Fakturor och betalningar ${header.from} – ${header.to}`)}`,
    `#FNAMN ${quote(header.companyName)}`,
    `#ORGNR ${header.orgNumber}`,
    '#VALUTA SEK',
    ...Object.values(sieAccounts).map((account) => `#KONTO ${account.number} ${quote(account.name)}`),
  ];
}

/** One invoice's verification (series A): debit 1510, credit sales and 2611. Balances exactly. */
export function sieInvoiceVerification(invoice: SieInvoice, number: number): string[] {
  const date = compactDate(invoice.date);
  const transactions = [
    `#TRANS ${sieAccounts.receivables.number} {} ${invoice.total}`,
    `#TRANS ${salesAccount(invoice.vatTreatment)} {} ${negate(invoice.net)}`,
    ...(invoice.vatTreatment === 'domestic'
      ? [`#TRANS ${sieAccounts.outputVat.number} {} ${negate(invoice.vat)}`]
      : []),
  ];
  return [
    `#VER A ${number} ${date} ${quote(`Faktura ${invoice.invoiceNumber} ${invoice.customer}`)} ${date}`,
    '{',
    ...transactions,
    '}',
  ];
}

/** One payment's verification (series B): debit the bank, credit the receivable. */
export function siePaymentVerification(payment: SiePayment, number: number): string[] {
  const date = compactDate(payment.date);
  return [
    `#VER B ${number} ${date} ${quote(`Betalning ${payment.invoiceNumber}`)} ${date}`,
    '{',
    `#TRANS ${sieAccounts.bank.number} {} ${payment.amount}`,
    `#TRANS ${sieAccounts.receivables.number} {} ${negate(payment.amount)}`,
    '}',
  ];
}

/** Lines as SIE bytes: CRLF after each line, code page 437. */
export function encodeSieLines(lines: readonly string[]): Buffer {
  return iconv.encode(lines.map((line) => `${line}\r\n`).join(''), 'cp437');
}
