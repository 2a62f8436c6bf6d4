/**
 * Bank files built from the published layouts, for tests: Bankgirot's BgMax (fixed columns, see
 * src/server/receivables/bgmax.ts for the record table) and ISO 20022 camt.054. Totals and counts
 * are computed unless a test states its own to make a file that does not add up.
 */
import { milliFromDecimal } from '@/shared/money';
import { shopAccountsOf } from '@/server/receivables/accounts';

/**
 * The shop's accounts as the test server has them: the defaults of SELLER_BANKGIRO, SELLER_IBAN,
 * SELLER_IBAN_EUR and SELLER_BANK_ACCOUNT (src/server/config.ts). Files are for these unless a
 * test names another account; a bank file for any other account is refused.
 */
export const shopBankgiro = '1234566';
export const shopIban = 'SE0350000000050501234567';
export const testShopAccounts = shopAccountsOf({
  bankgiro: '123-4566',
  iban: shopIban,
  ibanEur: 'SE4550000000058398257466',
  bankAccount: '5050-1234567',
});

export interface BgMaxExtraReference {
  reference: string;
  /** Kronor ("250.00"); omitted = 0, as Bankgirot reports references without their own amount. */
  amount?: string;
  /** Record 23 (a negative amount) instead of 22. */
  negative?: boolean;
  referenceCode?: number;
}

export interface BgMaxPayment {
  /** Kronor, "1000.00". */
  amount: string;
  reference?: string;
  /** 2 (a correct OCR reference) when a reference is given, else 0. */
  referenceCode?: number;
  /** Record 21, a deduction, with this deduction code. */
  deduction?: number;
  extraReferences?: BgMaxExtraReference[];
  information?: string[];
  name?: string;
  address?: { street: string; postcode: string; city: string };
  organisationNumber?: string;
  payerBankgiro?: string;
  serialNumber?: number;
}

export interface BgMaxDeposit {
  /** YYYY-MM-DD */
  paymentDay: string;
  payments: BgMaxPayment[];
  /** The payee's bankgiro (record 05), digits; the shop's unless given. */
  payeeBankgiro?: string;
  currency?: string;
  /** Kronor; omitted = the payments less the deductions. */
  statedAmount?: string;
  statedPayments?: number;
  serial?: number;
}

export interface BgMaxFile {
  deposits: BgMaxDeposit[];
  testMark?: 'T' | 'P';
  /** Counts of the closing record 70; omitted ones are counted. */
  closing?: Partial<Record<'payments' | 'deductions' | 'extraReferences' | 'deposits', number>>;
  /** Leave out the closing record (a truncated file). */
  withoutClosing?: boolean;
}

const ore = (kronor: string): bigint => BigInt(milliFromDecimal(kronor)) / 10n;

/** An 80-character record: `code` and each value at its 1-based column. */
export function bgmaxRecord(code: string, fields: readonly (readonly [number, string])[]): string {
  let line = `${code}${' '.repeat(78)}`;
  for (const [column, value] of fields)
    line = `${line.slice(0, column - 1)}${value}${line.slice(column - 1 + value.length)}`;
  return line.slice(0, 80);
}

const zeros = (value: bigint | number | string, width: number): string => String(value).padStart(width, '0');
const right = (value: string, width: number): string => value.padStart(width, ' ');

function paymentRecords(payment: BgMaxPayment, serial: number): string[] {
  const code = payment.deduction === undefined ? '20' : '21';
  const reference = payment.reference ?? '';
  const referenceCode = payment.referenceCode ?? (reference ? 2 : 0);
  const bankgiro = zeros(payment.payerBankgiro ?? '9912346', 10);
  const serialNumber = zeros(payment.serialNumber ?? serial, 12);
  const fields: [number, string][] = [
    [3, bankgiro],
    [13, right(reference, 25)],
    [38, zeros(ore(payment.amount), 18)],
    [56, String(referenceCode)],
    [57, '1'],
    [58, serialNumber],
    [70, '0'],
  ];
  if (payment.deduction !== undefined) fields.push([71, String(payment.deduction)]);
  const lines = [bgmaxRecord(code, fields)];
  for (const extra of payment.extraReferences ?? []) {
    lines.push(
      bgmaxRecord(extra.negative ? '23' : '22', [
        [3, bankgiro],
        [13, right(extra.reference, 25)],
        [38, zeros(ore(extra.amount ?? '0'), 18)],
        [56, String(extra.referenceCode ?? 2)],
        [57, '1'],
        [58, serialNumber],
        [70, '0'],
      ]),
    );
  }
  for (const text of payment.information ?? []) lines.push(bgmaxRecord('25', [[3, text]]));
  if (payment.name) lines.push(bgmaxRecord('26', [[3, payment.name]]));
  if (payment.address)
    lines.push(
      bgmaxRecord('27', [
        [3, payment.address.street],
        [38, payment.address.postcode],
      ]),
      bgmaxRecord('28', [[3, payment.address.city]]),
    );
  if (payment.organisationNumber) lines.push(bgmaxRecord('29', [[3, zeros(payment.organisationNumber, 12)]]));
  return lines;
}

/** The records of one deposit, 05 … 15. */
export function bgmaxDepositRecords(deposit: BgMaxDeposit, number: number, firstSerial = 1): string[] {
  const currency = deposit.currency ?? 'SEK';
  const lines = [
    bgmaxRecord('05', [
      [3, zeros(deposit.payeeBankgiro ?? shopBankgiro, 10)],
      [23, currency],
    ]),
  ];
  let sum = 0n;
  deposit.payments.forEach((payment, i) => {
    lines.push(...paymentRecords(payment, firstSerial + i));
    sum += payment.deduction === undefined ? ore(payment.amount) : -ore(payment.amount);
  });
  const stated = deposit.statedAmount === undefined ? sum : ore(deposit.statedAmount);
  lines.push(
    bgmaxRecord('15', [
      [3, zeros('58410000010098', 35)],
      [38, deposit.paymentDay.replaceAll('-', '')],
      [46, zeros(deposit.serial ?? number, 5)],
      [51, zeros(stated, 18)],
      [69, currency],
      [72, zeros(deposit.statedPayments ?? deposit.payments.length, 8)],
      [80, 'K'],
    ]),
  );
  return lines;
}

export function bgmaxStartRecord(testMark: 'T' | 'P' = 'P'): string {
  return bgmaxRecord('01', [
    [3, 'BGMAX'],
    [23, '01'],
    [25, '20261124173035010331'],
    [45, testMark],
  ]);
}

export function bgmaxClosingRecord(
  counts: Record<'payments' | 'deductions' | 'extraReferences' | 'deposits', number>,
): string {
  return bgmaxRecord('70', [
    [3, zeros(counts.payments, 8)],
    [11, zeros(counts.deductions, 8)],
    [19, zeros(counts.extraReferences, 8)],
    [27, zeros(counts.deposits, 8)],
  ]);
}

/** The whole file as text, lines ending in CRLF as Bankgirot delivers them. */
export function bgmaxText(file: BgMaxFile): string {
  const lines = [bgmaxStartRecord(file.testMark)];
  const counts = { payments: 0, deductions: 0, extraReferences: 0, deposits: file.deposits.length };
  let serial = 1;
  file.deposits.forEach((deposit, i) => {
    lines.push(...bgmaxDepositRecords(deposit, i + 1, serial));
    serial += deposit.payments.length;
    for (const payment of deposit.payments) {
      if (payment.deduction === undefined) counts.payments += 1;
      else counts.deductions += 1;
      counts.extraReferences += payment.extraReferences?.length ?? 0;
    }
  });
  if (!file.withoutClosing) lines.push(bgmaxClosingRecord({ ...counts, ...file.closing }));
  return `${lines.join('\r\n')}\r\n`;
}

/** The file in ISO 8859-1, as Bankgirot writes it. */
export function bgmaxBytes(file: BgMaxFile): Buffer {
  return Buffer.from(bgmaxText(file), 'latin1');
}

export interface CamtTransaction {
  amount?: string;
  indicator?: 'CRDT' | 'DBIT';
  ocr?: string;
  /** Strd/CdtrRefInf/Tp code: SCOR unless given. */
  referenceType?: string;
  documentNumber?: string;
  remitted?: string;
  unstructured?: string[];
  servicerRef?: string;
  endToEndId?: string;
  payerName?: string;
}

export interface CamtEntry {
  amount: string;
  indicator?: 'CRDT' | 'DBIT';
  status?: 'BOOK' | 'PDNG' | 'INFO';
  /** YYYY-MM-DD or a date-time. */
  bookedOn?: string;
  valueOn?: string;
  reversal?: boolean;
  servicerRef?: string;
  currency?: string;
  transactions?: CamtTransaction[];
  batch?: { count?: number; amount?: string };
  additionalInfo?: string;
}

export interface CamtNotification {
  id?: string;
  /** Ntfctn/Acct/Id: the shop's SEK IBAN unless given; `null` leaves Acct out. */
  account?: { iban: string } | { other: string } | null;
  entries: CamtEntry[];
  /** Stated totals; 'computed' writes the right ones, omitted writes none. */
  summary?:
    | 'computed'
    | {
        count?: number;
        sum?: string;
        net?: { amount: string; indicator: 'CRDT' | 'DBIT' };
        credit?: { count: number; sum: string };
        debit?: { count: number; sum: string };
      };
}

export interface CamtFile {
  /** Message version: 02 (Sts as text, AmtDtls/TxAmt) or 08 (Sts/Cd, TxDtls/Amt). */
  version?: '02' | '04' | '08';
  messageId?: string | null;
  notifications: CamtNotification[];
}

const escapeXml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const kronorOf = (amounts: string[]): string => {
  const milli = amounts.reduce((sum, amount) => sum + BigInt(milliFromDecimal(amount)), 0n);
  return `${milli / 1000n}.${String((milli % 1000n) / 10n).padStart(2, '0')}`;
};

function dateElement(name: string, value: string): string {
  return `<${name}>${value.length === 10 ? `<Dt>${value}</Dt>` : `<DtTm>${value}</DtTm>`}</${name}>`;
}

function transactionXml(tx: CamtTransaction, version: string, currency: string): string {
  const amount =
    tx.amount === undefined
      ? ''
      : version === '02'
        ? `<AmtDtls><TxAmt><Amt Ccy="${currency}">${tx.amount}</Amt></TxAmt></AmtDtls>`
        : `<Amt Ccy="${currency}">${tx.amount}</Amt>${tx.indicator ? `<CdtDbtInd>${tx.indicator}</CdtDbtInd>` : ''}`;
  const refs = `<Refs>${tx.servicerRef ? `<AcctSvcrRef>${tx.servicerRef}</AcctSvcrRef>` : ''}<EndToEndId>${tx.endToEndId ?? 'NOTPROVIDED'}</EndToEndId></Refs>`;
  const debtor = tx.payerName
    ? version === '08'
      ? `<RltdPties><Dbtr><Pty><Nm>${escapeXml(tx.payerName)}</Nm></Pty></Dbtr></RltdPties>`
      : `<RltdPties><Dbtr><Nm>${escapeXml(tx.payerName)}</Nm></Dbtr></RltdPties>`
    : '';
  const unstructured = (tx.unstructured ?? []).map((text) => `<Ustrd>${escapeXml(text)}</Ustrd>`).join('');
  const structured =
    tx.ocr || tx.documentNumber
      ? `<Strd>${tx.documentNumber ? `<RfrdDocInf><Nb>${tx.documentNumber}</Nb></RfrdDocInf>` : ''}${
          tx.remitted ? `<RfrdDocAmt><RmtdAmt Ccy="${currency}">${tx.remitted}</RmtdAmt></RfrdDocAmt>` : ''
        }${
          tx.ocr
            ? `<CdtrRefInf><Tp><CdOrPrtry><Cd>${tx.referenceType ?? 'SCOR'}</Cd></CdOrPrtry></Tp><Ref>${tx.ocr}</Ref></CdtrRefInf>`
            : ''
        }</Strd>`
      : '';
  const remittance = unstructured || structured ? `<RmtInf>${unstructured}${structured}</RmtInf>` : '';
  return `<TxDtls>${refs}${amount}${debtor}${remittance}</TxDtls>`;
}

function entryXml(entry: CamtEntry, version: string): string {
  const currency = entry.currency ?? 'SEK';
  const status = entry.status ?? 'BOOK';
  const details =
    entry.transactions === undefined
      ? ''
      : `<NtryDtls>${
          entry.batch
            ? `<Btch>${entry.batch.count === undefined ? '' : `<NbOfTxs>${entry.batch.count}</NbOfTxs>`}${
                entry.batch.amount === undefined
                  ? ''
                  : `<TtlAmt Ccy="${currency}">${entry.batch.amount}</TtlAmt>`
              }</Btch>`
            : ''
        }${entry.transactions.map((tx) => transactionXml(tx, version, currency)).join('')}</NtryDtls>`;
  return [
    '<Ntry>',
    `<Amt Ccy="${currency}">${entry.amount}</Amt>`,
    `<CdtDbtInd>${entry.indicator ?? 'CRDT'}</CdtDbtInd>`,
    entry.reversal ? '<RvslInd>true</RvslInd>' : '',
    version === '08' ? `<Sts><Cd>${status}</Cd></Sts>` : `<Sts>${status}</Sts>`,
    entry.bookedOn ? dateElement('BookgDt', entry.bookedOn) : '',
    entry.valueOn ? dateElement('ValDt', entry.valueOn) : '',
    entry.servicerRef ? `<AcctSvcrRef>${entry.servicerRef}</AcctSvcrRef>` : '',
    '<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>DMCT</SubFmlyCd></Fmly></Domn></BkTxCd>',
    details,
    entry.additionalInfo ? `<AddtlNtryInf>${escapeXml(entry.additionalInfo)}</AddtlNtryInf>` : '',
    '</Ntry>',
  ].join('\n');
}

function summaryXml(notification: CamtNotification): string {
  const summary = notification.summary;
  if (!summary) return '';
  const entries = notification.entries;
  const credits = entries.filter((e) => (e.indicator ?? 'CRDT') === 'CRDT');
  const debits = entries.filter((e) => e.indicator === 'DBIT');
  const stated =
    summary === 'computed'
      ? {
          count: entries.length,
          sum: kronorOf(entries.map((e) => e.amount)),
          credit: { count: credits.length, sum: kronorOf(credits.map((e) => e.amount)) },
          debit: { count: debits.length, sum: kronorOf(debits.map((e) => e.amount)) },
          net: undefined,
        }
      : summary;
  const totals = (name: string, part?: { count: number; sum: string }): string =>
    part ? `<${name}><NbOfNtries>${part.count}</NbOfNtries><Sum>${part.sum}</Sum></${name}>` : '';
  return [
    '<TxsSummry>',
    '<TtlNtries>',
    stated.count === undefined ? '' : `<NbOfNtries>${stated.count}</NbOfNtries>`,
    stated.sum === undefined ? '' : `<Sum>${stated.sum}</Sum>`,
    stated.net
      ? `<TtlNetNtry><Amt>${stated.net.amount}</Amt><CdtDbtInd>${stated.net.indicator}</CdtDbtInd></TtlNetNtry>`
      : '',
    '</TtlNtries>',
    totals('TtlCdtNtries', stated.credit),
    totals('TtlDbtNtries', stated.debit),
    '</TxsSummry>',
  ].join('');
}

function accountXml(account: CamtNotification['account']): string {
  if (!account) return '';
  const id =
    'iban' in account ? `<IBAN>${account.iban}</IBAN>` : `<Othr><Id>${escapeXml(account.other)}</Id></Othr>`;
  return `<Acct><Id>${id}</Id><Ccy>SEK</Ccy></Acct>`;
}

/** A camt.054 document as text (UTF-8 when written out). */
export function camt054Xml(file: CamtFile): string {
  const version = file.version ?? '08';
  const notifications = file.notifications
    .map(
      (notification, i) => `<Ntfctn>
<Id>${notification.id ?? `NTF-${i + 1}`}</Id>
<CreDtTm>2026-11-24T06:00:00+01:00</CreDtTm>
${accountXml(notification.account === undefined ? { iban: shopIban } : notification.account)}
${summaryXml(notification)}
${notification.entries.map((entry) => entryXml(entry, version)).join('\n')}
</Ntfctn>`,
    )
    .join('\n');
  const messageId = file.messageId === undefined ? 'MSG-20261124-0001' : file.messageId;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<BkToCstmrDbtCdtNtfctn>
<GrpHdr>${messageId === null ? '' : `<MsgId>${messageId}</MsgId>`}<CreDtTm>2026-11-24T06:00:00+01:00</CreDtTm></GrpHdr>
${notifications}
</BkToCstmrDbtCdtNtfctn>
</Document>
`;
}
