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
 *                 Strd/RfrdDocInf/Nb, Strd/RfrdDocAmt/RmtdAmt,
 *                 AmtDtls (AmountAndCurrencyExchange3): InstdAmt/Amt, TxAmt/Amt, CntrValAmt/Amt, each @Ccy
 *       AmtDtls (the entry's own InstdAmt, TxAmt, CntrValAmt)  for an entry without TxDtls
 *
 * A booked credit (CdtDbtInd CRDT, Sts BOOK, not a reversal) is a payment: one per TxDtls, or the
 * entry itself when it has none. The TxDtls amounts of an entry must add up to it. Debits,
 * reversals and pending or information-only entries are counted in the checks but are no payments.
 *
 * Euros (issue 42): a payment in EUR carries `euro`, the euros and the SEK the bank booked, when
 * the file states both (see `euroOf`): a EUR account's entry (Ntry/Amt Ccy="EUR") with a counter
 * value in SEK (AmtDtls/CntrValAmt), or a SEK account's entry with the euros the payer instructed
 * (AmtDtls/InstdAmt Ccy="EUR"). The import records it as the admin's EUR payment is recorded.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { isCalendarDate, stockholmDate, type CalendarDate } from '@/shared/dates';
import type { Milli } from '@/shared/money';
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

/** An amount a transaction or entry states with its currency (Amt@Ccy). */
interface ReportedAmount {
  kind: 'Amt' | 'TxAmt' | 'InstdAmt' | 'CntrValAmt';
  currency: string;
  amount: bigint;
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
  /** Ntry/AmtDtls: the entry's amount as instructed, as transacted, its counter value. */
  amounts: ReportedAmount[];
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
  /** TxDtls/Amt and TxDtls/AmtDtls (InstdAmt, TxAmt, CntrValAmt), each with its currency. */
  amounts: ReportedAmount[];
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

/** What the parser is inside of: the message, its notification, entry, entry details and transaction. */
interface Open {
  header?: { line: number; messageId?: string; created?: boolean };
  notification?: Notification;
  entry?: Entry;
  details?: Details;
  transaction?: Transaction;
}

/**
 * The reader's state and what it does as each element opens and closes: the group header, the
 * notifications with their summaries and accounts, the entries, their details and transactions.
 */
class Camt054Reader {
  readonly stack: string[] = [];
  text = '';
  /** The Ccy attribute of the element last opened (an amount's currency, read at its close). */
  currencyAttribute: string | undefined;
  sawRoot = false;
  ended = false;
  headerSeen = false;
  notifications = 0;
  payments = 0;
  totalMilli = 0n;
  readonly ready: BankPayment[] = [];
  readonly open: Open = {};

  constructor(
    private readonly parser: SaxesParser<{ xmlns: true; position: true }>,
    private readonly handler: BankFileHandler,
  ) {}

  line(): number {
    return this.parser.line;
  }
  missing(element: string, at = this.line()): BankFileError {
    return new BankFileError({ code: 'xml_missing', line: at, element });
  }
  badValue(element: string): BankFileError {
    return new BankFileError({ code: 'xml_bad_value', line: this.line(), element });
  }
  amountOf(element: string): bigint {
    const value = decimalToMilli(this.text.trim());
    if (value === undefined) throw this.badValue(element);
    return value;
  }
  countOf(element: string): number {
    const value = this.text.trim();
    if (!/^\d{1,15}$/.test(value)) throw this.badValue(element);
    return Number(value);
  }
  /**
   * An amount element with its Ccy (ActiveOrHistoricCurrencyAndAmount: Ccy is required); one
   * without a currency code is kept out of the exchange (the payment stays in its entry's currency).
   */
  noteAmount(list: ReportedAmount[], element: string, kind: ReportedAmount['kind']): void {
    const currency = this.currencyAttribute;
    const amount = this.amountOf(element);
    if (currency && /^[A-Z]{3}$/.test(currency)) list.push({ kind, currency, amount });
  }
  path(from: number): string {
    return this.stack.slice(from).join('/');
  }

  addText(chunk: string): void {
    this.text += chunk;
    if (this.text.length > MAX_TEXT)
      throw new BankFileError({
        code: 'xml_value_too_long',
        line: this.line(),
        element: this.stack.at(-1) ?? '',
      });
  }

  emit(payment: Omit<BankPayment, 'group'>): void {
    const notification = this.open.notification;
    if (!notification) return;
    this.ready.push({ ...payment, group: notification.number });
    this.payments += 1;
    this.totalMilli += BigInt(payment.amount);
  }

  /** A booked credit's day, from BookgDt, else ValDt. */
  bookedOn(entry: Entry): CalendarDate {
    const day = entry.bookedOn ?? entry.valueOn;
    if (!day) throw this.missing('Ntry/BookgDt', entry.line);
    return day;
  }
  entryKey(entry: Entry, index: number, servicerRef?: string): string {
    const base = servicerRef ?? (entry.servicerRef ? `${entry.servicerRef}/${index}` : undefined);
    if (base) return `camt:${base}`;
    if (entry.entryRef) return `camt:${entry.entryRef}/${index}`;
    return `camt:${this.open.notification?.id ?? ''}/${entry.index}/${index}`;
  }
  checkEntryKnown(entry: Entry): { amount: bigint; currency: string } {
    if (entry.amount === undefined || entry.currency === undefined)
      throw this.missing('Ntry/Amt', entry.line);
    if (entry.indicator === undefined) throw this.missing('Ntry/CdtDbtInd', entry.line);
    if (entry.status === undefined) throw this.missing('Ntry/Sts', entry.line);
    return { amount: entry.amount, currency: entry.currency };
  }

  onOpen(tag: SaxesTagNS): void {
    this.text = '';
    this.currencyAttribute = tag.attributes.Ccy?.value;
    const stack = this.stack;
    if (stack.length >= MAX_DEPTH) throw new BankFileError({ code: 'xml_too_deep', line: this.line() });
    if (stack.length === 0) {
      if (this.sawRoot || tag.local !== 'Document' || !tag.uri.startsWith(CAMT054_NAMESPACE))
        throw new BankFileError({ code: 'not_camt054', line: this.line() });
      this.sawRoot = true;
    } else if (stack.length === 1 && tag.local !== 'BkToCstmrDbtCdtNtfctn') {
      throw new BankFileError({ code: 'not_camt054', line: this.line() });
    }
    stack.push(tag.local);
    this.openPart(stack.length, tag.local);
  }

  /** A group header, notification, entry, entry details, transaction or structured remittance begins. */
  private openPart(depth: number, local: string): void {
    const open = this.open;
    if (depth === 3 && local === 'GrpHdr') {
      open.header = { line: this.line() };
      this.headerSeen = true;
    } else if (depth === 3 && local === 'Ntfctn') {
      if (!this.headerSeen) throw this.missing('GrpHdr');
      this.notifications += 1;
      open.notification = newNotification(this.notifications, this.line());
    } else if (depth === 4 && local === 'Ntry' && open.notification) {
      // Acct comes before the entries (the schema's order): no entry is read for an unknown account.
      if (!open.notification.accountSeen) throw this.missing('Ntfctn/Acct/Id');
      open.entry = newEntry(this.line(), open.notification.entries + 1);
    } else if (depth === 5 && local === 'NtryDtls' && open.entry) {
      open.details = { line: this.line(), transactions: 0, transactionSum: 0n, allHaveAmounts: true };
    } else if (depth === 6 && local === 'TxDtls' && open.details) {
      open.transaction = { line: this.line(), ocrReferences: [], references: [], messages: [], amounts: [] };
    } else if (open.transaction && depth === 8 && this.path(5).startsWith('TxDtls/RmtInf/Strd')) {
      open.transaction.structured = {};
    }
    if (open.entry && depth === 5 && local === 'Amt') {
      const currency = this.currencyAttribute;
      if (!currency || !/^[A-Z]{3}$/.test(currency)) throw this.badValue('Ntry/Amt/@Ccy');
      open.entry.currency = currency;
    }
  }

  onClose(tag: SaxesTagNS): void {
    const stack = this.stack;
    const depth = stack.length;
    const value = this.text.trim();
    const { header, notification, entry, details, transaction } = this.open;
    try {
      if (depth === 4 && header && tag.local === 'MsgId' && stack[2] === 'GrpHdr') header.messageId = value;
      else if (depth === 4 && header && tag.local === 'CreDtTm' && stack[2] === 'GrpHdr')
        header.created = true;
      else if (depth === 3 && tag.local === 'GrpHdr' && header) this.closeHeader(header);
      else if (transaction && depth >= 7) this.closeTransactionPart(transaction, this.path(5), value);
      else if (transaction && depth === 6 && tag.local === 'TxDtls') this.closeTransaction();
      else if (details && depth >= 6 && stack[5] === 'Btch') this.closeBatchPart(details, tag.local);
      else if (details && depth === 5 && tag.local === 'NtryDtls') this.closeDetails();
      else if (entry && depth >= 5) this.closeEntryPart(entry, this.path(3), value);
      else if (entry && depth === 4 && tag.local === 'Ntry') this.closeEntry();
      else if (notification && depth >= 5 && stack[3] === 'TxsSummry')
        this.closeSummaryPart(notification, this.path(3));
      else if (notification && depth >= 6 && stack[3] === 'Acct')
        this.closeAccountPart(notification, this.path(3), value);
      else if (notification && depth === 4 && tag.local === 'Id') notification.id = value;
      else if (notification && depth === 3 && tag.local === 'Ntfctn') this.closeNotification();
      else if (depth === 1) this.ended = true;
    } finally {
      stack.pop();
      this.text = '';
    }
  }

  private closeHeader(header: NonNullable<Open['header']>): void {
    if (!header.messageId) throw this.missing('GrpHdr/MsgId', header.line);
    if (!header.created) throw this.missing('GrpHdr/CreDtTm', header.line);
    this.open.header = undefined;
  }

  private closeSummaryPart(notification: Notification, relative: string): void {
    const at = this.line();
    const totals = notification.totals;
    const target = relative.startsWith('TxsSummry/TtlNtries/')
      ? totals.all
      : relative.startsWith('TxsSummry/TtlCdtNtries/')
        ? totals.credit
        : relative.startsWith('TxsSummry/TtlDbtNtries/')
          ? totals.debit
          : undefined;
    if (!target) return;
    if (relative.endsWith('/NbOfNtries')) target.count = { value: this.countOf(relative), line: at };
    else if (relative.endsWith('/Sum')) target.sum = { value: this.amountOf(relative), line: at };
    else if (
      relative === 'TxsSummry/TtlNtries/TtlNetNtry/Amt' ||
      relative === 'TxsSummry/TtlNtries/TtlNetNtryAmt'
    )
      target.net = { value: this.amountOf(relative), line: at };
    else if (
      relative === 'TxsSummry/TtlNtries/TtlNetNtry/CdtDbtInd' ||
      relative === 'TxsSummry/TtlNtries/CdtDbtInd'
    )
      notification.netIndicator = this.text.trim();
  }

  /** Ntfctn/Acct/Id: the account the notification reports on, an IBAN or another id. */
  private closeAccountPart(notification: Notification, relative: string, value: string): void {
    const kind = relative === 'Acct/Id/IBAN' ? 'iban' : relative === 'Acct/Id/Othr/Id' ? 'other' : undefined;
    if (!kind) return;
    if (!value) throw this.badValue(`Ntfctn/${relative}`);
    notification.accountSeen = true;
    this.handler.account?.({ kind, id: value, line: this.line() });
  }

  private closeEntryPart(entry: Entry, relative: string, value: string): void {
    switch (relative) {
      case 'Ntry/Amt':
        entry.amount = this.amountOf('Ntry/Amt');
        break;
      case 'Ntry/CdtDbtInd':
        if (value !== 'CRDT' && value !== 'DBIT') throw this.badValue('Ntry/CdtDbtInd');
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
        entry.bookedOn = dateOf(value) ?? throwIt(this.badValue(relative));
        break;
      case 'Ntry/ValDt/Dt':
      case 'Ntry/ValDt/DtTm':
        entry.valueOn = dateOf(value) ?? throwIt(this.badValue(relative));
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
      default: {
        // Ntry/AmtDtls (AmountAndCurrencyExchange): the entry's amount as instructed, or its counter value.
        const kind = amountDetailKind(relative.slice('Ntry/'.length));
        if (kind) this.noteAmount(entry.amounts, relative, kind);
      }
    }
  }

  private closeBatchPart(details: Details, local: string): void {
    if (local === 'NbOfTxs') details.batchCount = this.countOf('Btch/NbOfTxs');
    else if (local === 'TtlAmt') details.batchAmount = this.amountOf('Btch/TtlAmt');
  }

  private bounded(list: string[], item: string): void {
    if (list.length >= MAX_PER_PAYMENT)
      throw new BankFileError({ code: 'too_many_references', line: this.line() });
    if (item) list.push(item);
  }

  private closeTransactionPart(open: Transaction, relative: string, value: string): void {
    switch (relative) {
      case 'TxDtls/Refs/AcctSvcrRef':
        open.servicerRef = value || undefined;
        return;
      case 'TxDtls/Refs/EndToEndId':
        if (value && value !== 'NOTPROVIDED') open.endToEndId = value;
        return;
      case 'TxDtls/Amt':
      case 'TxDtls/AmtDtls/TxAmt/Amt':
        open.amount = this.amountOf(relative);
        this.noteAmount(open.amounts, relative, relative === 'TxDtls/Amt' ? 'Amt' : 'TxAmt');
        return;
      case 'TxDtls/AmtDtls/InstdAmt/Amt':
      case 'TxDtls/AmtDtls/CntrValAmt/Amt': {
        const kind = amountDetailKind(relative.slice('TxDtls/'.length));
        if (kind) this.noteAmount(open.amounts, relative, kind);
        return;
      }
      case 'TxDtls/CdtDbtInd':
        if (value !== 'CRDT' && value !== 'DBIT') throw this.badValue(relative);
        open.indicator = value;
        return;
      case 'TxDtls/RltdPties/Dbtr/Nm':
      case 'TxDtls/RltdPties/Dbtr/Pty/Nm':
        open.payerName = value;
        return;
      case 'TxDtls/RmtInf/Ustrd':
      case 'TxDtls/AddtlTxInf':
        this.bounded(open.messages, value);
        return;
    }
    if (open.structured && relative.startsWith('TxDtls/RmtInf/Strd'))
      this.closeStructuredPart(open, open.structured, relative, value);
  }

  /** TxDtls/RmtInf/Strd: the creditor's reference (SCOR: an OCR or RF reference), a document and its amount. */
  private closeStructuredPart(
    open: Transaction,
    structured: NonNullable<Transaction['structured']>,
    relative: string,
    value: string,
  ): void {
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
        structured.amount = this.amountOf(relative);
        return;
      case 'TxDtls/RmtInf/Strd/AddtlRmtInf':
        this.bounded(open.messages, value);
        return;
      case 'TxDtls/RmtInf/Strd': {
        const amount = structured.amount === undefined ? undefined : milliFromBigint(structured.amount);
        if (structured.reference) {
          const item: PaymentReference =
            amount === undefined
              ? { reference: structured.reference }
              : { reference: structured.reference, amount };
          // SCOR: the creditor's structured reference, the OCR reference in Sweden (or an RF reference).
          if (structured.type === undefined || structured.type === 'SCOR') {
            if (open.ocrReferences.length >= MAX_PER_PAYMENT)
              throw new BankFileError({ code: 'too_many_references', line: this.line() });
            open.ocrReferences.push(item);
          } else this.bounded(open.references, structured.reference);
        }
        if (structured.document) this.bounded(open.references, structured.document);
        open.structured = undefined;
        return;
      }
    }
  }

  private closeTransaction(): void {
    const { transaction: open, entry, details } = this.open;
    this.open.transaction = undefined;
    if (!open || !entry || !details) return;
    const known = this.checkEntryKnown(entry);
    entry.transactions += 1;
    details.transactions += 1;
    const sign = (open.indicator ?? entry.indicator) === entry.indicator ? 1n : -1n;
    const inAccount = amountInAccountCurrency(open, known.currency);
    if (inAccount === undefined) {
      entry.transactionsWithoutAmount += 1;
      details.allHaveAmounts = false;
    } else {
      entry.transactionSum += sign * inAccount;
      details.transactionSum += inAccount;
    }
    if (!isPayment(entry) || sign < 0n) return;
    const amount = milliFromBigint(inAccount ?? known.amount);
    if (amount === undefined) throw this.badValue('TxDtls/Amt');
    const euro = euroOf(known.currency, amount, open.amounts);
    this.emit({
      key: this.entryKey(entry, entry.transactions, open.servicerRef),
      amount,
      currency: known.currency,
      bookedOn: this.bookedOn(entry),
      ocrReferences: open.ocrReferences,
      references: open.endToEndId ? [...open.references, open.endToEndId] : open.references,
      messages: open.messages,
      ...(open.payerName ? { payerName: open.payerName } : {}),
      ...(euro ? { euro } : {}),
    });
  }

  private closeDetails(): void {
    const open = this.open.details;
    this.open.details = undefined;
    if (!open || open.transactions === 0) return;
    if (open.batchCount !== undefined)
      countMismatch(open.line, 'batchTransactions', open.batchCount, open.transactions);
    if (open.batchAmount !== undefined && open.allHaveAmounts)
      sumMismatch(open.line, 'batch', open.batchAmount, open.transactionSum);
  }

  private closeEntry(): void {
    const { entry: open, notification } = this.open;
    this.open.entry = undefined;
    if (!open || !notification) return;
    const known = this.checkEntryKnown(open);
    notification.entries += 1;
    notification.entriesAbs += known.amount;
    if (open.indicator === 'CRDT') {
      notification.credits += 1;
      notification.creditSum += known.amount;
    } else {
      notification.debits += 1;
      notification.debitSum += known.amount;
    }
    if (open.transactions > 1 && open.transactionsWithoutAmount > 0)
      throw this.missing('TxDtls/Amt', open.line);
    if (open.transactions > 0 && open.transactionsWithoutAmount === 0)
      sumMismatch(open.line, 'entryDetails', known.amount, open.transactionSum);
    if (open.transactions === 0 && isPayment(open)) {
      const amount = milliFromBigint(known.amount);
      if (amount === undefined) throw this.badValue('Ntry/Amt');
      const euro = euroOf(known.currency, amount, open.amounts);
      this.emit({
        key: this.entryKey(open, 1),
        amount,
        currency: known.currency,
        bookedOn: this.bookedOn(open),
        ocrReferences: [],
        references: [],
        messages: open.messages,
        ...(euro ? { euro } : {}),
      });
    }
  }

  private closeNotification(): void {
    const open = this.open.notification;
    this.open.notification = undefined;
    if (!open) return;
    if (!open.id) throw this.missing('Ntfctn/Id', open.line);
    if (!open.accountSeen) throw this.missing('Ntfctn/Acct/Id', open.line);
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
}

function newNotification(number: number, line: number): Notification {
  return {
    accountSeen: false,
    number,
    line,
    entries: 0,
    entriesAbs: 0n,
    credits: 0,
    creditSum: 0n,
    debits: 0,
    debitSum: 0n,
    totals: { all: {}, credit: {}, debit: {} },
  };
}

function newEntry(line: number, index: number): Entry {
  return {
    line,
    index,
    reversal: false,
    messages: [],
    transactions: 0,
    transactionsWithoutAmount: 0,
    transactionSum: 0n,
    amounts: [],
  };
}

const isPayment = (entry: Entry): boolean =>
  entry.indicator === 'CRDT' && !entry.reversal && entry.status === 'BOOK';

function countMismatch(at: number, count: BankFileCount, stated: number, found: number): void {
  if (stated !== found) throw new BankFileError({ code: 'count_mismatch', line: at, count, stated, found });
}

function sumMismatch(at: number, sum: BankFileSum, stated: bigint, found: bigint): void {
  if (stated !== found)
    throw new BankFileError({
      code: 'sum_mismatch',
      line: at,
      sum,
      stated: formatBigMilli(stated),
      found: formatBigMilli(found),
    });
}

function checkTotals(
  totals: StatedTotals,
  count: BankFileCount,
  sum: BankFileSum,
  entries: number,
  amount: bigint,
): void {
  if (totals.count) countMismatch(totals.count.line, count, totals.count.value, entries);
  if (totals.sum) sumMismatch(totals.sum.line, sum, totals.sum.value, amount);
}

/** The kind of an AmtDtls amount ("AmtDtls/InstdAmt/Amt" → InstdAmt), for the ones read. */
function amountDetailKind(path: string): ReportedAmount['kind'] | undefined {
  switch (path) {
    case 'AmtDtls/InstdAmt/Amt':
      return 'InstdAmt';
    case 'AmtDtls/TxAmt/Amt':
      return 'TxAmt';
    case 'AmtDtls/CntrValAmt/Amt':
      return 'CntrValAmt';
    default:
      return undefined;
  }
}

/**
 * A transaction's amount in the account's currency (the entry's Amt@Ccy), which its entry's amount
 * adds up from: TxDtls/Amt (AmtDtls/TxAmt/Amt before 001.04) when in that currency or stated without
 * one; else its AmtDtls amount in that currency; else the amount as stated, whatever its currency.
 */
function amountInAccountCurrency(open: Transaction, currency: string): bigint | undefined {
  const stated = open.amounts.find((amount) => amount.kind === 'Amt' || amount.kind === 'TxAmt');
  if (open.amount === undefined || stated === undefined || stated.currency === currency) return open.amount;
  return open.amounts.find((amount) => amount.currency === currency)?.amount ?? open.amount;
}

/**
 * The euros and the booked SEK of a payment in EUR (issue 42), when the file reports both: on a EUR
 * account the entry's amount is the euros (Ntry/Amt Ccy="EUR") and the SEK is its counter value
 * (AmtDtls/CntrValAmt, or an AmtDtls amount in SEK); on a SEK account the entry's amount is the SEK
 * booked and the euros are the amount the payer instructed (AmtDtls/InstdAmt, or another amount in
 * EUR). ISO 20022 AmountAndCurrencyExchange3: InstdAmt "amount … as ordered by the initiating
 * party", TxAmt the transaction's amount, CntrValAmt its counter value; each Amt carries its Ccy.
 */
function euroOf(
  currency: string,
  amount: Milli,
  amounts: readonly ReportedAmount[],
): BankPayment['euro'] | undefined {
  const order: ReportedAmount['kind'][] = ['CntrValAmt', 'InstdAmt', 'TxAmt', 'Amt'];
  const inCurrency = (code: string): bigint | undefined =>
    order
      .map((kind) => amounts.find((found) => found.kind === kind && found.currency === code)?.amount)
      .find((found) => found !== undefined);
  if (currency === 'EUR') {
    const sek = inCurrency('SEK');
    const bookedSek = sek === undefined ? undefined : milliFromBigint(sek);
    return bookedSek === undefined || bookedSek <= 0 ? undefined : { amount, bookedSek };
  }
  if (currency === 'SEK') {
    const eur = inCurrency('EUR');
    const euros = eur === undefined ? undefined : milliFromBigint(eur);
    return euros === undefined || euros <= 0 ? undefined : { amount: euros, bookedSek: amount };
  }
  return undefined;
}

/** Reads a camt.054 file, calling `handler` for each booked credit as it is read. */
export async function readCamt054(source: ByteSource, handler: BankFileHandler): Promise<BankFileSummary> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const reader = new Camt054Reader(parser, handler);
  const malformed = (): BankFileError =>
    new BankFileError({ code: 'xml_malformed', line: parser.line, column: parser.column });

  parser.on('error', (error) => {
    if (error instanceof BankFileError) throw error;
    throw malformed();
  });
  parser.on('doctype', () => {
    throw new BankFileError({ code: 'xml_doctype', line: parser.line });
  });
  parser.on('xmldecl', (declaration) => {
    if (declaration.encoding && declaration.encoding.toUpperCase() !== 'UTF-8')
      throw reader.badValue('encoding');
  });
  parser.on('text', (chunk) => {
    if (reader.stack.length > 0) reader.addText(chunk);
  });
  parser.on('cdata', (chunk) => reader.addText(chunk));
  parser.on('opentag', (tag: SaxesTagNS) => reader.onOpen(tag));
  parser.on('closetag', (tag: SaxesTagNS) => reader.onClose(tag));

  const decoder = new TextDecoder('utf-8', { fatal: true });
  const drain = async (): Promise<void> => {
    while (reader.ready.length > 0) {
      const next = reader.ready.shift();
      if (next) await handler.payment(next);
    }
  };
  const write = (chunk: string): void => {
    try {
      parser.write(chunk);
    } catch (error) {
      if (error instanceof BankFileError) throw error;
      throw malformed();
    }
  };
  for await (const bytes of source) {
    let chunk: string;
    try {
      chunk = decoder.decode(bytes, { stream: true });
    } catch {
      throw malformed();
    }
    write(chunk);
    await drain();
  }
  write(decoder.decode());
  try {
    parser.close();
  } catch (error) {
    if (error instanceof BankFileError) throw error;
    throw malformed();
  }
  await drain();
  if (!reader.sawRoot) throw new BankFileError({ code: 'empty' });
  if (!reader.ended) throw malformed();
  if (reader.notifications === 0) throw reader.missing('Ntfctn', parser.line);
  return {
    format: 'camt054',
    payments: reader.payments,
    totalMilli: reader.totalMilli,
    groups: reader.notifications,
    testFile: false,
  };
}

function throwIt(error: Error): never {
  throw error;
}
