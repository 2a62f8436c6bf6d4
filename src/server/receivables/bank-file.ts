/**
 * What every bank-file reader gives: one `BankPayment` per incoming payment, handed to the caller
 * as it is read (bounded memory whatever the file's size), and a summary at the end once every
 * count and sum in the file has been checked. A file that does not add up throws
 * `BankFileError`: the caller imports inside one transaction, so nothing of it stays.
 */
import { Buffer, isAscii } from 'node:buffer';
import type { CalendarDate } from '@/shared/dates';
import type { Milli } from '@/shared/money';
import type { BankFileProblem } from '@/shared/i18n/messages/bank-files';

export type BankFileFormat = 'bgmax' | 'camt054';

/** A reference the payer gave, with the amount it settles when the bank says so. */
export interface PaymentReference {
  reference: string;
  /** Part of the payment for this reference (negative for a credit), when the file states one. */
  amount?: Milli;
}

export interface BankPayment {
  /**
   * The payment's identity at the bank, the same each time the same payment is read (from this
   * file or another one reporting it): what makes a second import record nothing twice.
   */
  key: string;
  /** Positive for money received; negative for a deduction the payer made (BgMax record 21). */
  amount: Milli;
  currency: string;
  /**
   * The day the bank booked the money: camt.054's BookgDt. Null in BgMax, whose deposit states its
   * payment day in its closing record 15 after its payments: `depositBooked` then gives it.
   */
  bookedOn: CalendarDate | null;
  /** The BgMax deposit (1, 2, … in file order) or camt.054 notification the payment belongs to. */
  group: number;
  /** References the bank checked as OCR references (BgMax reference code 2, camt SCOR). */
  ocrReferences: readonly PaymentReference[];
  /** References as the payer typed them, unchecked. */
  references: readonly string[];
  /** Free-text messages (BgMax record 25, camt Ustrd and AddtlNtryInf). */
  messages: readonly string[];
  payerName?: string;
  /** Organisation number or personnummer the bank reported for the payer (BgMax record 29). */
  payerId?: string;
  /**
   * A payment in euros whose SEK the bank reported (camt.054, issue 42): the euros paid and the SEK
   * booked, both in milli (cents·10, öre·10). `amount` and `currency` stay the account's own: the
   * euros on a EUR account, the SEK on a SEK account.
   */
  euro?: { amount: Milli; bookedSek: Milli };
}

export interface BankFileSummary {
  format: BankFileFormat;
  /** Payments handed to the caller (deductions included). */
  payments: number;
  /** Sum of their amounts, exact (bigint: a file of many large payments can pass 2^53 milli-kr). */
  totalMilli: bigint;
  /** BgMax deposits (records 05–15) or camt.054 notifications. */
  groups: number;
  /** A file Bankgirot marked as a test file (BgMax start record, T). */
  testFile: boolean;
}

export class BankFileError extends Error {
  constructor(readonly problem: BankFileProblem) {
    super(`Bank file refused: ${problem.code}${'line' in problem ? ` at line ${problem.line}` : ''}`);
    this.name = 'BankFileError';
  }
}

/**
 * The account a file reports money on: a BgMax deposit's payee bankgiro (record 05), a camt.054
 * notification's account (Ntfctn/Acct/Id: IBAN, or Othr/Id).
 */
export interface ReportedAccount {
  kind: 'bankgiro' | 'iban' | 'other';
  id: string;
  line: number;
}

/** What a reader calls as it goes; it awaits each call, so a slow database slows the reading. */
export interface BankFileHandler {
  /**
   * Each account the file reports on, before any payment to it is handed over (synchronous: the
   * XML reader calls it from its parser). Throwing refuses the file.
   */
  account?(account: ReportedAccount): void;
  payment(payment: BankPayment): void | Promise<void>;
  /** A BgMax deposit's payment day, known once its closing record 15 is read and checked. */
  depositBooked?(group: number, bookedOn: CalendarDate): void | Promise<void>;
}

/** A source of bytes: a Node stream, a web stream's reader loop, an array of chunks in a test. */
export type ByteSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** Longest line the line reader holds before refusing the file (bounded memory on any input). */
export const MAX_LINE_BYTES = 1024;

const LF = 0x0a;
const CR = 0x0d;

/**
 * The text lines of a byte stream, a chunk's worth at a time, split on LF (a CR before it
 * dropped), holding no more than one unfinished line: a "line" longer than `maxBytes` throws
 * instead of growing without end.
 */
export async function* linesOf(
  source: ByteSource,
  maxBytes = MAX_LINE_BYTES,
): AsyncGenerator<{ text: string; number: number }[]> {
  let pending: Uint8Array = new Uint8Array(0);
  let number = 0;
  for await (const chunk of source) {
    const lines: { text: string; number: number }[] = [];
    let start = 0;
    let end = chunk.indexOf(LF);
    if (end >= 0 && pending.length > 0) {
      // The line the previous chunk began.
      const line = concat(pending, chunk.subarray(0, end));
      pending = new Uint8Array(0);
      number += 1;
      if (line.length > maxBytes) throw new BankFileError({ code: 'line_too_long', line: number });
      lines.push({ text: decodeLine(stripCr(line)), number });
      start = end + 1;
    }
    const lastEnd = chunk.lastIndexOf(LF);
    if (lastEnd >= start) {
      // The chunk's whole lines: decoded at once when they are plain ASCII (the usual case).
      const whole = chunk.subarray(start, lastEnd);
      const buffer = Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength);
      if (isAscii(buffer)) {
        for (const text of buffer.toString('latin1').split('\n')) {
          number += 1;
          if (text.length > maxBytes) throw new BankFileError({ code: 'line_too_long', line: number });
          lines.push({ text: text.endsWith('\r') ? text.slice(0, -1) : text, number });
        }
      } else {
        for (end = chunk.indexOf(LF, start); end >= 0 && end <= lastEnd; end = chunk.indexOf(LF, start)) {
          number += 1;
          if (end - start > maxBytes) throw new BankFileError({ code: 'line_too_long', line: number });
          lines.push({ text: decodeLine(stripCr(chunk.subarray(start, end))), number });
          start = end + 1;
        }
      }
      start = lastEnd + 1;
    }
    if (start < chunk.length) {
      pending = concat(pending, chunk.subarray(start));
      if (pending.length > maxBytes) throw new BankFileError({ code: 'line_too_long', line: number + 1 });
    }
    if (lines.length > 0) yield lines;
  }
  if (pending.length > 0) yield [{ text: decodeLine(stripCr(pending)), number: number + 1 }];
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}

function stripCr(line: Uint8Array): Uint8Array {
  return line.length > 0 && line[line.length - 1] === CR ? line.subarray(0, line.length - 1) : line;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * One line's text. Bankgirot writes ISO 8859-1; a file re-saved as UTF-8 by an editor is read as
 * UTF-8 when its bytes are valid UTF-8 (a Latin-1 "å" alone never is), so names keep their letters
 * and the fixed columns stay in place either way.
 */
export function decodeLine(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isAscii(buffer)) return buffer.toString('latin1');
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return buffer.toString('latin1');
  }
}

/** The first bytes of a source and a source that yields everything again, for format detection. */
export async function peek(
  source: ByteSource,
  wanted: number,
): Promise<{ head: Uint8Array; source: AsyncIterable<Uint8Array> }> {
  const iterator = toAsyncIterator(source);
  const seen: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < wanted) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    seen.push(next.value);
    length += next.value.length;
  }
  const head = seen.reduce<Uint8Array>((all, chunk) => concat(all, chunk), new Uint8Array(0));
  async function* replay(): AsyncGenerator<Uint8Array> {
    try {
      if (head.length > 0) yield head;
      if (done) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // A reader that stops early (a refused file) lets the source know, so it can be drained.
      await iterator.return?.();
    }
  }
  return { head, source: replay() };
}

function toAsyncIterator(source: ByteSource): AsyncIterator<Uint8Array> | Iterator<Uint8Array> {
  return Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
}

/** A bigint of milli-kr as a Milli number when it fits exactly, else undefined. */
export function milliFromBigint(value: bigint): Milli | undefined {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return Number(value) as Milli;
}

const kronorFormat = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });

/** "1 900,00 kr" for a bigint of milli-kr of any size (whole öre in bank files), for messages. */
export function formatBigMilli(milli: bigint): string {
  const negative = milli < 0n;
  const ore = (negative ? -milli : milli) / 10n;
  const kronor = ore / 100n;
  const rest = String(ore % 100n).padStart(2, '0');
  return `${negative ? '−' : ''}${kronorFormat.format(kronor)},${rest} kr`;
}
