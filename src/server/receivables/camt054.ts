/**
 * Reader of ISO 20022 camt.054, BankToCustomerDebitCreditNotification (versions 001.02–001.12:
 * the message definitions and XML schemas published on iso20022.org). Streamed with saxes, one
 * entry at a time, so a notification of any length passes in bounded memory.
 *
 * Document/BkToCstmrDbtCdtNtfctn
 *   GrpHdr (MsgId, CreDtTm)                       required
 *   Ntfctn+ (Id)
 *     Acct/Id (IBAN or Othr/Id)                   required: handed to the handler before any entry
 *     TxsSummry/TtlNtries (NbOfNtries, Sum, TtlNetNtry/Amt+CdtDbtInd),
 *               TtlCdtNtries, TtlDbtNtries (NbOfNtries, Sum)       checked where present
 *     Ntry* Amt@Ccy, CdtDbtInd (CRDT/DBIT), RvslInd, Sts (or Sts/Cd from 001.08), BookgDt, ValDt,
 *           NtryRef, AcctSvcrRef, AddtlNtryInf
 *       NtryDtls* Btch (NbOfTxs, TtlAmt)          checked against its TxDtls where present
 *         TxDtls* Refs (AcctSvcrRef, EndToEndId), Amt (from 001.04; AmtDtls/TxAmt/Amt before),
 *                 RltdPties/Dbtr (Nm or Pty/Nm), RmtInf: Ustrd (repeated), Strd (repeated) with CdtrRefInf (Tp SCOR, Ref),
 *                 Strd/RfrdDocInf/Nb, Strd/RfrdDocAmt/RmtdAmt
 *
 *
 * A booked credit (CdtDbtInd CRDT, Sts BOOK, not a reversal) is a payment: one per TxDtls, or the
 * entry itself when it has none. The TxDtls amounts of an entry must add up to it. Debits,
 * reversals and pending or information-only entries are counted in the checks but are no payments.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { isCalendarDate, stockholmDate, type CalendarDate } from '@/shared/dates';
import type { BankFileCount, BankFileSum } from '@/shared/i18n/messages/bank-files';
import {
  BankFileError,
  formatBigMilli,
  milliFromBigint,
  type BankFileHandler,
  type BankFileSummary,
  type BankPayment,
  type ByteSource,
  type PaymentReference,
} from './bank-file';

const CAMT054_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:camt.054.001.';
const MAX_DEPTH = 40;
/** Longer than any value of the schema (Ustrd: 140, AddtlNtryInf: 500): a bound per element. */
const MAX_TEXT = 4096;
const MAX_PER_PAYMENT = 1000;

interface StatedTotals {
  count?: { value: number; line: number };
  sum?: { value: bigint; line: number };
  net?: { value: bigint; line: number };
}

interface Notification {
  id?: string;
  /** Ntfctn/Acct/Id was read (and handed to the handler, which refuses an account not the shop's). */
  accountSeen: boolean;
  number: number;
  line: number;
  entries: number;
  entriesAbs: bigint;
  credits: number;
  creditSum: bigint;
  debits: number;
  debitSum: bigint;
  totals: { all: StatedTotals; credit: StatedTotals; debit: StatedTotals };
  netIndicator?: string;
}

interface Entry {
  line: number;
  index: number;
  amount?: bigint;
  currency?: string;
  indicator?: string;
  reversal: boolean;
  status?: string;
  bookedOn?: CalendarDate;
  valueOn?: CalendarDate;
  entryRef?: string;
  servicerRef?: string;
  messages: string[];
  transactions: number;
  transactionsWithoutAmount: number;
  transactionSum: bigint;
}

interface Details {
  line: number;
  batchCount?: number;
  batchAmount?: bigint;
  transactions: number;
  transactionSum: bigint;
  allHaveAmounts: boolean;
}

interface Transaction {
  line: number;
  amount?: bigint;
  indicator?: string;
  servicerRef?: string;
  endToEndId?: string;
  payerName?: string;
  ocrReferences: PaymentReference[];
  references: string[];
  messages: string[];
  structured?: { type?: string; reference?: string; document?: string; amount?: bigint };
}

/** An exact decimal ("1900.5", "1900.50000") as milli-kr; more than three non-zero decimals is no amount here. */
export function decimalToMilli(value: string): bigint | undefined {
  const match = /^(\d{1,18})(?:\.(\d{1,18}))?$/.exec(value);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (/[1-9]/.test(fraction.slice(3))) return undefined;
  return BigInt(match[1] ?? '0') * 1000n + BigInt(fraction.slice(0, 3).padEnd(3, '0'));
}

/** An ISODate, or the Stockholm date of an ISODateTime (its own date when it carries no offset). */
function dateOf(value: string): CalendarDate | undefined {
  const day = value.slice(0, 10);
  if (!isCalendarDate(day)) return undefined;
  if (value.length === 10) return day;
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d)?$/.test(value)) return undefined;
  return /(?:Z|[+-]\d\d:\d\d)$/.test(value) ? stockholmDate(value) : day;
}

/** Reads a camt.054 file, calling `handler` for each booked credit as it is read. */
export async function readCamt054(source: ByteSource, handler: BankFileHandler): Promise<BankFileSummary> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: string[] = [];
  let text = '';
  let sawRoot = false;
  let ended = false;
  let header: { line: number; messageId?: string; created?: boolean } | undefined;
  let headerSeen = false;
  let notification: Notification | undefined;
  let notifications = 0;
  let entry: Entry | undefined;
  let details: Details | undefined;
  let transaction: Transaction | undefined;
  let payments = 0;
  let totalMilli = 0n;
  const ready: BankPayment[] = [];

  const line = (): number => parser.line;
  const missing = (element: string, at = line()): BankFileError =>
    new BankFileError({ code: 'xml_missing', line: at, element });
  const badValue = (element: string): BankFileError =>
    new BankFileError({ code: 'xml_bad_value', line: line(), element });
  const amountOf = (element: string): bigint => {
    const value = decimalToMilli(text.trim());
    if (value === undefined) throw badValue(element);
    return value;
  };
  const countOf = (element: string): number => {
    const value = text.trim();
    if (!/^\d{1,15}$/.test(value)) throw badValue(element);
    return Number(value);
  };
  const path = (from: number): string => stack.slice(from).join('/');

  const emit = (payment: Omit<BankPayment, 'group'>): void => {
    if (!notification) return;
    ready.push({ ...payment, group: notification.number });
    payments += 1;
    totalMilli += BigInt(payment.amount);
  };

  /** A booked credit's day, from BookgDt, else ValDt. */
  const bookedOn = (open: Entry): CalendarDate => {
    const day = open.bookedOn ?? open.valueOn;
    if (!day) throw missing('Ntry/BookgDt', open.line);
    return day;
  };
  const isPayment = (open: Entry): boolean =>
    open.indicator === 'CRDT' && !open.reversal && open.status === 'BOOK';
  const entryKey = (open: Entry, index: number, servicerRef?: string): string => {
    const base = servicerRef ?? (open.servicerRef ? `${open.servicerRef}/${index}` : undefined);
    if (base) return `camt:${base}`;
    if (open.entryRef) return `camt:${open.entryRef}/${index}`;
    return `camt:${notification?.id ?? ''}/${open.index}/${index}`;
  };
  const checkEntryKnown = (open: Entry): { amount: bigint; currency: string } => {
    if (open.amount === undefined || open.currency === undefined) throw missing('Ntry/Amt', open.line);
    if (open.indicator === undefined) throw missing('Ntry/CdtDbtInd', open.line);
    if (open.status === undefined) throw missing('Ntry/Sts', open.line);
    return { amount: open.amount, currency: open.currency };
  };

  const countMismatch = (at: number, count: BankFileCount, stated: number, found: number): void => {
    if (stated !== found) throw new BankFileError({ code: 'count_mismatch', line: at, count, stated, found });
  };
  const sumMismatch = (at: number, sum: BankFileSum, stated: bigint, found: bigint): void => {
    if (stated !== found)
      throw new BankFileError({
        code: 'sum_mismatch',
        line: at,
        sum,
        stated: formatBigMilli(stated),
        found: formatBigMilli(found),
      });
  };
  const checkTotals = (
    totals: StatedTotals,
    count: BankFileCount,
    sum: BankFileSum,
    entries: number,
    amount: bigint,
  ) => {
    if (totals.count) countMismatch(totals.count.line, count, totals.count.value, entries);
    if (totals.sum) sumMismatch(totals.sum.line, sum, totals.sum.value, amount);
  };

  parser.on('error', (error) => {
    if (error instanceof BankFileError) throw error;
    throw new BankFileError({ code: 'xml_malformed', line: parser.line, column: parser.column });
  });
  parser.on('doctype', () => {
    throw new BankFileError({ code: 'xml_doctype', line: line() });
  });
  parser.on('xmldecl', (declaration) => {
    if (declaration.encoding && declaration.encoding.toUpperCase() !== 'UTF-8') throw badValue('encoding');
  });
  parser.on('text', (chunk) => {
    if (stack.length === 0) return;
    text += chunk;
    if (text.length > MAX_TEXT)
      throw new BankFileError({ code: 'xml_value_too_long', line: line(), element: stack.at(-1) ?? '' });
  });
  parser.on('cdata', (chunk) => {
    text += chunk;
    if (text.length > MAX_TEXT)
      throw new BankFileError({ code: 'xml_value_too_long', line: line(), element: stack.at(-1) ?? '' });
  });

  parser.on('opentag', (tag: SaxesTagNS) => {
    text = '';
    if (stack.length >= MAX_DEPTH) throw new BankFileError({ code: 'xml_too_deep', line: line() });
    if (stack.length === 0) {
      if (sawRoot || tag.local !== 'Document' || !tag.uri.startsWith(CAMT054_NAMESPACE))
        throw new BankFileError({ code: 'not_camt054', line: line() });
      sawRoot = true;
    } else if (stack.length === 1 && tag.local !== 'BkToCstmrDbtCdtNtfctn') {
      throw new BankFileError({ code: 'not_camt054', line: line() });
    }
    stack.push(tag.local);
    const depth = stack.length;
    if (depth === 3 && tag.local === 'GrpHdr') {
      header = { line: line() };
      headerSeen = true;
    } else if (depth === 3 && tag.local === 'Ntfctn') {
      if (!headerSeen) throw missing('GrpHdr');
      notifications += 1;
      notification = {
        accountSeen: false,
        number: notifications,
        line: line(),
        entries: 0,
        entriesAbs: 0n,
        credits: 0,
        creditSum: 0n,
        debits: 0,
        debitSum: 0n,
        totals: { all: {}, credit: {}, debit: {} },
      };
    } else if (depth === 4 && tag.local === 'Ntry' && notification) {
      // Acct comes before the entries (the schema's order): no entry is read for an unknown account.
      if (!notification.accountSeen) throw missing('Ntfctn/Acct/Id');
      entry = {
        line: line(),
        index: notification.entries + 1,
        reversal: false,
        messages: [],
        transactions: 0,
        transactionsWithoutAmount: 0,
        transactionSum: 0n,
      };
    } else if (depth === 5 && tag.local === 'NtryDtls' && entry) {
      details = { line: line(), transactions: 0, transactionSum: 0n, allHaveAmounts: true };
    } else if (depth === 6 && tag.local === 'TxDtls' && details) {
      transaction = { line: line(), ocrReferences: [], references: [], messages: [] };
    } else if (transaction && depth === 8 && path(5).startsWith('TxDtls/RmtInf/Strd')) {
      transaction.structured = {};
    }
    if (entry && depth === 5 && tag.local === 'Amt') {
      const currency = tag.attributes.Ccy?.value;
      if (!currency || !/^[A-Z]{3}$/.test(currency)) throw badValue('Ntry/Amt/@Ccy');
      entry.currency = currency;
    }
  });

  parser.on('closetag', (tag: SaxesTagNS) => {
    const depth = stack.length;
    const relative = (from: number): string => path(from);
    const value = text.trim();
    try {
      if (depth === 4 && header && tag.local === 'MsgId' && stack[2] === 'GrpHdr') header.messageId = value;
      else if (depth === 4 && header && tag.local === 'CreDtTm' && stack[2] === 'GrpHdr')
        header.created = true;
      else if (depth === 3 && tag.local === 'GrpHdr' && header) {
        if (!header.messageId) throw missing('GrpHdr/MsgId', header.line);
        if (!header.created) throw missing('GrpHdr/CreDtTm', header.line);
        header = undefined;
      } else if (transaction && depth >= 7) closeTransactionPart(relative(5), value);
      else if (transaction && depth === 6 && tag.local === 'TxDtls') closeTransaction();
      else if (details && depth >= 6 && stack[5] === 'Btch') closeBatchPart(tag.local);
      else if (details && depth === 5 && tag.local === 'NtryDtls') closeDetails();
      else if (entry && depth >= 5) closeEntryPart(relative(3), value);
      else if (entry && depth === 4 && tag.local === 'Ntry') closeEntry();
      else if (notification && depth >= 5 && stack[3] === 'TxsSummry') closeSummaryPart(relative(3));
      else if (notification && depth >= 6 && stack[3] === 'Acct') closeAccountPart(relative(3), value);
      else if (notification && depth === 4 && tag.local === 'Id') notification.id = value;
      else if (notification && depth === 3 && tag.local === 'Ntfctn') closeNotification();
      else if (depth === 1) ended = true;
    } finally {
      stack.pop();
      text = '';
    }
  });

  function closeSummaryPart(relative: string): void {
    if (!notification) return;
    const at = line();
    const totals = notification.totals;
    const target = relative.startsWith('TxsSummry/TtlNtries/')
      ? totals.all
      : relative.startsWith('TxsSummry/TtlCdtNtries/')
        ? totals.credit
        : relative.startsWith('TxsSummry/TtlDbtNtries/')
          ? totals.debit
          : undefined;
    if (!target) return;
    if (relative.endsWith('/NbOfNtries')) target.count = { value: countOf(relative), line: at };
    else if (relative.endsWith('/Sum')) target.sum = { value: amountOf(relative), line: at };
    else if (
      relative === 'TxsSummry/TtlNtries/TtlNetNtry/Amt' ||
      relative === 'TxsSummry/TtlNtries/TtlNetNtryAmt'
    )
      target.net = { value: amountOf(relative), line: at };
    else if (
      relative === 'TxsSummry/TtlNtries/TtlNetNtry/CdtDbtInd' ||
      relative === 'TxsSummry/TtlNtries/CdtDbtInd'
    )
      notification.netIndicator = text.trim();
  }

  /** Ntfctn/Acct/Id: the account the notification reports on, an IBAN or another id. */
  function closeAccountPart(relative: string, value: string): void {
    if (!notification) return;
    const kind = relative === 'Acct/Id/IBAN' ? 'iban' : relative === 'Acct/Id/Othr/Id' ? 'other' : undefined;
    if (!kind) return;
    if (!value) throw badValue(`Ntfctn/${relative}`);
    notification.accountSeen = true;
    handler.account?.({ kind, id: value, line: line() });
  }

  function closeEntryPart(relative: string, value: string): void {
    if (!entry) return;
    switch (relative) {
      case 'Ntry/Amt':
        entry.amount = amountOf('Ntry/Amt');
        break;
      case 'Ntry/CdtDbtInd':
        if (value !== 'CRDT' && value !== 'DBIT') throw badValue('Ntry/CdtDbtInd');
        entry.indicator = value;
        break;
      case 'Ntry/RvslInd':
        entry.reversal = value === 'true' || value === '1';
        break;
      case 'Ntry/Sts':
        if (value) entry.status = value;
        break;
      case 'Ntry/Sts/Cd':
      case 'Ntry/Sts/Prtry':
        entry.status = value;
        break;
      case 'Ntry/BookgDt/Dt':
      case 'Ntry/BookgDt/DtTm':
        entry.bookedOn = dateOf(value) ?? throwIt(badValue(relative));
        break;
      case 'Ntry/ValDt/Dt':
      case 'Ntry/ValDt/DtTm':
        entry.valueOn = dateOf(value) ?? throwIt(badValue(relative));
        break;
      case 'Ntry/NtryRef':
        entry.entryRef = value;
        break;
      case 'Ntry/AcctSvcrRef':
        entry.servicerRef = value;
        break;
      case 'Ntry/AddtlNtryInf':
        if (value && entry.messages.length < MAX_PER_PAYMENT) entry.messages.push(value);
        break;
    }
  }

  function closeBatchPart(local: string): void {
    if (!details) return;
    if (local === 'NbOfTxs') details.batchCount = countOf('Btch/NbOfTxs');
    else if (local === 'TtlAmt') details.batchAmount = amountOf('Btch/TtlAmt');
  }

  function closeTransactionPart(relative: string, value: string): void {
    const open = transaction;
    if (!open) return;
    const bounded = (list: string[], item: string): void => {
      if (list.length >= MAX_PER_PAYMENT)
        throw new BankFileError({ code: 'too_many_references', line: line() });
      if (item) list.push(item);
    };
    switch (relative) {
      case 'TxDtls/Refs/AcctSvcrRef':
        open.servicerRef = value || undefined;
        return;
      case 'TxDtls/Refs/EndToEndId':
        if (value && value !== 'NOTPROVIDED') open.endToEndId = value;
        return;
      case 'TxDtls/Amt':
      case 'TxDtls/AmtDtls/TxAmt/Amt':
        open.amount = amountOf(relative);
        return;
      case 'TxDtls/CdtDbtInd':
        if (value !== 'CRDT' && value !== 'DBIT') throw badValue(relative);
        open.indicator = value;
        return;
      case 'TxDtls/RltdPties/Dbtr/Nm':
      case 'TxDtls/RltdPties/Dbtr/Pty/Nm':
        open.payerName = value;
        return;
      case 'TxDtls/RmtInf/Ustrd':
      case 'TxDtls/AddtlTxInf':
        bounded(open.messages, value);
        return;
    }
    const structured = open.structured;
    if (!structured || !relative.startsWith('TxDtls/RmtInf/Strd')) return;
    switch (relative) {
      case 'TxDtls/RmtInf/Strd/CdtrRefInf/Ref':
        structured.reference = value;
        return;
      case 'TxDtls/RmtInf/Strd/CdtrRefInf/Tp/CdOrPrtry/Cd':
      case 'TxDtls/RmtInf/Strd/CdtrRefInf/Tp/CdOrPrtry/Prtry':
        structured.type = value;
        return;
      case 'TxDtls/RmtInf/Strd/RfrdDocInf/Nb':
        structured.document = value;
        return;
      case 'TxDtls/RmtInf/Strd/RfrdDocAmt/RmtdAmt':
        structured.amount = amountOf(relative);
        return;
      case 'TxDtls/RmtInf/Strd/AddtlRmtInf':
        bounded(open.messages, value);
        return;
      case 'TxDtls/RmtInf/Strd': {
        const amount = structured.amount === undefined ? undefined : milliFromBigint(structured.amount);
        if (structured.reference) {
          const item: PaymentReference =
            amount === undefined
              ? { reference: structured.reference }
              : { reference: structured.reference, amount };
          // SCOR: the creditor's structured reference, the OCR reference in Sweden.
          if (structured.type === undefined || structured.type === 'SCOR') {
            if (open.ocrReferences.length >= MAX_PER_PAYMENT)
              throw new BankFileError({ code: 'too_many_references', line: line() });
            open.ocrReferences.push(item);
          } else bounded(open.references, structured.reference);
        }
        if (structured.document) bounded(open.references, structured.document);
        open.structured = undefined;
        return;
      }
    }
  }

  function closeTransaction(): void {
    const open = transaction;
    transaction = undefined;
    if (!open || !entry || !details) return;
    const known = checkEntryKnown(entry);
    entry.transactions += 1;
    details.transactions += 1;
    const sign = (open.indicator ?? entry.indicator) === entry.indicator ? 1n : -1n;
    if (open.amount === undefined) {
      entry.transactionsWithoutAmount += 1;
      details.allHaveAmounts = false;
    } else {
      entry.transactionSum += sign * open.amount;
      details.transactionSum += open.amount;
    }
    if (!isPayment(entry) || sign < 0n) return;
    const amount = milliFromBigint(open.amount ?? known.amount);
    if (amount === undefined) throw badValue('TxDtls/Amt');
    emit({
      key: entryKey(entry, entry.transactions, open.servicerRef),
      amount,
      currency: known.currency,
      bookedOn: bookedOn(entry),
      ocrReferences: open.ocrReferences,
      references: open.endToEndId ? [...open.references, open.endToEndId] : open.references,
      messages: open.messages,
      ...(open.payerName ? { payerName: open.payerName } : {}),
    });
  }

  function closeDetails(): void {
    const open = details;
    details = undefined;
    if (!open || open.transactions === 0) return;
    if (open.batchCount !== undefined)
      countMismatch(open.line, 'batchTransactions', open.batchCount, open.transactions);
    if (open.batchAmount !== undefined && open.allHaveAmounts)
      sumMismatch(open.line, 'batch', open.batchAmount, open.transactionSum);
  }

  function closeEntry(): void {
    const open = entry;
    entry = undefined;
    if (!open || !notification) return;
    const known = checkEntryKnown(open);
    notification.entries += 1;
    notification.entriesAbs += known.amount;
    if (open.indicator === 'CRDT') {
      notification.credits += 1;
      notification.creditSum += known.amount;
    } else {
      notification.debits += 1;
      notification.debitSum += known.amount;
    }
    if (open.transactions > 1 && open.transactionsWithoutAmount > 0) throw missing('TxDtls/Amt', open.line);
    if (open.transactions > 0 && open.transactionsWithoutAmount === 0)
      sumMismatch(open.line, 'entryDetails', known.amount, open.transactionSum);
    if (open.transactions === 0 && isPayment(open)) {
      const amount = milliFromBigint(known.amount);
      if (amount === undefined) throw badValue('Ntry/Amt');
      emit({
        key: entryKey(open, 1),
        amount,
        currency: known.currency,
        bookedOn: bookedOn(open),
        ocrReferences: [],
        references: [],
        messages: open.messages,
      });
    }
  }

  function closeNotification(): void {
    const open = notification;
    notification = undefined;
    if (!open) return;
    if (!open.id) throw missing('Ntfctn/Id', open.line);
    if (!open.accountSeen) throw missing('Ntfctn/Acct/Id', open.line);
    const { all, credit, debit } = open.totals;
    checkTotals(all, 'entries', 'entries', open.entries, open.entriesAbs);
    checkTotals(credit, 'creditEntries', 'creditEntries', open.credits, open.creditSum);
    checkTotals(debit, 'debitEntries', 'debitEntries', open.debits, open.debitSum);
    if (all.net) {
      const net = open.creditSum - open.debitSum;
      const stated = open.netIndicator === 'DBIT' ? -all.net.value : all.net.value;
      sumMismatch(all.net.line, 'netEntries', stated, net);
    }
  }

  const decoder = new TextDecoder('utf-8', { fatal: true });
  const drain = async (): Promise<void> => {
    while (ready.length > 0) {
      const next = ready.shift();
      if (next) await handler.payment(next);
    }
  };
  const write = (chunk: string): void => {
    try {
      parser.write(chunk);
    } catch (error) {
      if (error instanceof BankFileError) throw error;
      throw new BankFileError({ code: 'xml_malformed', line: parser.line, column: parser.column });
    }
  };
  for await (const bytes of source) {
    let chunk: string;
    try {
      chunk = decoder.decode(bytes, { stream: true });
    } catch {
      throw new BankFileError({ code: 'xml_malformed', line: parser.line, column: parser.column });
    }
    write(chunk);
    await drain();
  }
  write(decoder.decode());
  try {
    parser.close();
  } catch (error) {
    if (error instanceof BankFileError) throw error;
    throw new BankFileError({ code: 'xml_malformed', line: parser.line, column: parser.column });
  }
  await drain();
  if (!sawRoot) throw new BankFileError({ code: 'empty' });
  if (!ended) throw new BankFileError({ code: 'xml_malformed', line: parser.line, column: parser.column });
  if (notifications === 0) throw missing('Ntfctn', parser.line);
  return { format: 'camt054', payments, totalMilli, groups: notifications, testFile: false };
}

function throwIt(error: Error): never {
  throw error;
}
