import { chargesVat } from '@/shared/invoicing/vat-treatment';
import iconv from 'iconv-lite';
import {
  allBasAccounts,
  basAccounts,
  salesAccount,
  type SupplyNature,
} from '@/shared/invoicing/bas-accounts';
import type { VatTreatment } from '@/shared/invoicing/vat-treatment';

/**
 * SIE 4 (the Swedish bookkeeping exchange format) for the accountant: one verification per
 * document (an invoice: receivable against sales and output VAT; a credit note: the same with the
 * signs turned) and one per payment or refund (bank against the receivable), each on its own date
 * and amount (Bokföringslagen 1999:1078, 5 kap. 6–7 §§: a verification per business event, with
 * its date and amount). Accounts follow the BAS chart (#KPTYP BAS2014), read from bas-accounts.ts. The file is PC8 (code page
 * 437) with CRLF line ends, as SIE 4 prescribes; amounts use a decimal point, credits are negative.
 */

/** The accounts of the file's #KONTO lines and its transactions: the one BAS table (bas-accounts.ts). */
export const sieAccounts = basAccounts;

export interface SieInvoice {
  /** The document's number (INV-…, KR-…). */
  invoiceNumber: string;
  /** A credit note: the invoice it corrects (named in the verification's text). */
  corrects?: string | null;
  /** The document's date as YYYY-MM-DD (Stockholm). */
  date: string;
  customer: string;
  vatTreatment: VatTreatment;
  /** What the document sells (documentSupply in bas-accounts.ts); goods when left out. */
  supply?: SupplyNature;
  /** Exact decimal strings; negative on a credit note. */
  net: string;
  vat: string;
  total: string;
}

export interface SiePayment {
  invoiceNumber: string;
  date: string;
  /** Negative: a refund (money leaves the bank). */
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

/** Characters code page 437 lacks, as the nearest it has (dashes, typographic quotes, spaces). */
const pc8Replacements: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u20ac': 'EUR',
};

const encodable = new Map<string, boolean>();
function inCodePage437(char: string): boolean {
  let known = encodable.get(char);
  if (known === undefined) {
    known = iconv.decode(iconv.encode(char, 'cp437'), 'cp437') === char;
    if (encodable.size < 10_000) encodable.set(char, known);
  }
  return known;
}

/**
 * Text as code page 437 can carry it: å ä ö é ü and the rest as they are; the en dash and other
 * punctuation as their ASCII look-alikes; a letter with an accent 437 lacks (ł, ő, ș) as its base
 * letter where there is one; anything else as "?". Never a byte the reader would misread.
 */
export function pc8Text(value: string): string {
  let out = '';
  for (const char of value.normalize('NFC')) {
    if (inCodePage437(char)) out += char;
    else if (pc8Replacements[char] !== undefined) out += pc8Replacements[char];
    else {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += base !== char && [...base].every(inCodePage437) ? base : '?';
    }
  }
  return out;
}

/** A SIE string field: quoted, inner quotes and backslashes escaped, no control characters. */
function quote(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const clean = pc8Text(value).replace(/[\u0000-\u001f\u007f]/g, ' ');
  return `"${clean.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

const compactDate = (date: string) => date.replace(/-/g, '');

/** Negates an exact decimal string without float arithmetic ("12.50" → "-12.50"). */
function negate(amount: string): string {
  if (/^-?0+(\.0+)?$/.test(amount)) return amount.replace('-', '');
  return amount.startsWith('-') ? amount.slice(1) : `-${amount}`;
}

export function sieHeaderLines(header: SieHeader): string[] {
  return [
    '#FLAGGA 0',
    `#PROGRAM ${quote('BulkPrint')} ${quote('1.0')}`,
    '#FORMAT PC8',
    `#GEN ${compactDate(header.generated)}`,
    '#SIETYP 4',
    `#PROSA ${quote(`Fakturor, kreditfakturor och betalningar ${header.from} – ${header.to}`)}`,
    `#FNAMN ${quote(header.companyName)}`,
    `#ORGNR ${header.orgNumber}`,
    '#KPTYP BAS2014',
    '#VALUTA SEK',
    ...allBasAccounts().map((account) => `#KONTO ${account.number} ${quote(account.name)}`),
  ];
}

/**
 * One document's verification (series A, numbered by the caller): debit 1510, credit the sales
 * account and 2611 for an invoice; a credit note's negative amounts turn every side. Balances exactly
 * (net + VAT = total is a constraint of the documents table).
 */
export function sieInvoiceVerification(invoice: SieInvoice, number: number): string[] {
  const date = compactDate(invoice.date);
  const transactions = [
    `#TRANS ${sieAccounts.receivables.number} {} ${invoice.total}`,
    `#TRANS ${salesAccount(invoice.vatTreatment, invoice.supply ?? 'goods')} {} ${negate(invoice.net)}`,
    // Swedish VAT on 2611 (box 10); the buyer country's VAT of an OSS sale on 2670, for the OSS
    // return and in no box of the Swedish one.
    ...(chargesVat(invoice.vatTreatment)
      ? [
          `#TRANS ${(invoice.vatTreatment === 'oss' ? sieAccounts.ossVat : sieAccounts.outputVat).number} {} ${negate(invoice.vat)}`,
        ]
      : []),
  ];
  const text = invoice.corrects
    ? `Kreditfaktura ${invoice.invoiceNumber} avser ${invoice.corrects} ${invoice.customer}`
    : `Faktura ${invoice.invoiceNumber} ${invoice.customer}`;
  return [`#VER A ${number} ${date} ${quote(text)} ${date}`, '{', ...transactions, '}'];
}

export interface SieReminder {
  /** The reminder's number (PAM-…) and the invoice it reminds of. */
  number: string;
  invoiceNumber: string;
  date: string;
  customer: string;
  /** Exact decimal strings; fee + interest = total. */
  fee: string;
  interest: string;
  total: string;
}

/**
 * A reminder's verification (series A, like every document): debit 1510 with what it charges,
 * credit 3930 with its fee and 8313 with its interest (bas-accounts.ts); no VAT on either. A side
 * of 0 is left out.
 */
export function sieReminderVerification(reminder: SieReminder, number: number): string[] {
  const date = compactDate(reminder.date);
  const isZero = (amount: string) => /^-?0+(\.0+)?$/.test(amount);
  const transactions = [
    `#TRANS ${sieAccounts.receivables.number} {} ${reminder.total}`,
    ...(isZero(reminder.fee) ? [] : [`#TRANS ${sieAccounts.reminderFees.number} {} ${negate(reminder.fee)}`]),
    ...(isZero(reminder.interest)
      ? []
      : [`#TRANS ${sieAccounts.lateInterest.number} {} ${negate(reminder.interest)}`]),
  ];
  const text = `Påminnelse ${reminder.number} avser ${reminder.invoiceNumber} ${reminder.customer}`;
  return [`#VER A ${number} ${date} ${quote(text)} ${date}`, '{', ...transactions, '}'];
}

/** One payment's verification (series B): debit the bank, credit the receivable; a refund the other way. */
export function siePaymentVerification(payment: SiePayment, number: number): string[] {
  const date = compactDate(payment.date);
  const refund = payment.amount.startsWith('-');
  return [
    `#VER B ${number} ${date} ${quote(`${refund ? 'Återbetalning' : 'Betalning'} ${payment.invoiceNumber}`)} ${date}`,
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
