/**
 * Reader of Bankgirot's BgMax file, the report of incoming payments of the service "Bankgiro
 * Inbetalningar", after Bankgirot's "Bankgiro Inbetalningar – Teknisk manual" (section 3, "Post-
 * och filbeskrivning för BgMax-filen"; the example files on bankgirot.se follow it). Records are
 * lines of 80 characters in ISO 8859-1; the first two characters are the transaktionskod (TK).
 *
 * A file:       01 start · (05 opening · payments · 15 deposit)+ · 70 closing
 * A payment:    20 payment or 21 deduction · 22/23 extra references · 25 information ·
 *               26 name · 27 address 1 · 28 address 2 · 29 organisation number
 *
 * Columns (1-based, inclusive) as the manual gives them:
 *   01  3–22 layout name "BGMAX" · 23–24 version · 25–44 written YYYYMMDDHHMMSSµµµµµµ · 45 T/P
 *   05  3–12 payee bankgiro · 13–22 payee plusgiro · 23–25 currency
 *   20  3–12 payer's bankgiro · 13–37 reference · 38–55 amount in öre · 56 reference code ·
 *       57 payment channel · 58–69 Bankgirot's serial number · 70 image mark
 *   21  as 20, and 71 deduction code (0–3): money the payer deducted, subtracted in the deposit
 *   22  extra reference (as 20, amount positive); 23 the same with a negative amount
 *   25  3–52 information text
 *   26  3–37 name · 38–72 extra name;  27  3–37 address · 38–46 postcode;
 *   28  3–37 city · 38–72 country · 73–74 country code;  29  3–14 organisation number
 *   15  3–37 payee bank account · 38–45 payment day YYYYMMDD · 46–50 deposit serial number ·
 *       51–68 deposit amount in öre · 69–71 currency · 72–79 payments in the deposit (20 + 21) ·
 *       80 deposit type
 *   70  3–10 payment records (20) · 11–18 deduction records (21) · 19–26 extra reference records
 *       (22 + 23) · 27–34 deposit records (15)
 * Reference codes (56): 0 and 1 no reference, 2 a correct OCR reference (checked by Bankgirot),
 * 3 one or more references, 4 one reference, 5 an incorrect reference.
 *
 * Every count and sum is checked: each deposit's amount equals its payments less its deductions,
 * its stated number of payments is what it holds, and the closing record's four counts are what
 * the file holds; any mismatch throws `BankFileError`, and the caller's transaction keeps nothing.
 * Record types the manual may add later are skipped, as the manual asks of readers.
 */
import { isCalendarDate, type CalendarDate } from '@/shared/dates';
import type { Milli } from '@/shared/money';
import type { BankFileField } from '@/shared/i18n/messages/bank-files';
import {
  BankFileError,
  formatBigMilli,
  linesOf,
  milliFromBigint,
  type BankFileHandler,
  type BankFileSummary,
  type ByteSource,
  type PaymentReference,
} from './bank-file';

export const BGMAX_RECORD_LENGTH = 80;
/** More references or texts than any real payment carries: a bound on what one payment holds. */
const MAX_PER_PAYMENT = 1000;

interface OpenDeposit {
  line: number;
  number: number;
  payeeBankgiro: string;
  currency: string;
  payments: number;
  sumMilli: bigint;
}

interface OpenPayment {
  line: number;
  ordinal: number;
  deduction: boolean;
  serialNumber: string;
  amountMilli: bigint;
  ocrReferences: PaymentReference[];
  references: string[];
  messages: string[];
  payerName?: string;
  payerId?: string;
}

/** Columns from..to (1-based, inclusive, as the manual numbers them) of a record. */
function field(record: string, from: number, to: number): string {
  return record.slice(from - 1, to);
}

function bad(line: number, which: BankFileField): BankFileError {
  return new BankFileError({ code: 'bad_field', line, field: which });
}

function digits(record: string, from: number, to: number, line: number, which: BankFileField): string {
  const value = field(record, from, to);
  if (!/^\d+$/.test(value) || value.length !== to - from + 1) throw bad(line, which);
  return value;
}

/** An amount in öre (18 digits) as exact milli-kr. */
function amountMilli(record: string, from: number, line: number): bigint {
  return BigInt(digits(record, from, from + 17, line, 'amount')) * 10n;
}

function date(record: string, from: number, line: number): CalendarDate {
  const value = digits(record, from, from + 7, line, 'date');
  const iso = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  if (!isCalendarDate(iso)) throw bad(line, 'date');
  return iso;
}

function text(record: string, from: number, to: number): string {
  return field(record, from, to).trim();
}

/** A reference field without its padding: Bankgirot right-aligns OCR references in spaces. */
function reference(record: string): string {
  return text(record, 13, 37);
}

/** What the reader holds between records: where it is in the file and what it has counted. */
interface BgMaxState {
  handler: BankFileHandler;
  started: boolean;
  ended: boolean;
  testFile: boolean;
  deposit?: OpenDeposit | undefined;
  payment?: OpenPayment | undefined;
  counted: { payments: number; deductions: number; extraReferences: number; deposits: number };
  handed: number;
  totalMilli: bigint;
}

/** Hands the payment being read to the handler, once its last record is read. */
async function closePayment(state: BgMaxState): Promise<void> {
  const { payment: open, deposit } = state;
  if (!open || !deposit) return;
  state.payment = undefined;
  const signed = open.deduction ? -open.amountMilli : open.amountMilli;
  const amount = milliFromBigint(signed);
  if (amount === undefined) throw bad(open.line, 'amount');
  state.handed += 1;
  state.totalMilli += signed;
  await state.handler.payment({
    // Bankgirot's serial number identifies the payment; the payee, deposit and position keep
    // it unique where a bank reuses serial numbers across deposits (its example file does).
    key: `bgmax:${deposit.payeeBankgiro}:${open.serialNumber}:${deposit.number}:${open.ordinal}:${signed}`,
    amount,
    currency: deposit.currency,
    bookedOn: null,
    group: deposit.number,
    ocrReferences: open.ocrReferences,
    references: open.references,
    messages: open.messages,
    ...(open.payerName ? { payerName: open.payerName } : {}),
    ...(open.payerId ? { payerId: open.payerId } : {}),
  });
}

function needPayment(state: BgMaxState, line: number, record: string): OpenPayment {
  if (!state.payment) throw new BankFileError({ code: 'out_of_order', line, record });
  return state.payment;
}

function bound<T>(list: T[], item: T, line: number): void {
  if (list.length >= MAX_PER_PAYMENT) throw new BankFileError({ code: 'too_many_references', line });
  list.push(item);
}

/** The start record (01): BGMAX, its version, when it was written, test or production. */
function readStart(state: BgMaxState, record: string, code: string, line: number): void {
  if (code !== '01' || text(record, 3, 22) !== 'BGMAX') throw new BankFileError({ code: 'unknown_format' });
  digits(record, 23, 24, line, 'version');
  const written = digits(record, 25, 44, line, 'timestamp');
  if (!isCalendarDate(`${written.slice(0, 4)}-${written.slice(4, 6)}-${written.slice(6, 8)}`))
    throw bad(line, 'timestamp');
  const mark = field(record, 45, 45);
  if (mark !== 'T' && mark !== 'P') throw bad(line, 'testMark');
  state.testFile = mark === 'T';
  state.started = true;
}

/** The deposit's opening record (05): the payee's bankgiro and the currency. */
function openDeposit(state: BgMaxState, record: string, line: number): void {
  if (state.deposit) throw new BankFileError({ code: 'out_of_order', line, record: '05' });
  // Columns 3–12: the payee's bankgiro number, ten digits with leading zeros (Bankgirot,
  // "Bankgiro Inbetalningar – Teknisk manual", Öppningspost, transaktionskod 05). The
  // caller refuses a file whose deposits are for any bankgiro but the shop's.
  const payeeBankgiro = digits(record, 3, 12, line, 'bankgiro');
  const currency = field(record, 23, 25);
  if (!/^[A-Z]{3}$/.test(currency)) throw bad(line, 'currency');
  state.handler.account?.({ kind: 'bankgiro', id: payeeBankgiro, line });
  state.deposit = {
    line,
    number: state.counted.deposits + 1,
    payeeBankgiro: payeeBankgiro.replace(/^0+/, ''),
    currency,
    payments: 0,
    sumMilli: 0n,
  };
}

/** A payment (20) or deduction (21) record: the previous payment is complete. */
async function openPayment(state: BgMaxState, record: string, code: string, line: number): Promise<void> {
  const deposit = state.deposit;
  if (!deposit) throw new BankFileError({ code: 'out_of_order', line, record: code });
  await closePayment(state);
  const deduction = code === '21';
  digits(record, 3, 12, line, 'bankgiro');
  const amount = amountMilli(record, 38, line);
  const referenceCode = digits(record, 56, 56, line, 'referenceCode');
  digits(record, 57, 57, line, 'paymentChannel');
  const serialNumber = digits(record, 58, 69, line, 'serialNumber');
  digits(record, 70, 70, line, 'imageMark');
  if (deduction) digits(record, 71, 71, line, 'deductionCode');
  const payment: OpenPayment = {
    line,
    ordinal: deposit.payments + 1,
    deduction,
    serialNumber,
    amountMilli: amount,
    ocrReferences: [],
    references: [],
    messages: [],
  };
  state.payment = payment;
  addReference(payment, referenceCode, reference(record), undefined);
  deposit.payments += 1;
  deposit.sumMilli += deduction ? -amount : amount;
  if (deduction) state.counted.deductions += 1;
  else state.counted.payments += 1;
}

/** The records that add to the payment being read: extra references (22, 23), message, name, id. */
function readPaymentPart(state: BgMaxState, record: string, code: string, line: number): void {
  const open = needPayment(state, line, code);
  switch (code) {
    case '22':
    case '23': {
      digits(record, 3, 12, line, 'bankgiro');
      const amount = amountMilli(record, 38, line);
      const referenceCode = digits(record, 56, 56, line, 'referenceCode');
      const signed = milliFromBigint(code === '23' ? -amount : amount);
      if (signed === undefined) throw bad(line, 'amount');
      if (open.ocrReferences.length + open.references.length >= MAX_PER_PAYMENT)
        throw new BankFileError({ code: 'too_many_references', line });
      addReference(open, referenceCode, reference(record), amount === 0n ? undefined : signed);
      state.counted.extraReferences += 1;
      return;
    }
    case '25': {
      const info = text(record, 3, 52);
      if (info) bound(open.messages, info, line);
      return;
    }
    case '26': {
      const name = [text(record, 3, 37), text(record, 38, 72)].filter(Boolean).join(' ');
      if (name) open.payerName = name;
      return;
    }
    case '29': {
      const id = field(record, 3, 14).trim();
      if (!/^\d+$/.test(id)) throw bad(line, 'organisationNumber');
      open.payerId = id;
      return;
    }
    // 27, 28: the payer's address, not kept.
  }
}

/** The deposit's closing record (15): its payment day, count and sum, checked. */
async function closeDeposit(state: BgMaxState, record: string, line: number): Promise<void> {
  const deposit = state.deposit;
  if (!deposit) throw new BankFileError({ code: 'out_of_order', line, record: '15' });
  await closePayment(state);
  const bookedOn = date(record, 38, line);
  digits(record, 46, 50, line, 'depositSerial');
  const stated = amountMilli(record, 51, line);
  if (field(record, 69, 71) !== deposit.currency) throw bad(line, 'currency');
  const statedPayments = Number(digits(record, 72, 79, line, 'count'));
  if (statedPayments !== deposit.payments)
    throw new BankFileError({
      code: 'count_mismatch',
      line,
      count: 'depositPayments',
      stated: statedPayments,
      found: deposit.payments,
    });
  if (stated !== deposit.sumMilli)
    throw new BankFileError({
      code: 'sum_mismatch',
      line,
      sum: 'deposit',
      stated: formatBigMilli(stated),
      found: formatBigMilli(deposit.sumMilli),
    });
  state.counted.deposits += 1;
  await state.handler.depositBooked?.(deposit.number, bookedOn);
  state.deposit = undefined;
}

/** The end record (70): the file's counts of payments, deductions, extra references and deposits. */
function readEnd(state: BgMaxState, record: string, line: number): void {
  if (state.deposit) throw new BankFileError({ code: 'out_of_order', line, record: '70' });
  const stated = {
    payments: Number(digits(record, 3, 10, line, 'count')),
    deductions: Number(digits(record, 11, 18, line, 'count')),
    extraReferences: Number(digits(record, 19, 26, line, 'count')),
    deposits: Number(digits(record, 27, 34, line, 'count')),
  };
  for (const count of ['payments', 'deductions', 'extraReferences', 'deposits'] as const) {
    if (stated[count] !== state.counted[count])
      throw new BankFileError({
        code: 'count_mismatch',
        line,
        count,
        stated: stated[count],
        found: state.counted[count],
      });
  }
  state.ended = true;
}

/** One record after the start record, by its transaction code. */
async function readRecord(state: BgMaxState, record: string, code: string, line: number): Promise<void> {
  switch (code) {
    case '05':
      return openDeposit(state, record, line);
    case '20':
    case '21':
      return openPayment(state, record, code, line);
    case '22':
    case '23':
    case '25':
    case '26':
    case '27':
    case '28':
    case '29':
      return readPaymentPart(state, record, code, line);
    case '15':
      return closeDeposit(state, record, line);
    case '70':
      return readEnd(state, record, line);
    case '01':
      throw new BankFileError({ code: 'out_of_order', line, record: code });
    default:
      if (!/^\d\d$/.test(code))
        throw new BankFileError({ code: 'bad_record', line, record: record.slice(0, 20) });
    // A record type added after this reader was written: skipped, as the manual asks.
  }
}

/** Reads a BgMax file, calling `handler` for each payment as it is read. */
export async function readBgMax(source: ByteSource, handler: BankFileHandler): Promise<BankFileSummary> {
  const state: BgMaxState = {
    handler,
    started: false,
    ended: false,
    testFile: false,
    counted: { payments: 0, deductions: 0, extraReferences: 0, deposits: 0 },
    handed: 0,
    totalMilli: 0n,
  };
  for await (const batch of linesOf(source))
    for (const { text: content, number: line } of batch) {
      const record = content.trimEnd();
      if (record.length === 0) continue;
      if (record.length > BGMAX_RECORD_LENGTH) throw new BankFileError({ code: 'line_too_long', line });
      const code = record.slice(0, 2);
      if (state.ended) throw new BankFileError({ code: 'after_end', line });
      if (!state.started) readStart(state, record, code, line);
      else await readRecord(state, record, code, line);
    }
  if (!state.started) throw new BankFileError({ code: 'empty' });
  if (!state.ended) throw new BankFileError({ code: 'missing_end' });
  return {
    format: 'bgmax',
    payments: state.handed,
    totalMilli: state.totalMilli,
    groups: state.counted.deposits,
    testFile: state.testFile,
  };
}

/**
 * Files a reference by its code: a correct OCR reference (2) among the bank-checked ones, one the
 * payer typed (3, 4, 5) among the free ones; 0 and 1 carry none.
 */
function addReference(payment: OpenPayment, code: string, value: string, amount: Milli | undefined): void {
  if (!value) return;
  if (code === '2')
    payment.ocrReferences.push(amount === undefined ? { reference: value } : { reference: value, amount });
  else if (code === '3' || code === '4' || code === '5') payment.references.push(value);
}
