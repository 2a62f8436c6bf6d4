import { defineMessages, namesByLocale } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';

/**
 * Why a bank file (Bankgirot BgMax, ISO 20022 camt.054) was refused, in both languages: the admin
 * reads it after an upload, so it names the line and what did not add up.
 */

/** A fixed-width field of a BgMax record, or a value of a camt.054 element. */
export type BankFileField =
  | 'layout'
  | 'version'
  | 'timestamp'
  | 'testMark'
  | 'bankgiro'
  | 'currency'
  | 'amount'
  | 'referenceCode'
  | 'paymentChannel'
  | 'serialNumber'
  | 'imageMark'
  | 'deductionCode'
  | 'organisationNumber'
  | 'date'
  | 'depositSerial'
  | 'count';

/** What a closing record or a summary counts. */
export type BankFileCount =
  | 'payments'
  | 'deductions'
  | 'extraReferences'
  | 'deposits'
  | 'depositPayments'
  | 'entries'
  | 'creditEntries'
  | 'debitEntries'
  | 'batchTransactions';

/** What a stated sum covers. */
export type BankFileSum =
  'deposit' | 'entries' | 'creditEntries' | 'debitEntries' | 'netEntries' | 'batch' | 'entryDetails';

export type BankFileProblem =
  | { code: 'empty' }
  | { code: 'unknown_format' }
  | { code: 'test_file' }
  | { code: 'foreign_account'; line: number; kind: 'bankgiro' | 'account'; account: string }
  | { code: 'too_large'; maxBytes: number }
  | { code: 'line_too_long'; line: number }
  | { code: 'bad_record'; line: number; record: string }
  | { code: 'out_of_order'; line: number; record: string }
  | { code: 'bad_field'; line: number; field: BankFileField }
  | { code: 'count_mismatch'; line: number; count: BankFileCount; stated: number; found: number }
  | { code: 'sum_mismatch'; line: number; sum: BankFileSum; stated: string; found: string }
  | { code: 'missing_end' }
  | { code: 'after_end'; line: number }
  | { code: 'too_many_references'; line: number }
  | { code: 'xml_malformed'; line: number; column: number }
  | { code: 'xml_doctype'; line: number }
  | { code: 'not_camt054'; line: number }
  | { code: 'xml_too_deep'; line: number }
  | { code: 'xml_value_too_long'; line: number; element: string }
  | { code: 'xml_missing'; line: number; element: string }
  | { code: 'xml_bad_value'; line: number; element: string };

const fieldNames = namesByLocale<BankFileField>({
  layout: ['layoutnamnet', 'layout name'],
  version: ['versionen', 'version'],
  timestamp: ['tidsstämpeln', 'timestamp'],
  testMark: ['testmarkeringen', 'test mark'],
  bankgiro: ['bankgironumret', 'bankgiro number'],
  currency: ['valutan', 'currency'],
  amount: ['beloppet', 'amount'],
  referenceCode: ['referenskoden', 'reference code'],
  paymentChannel: ['betalningskanalkoden', 'payment channel code'],
  serialNumber: ['Bankgirots löpnummer', 'Bankgirot serial number'],
  imageMark: ['bildmarkeringen', 'image mark'],
  deductionCode: ['avdragskoden', 'deduction code'],
  organisationNumber: ['organisationsnumret', 'organisation number'],
  date: ['datumet', 'date'],
  depositSerial: ['insättningens löpnummer', 'deposit serial number'],
  count: ['antalet', 'count'],
});

const countNames = namesByLocale<BankFileCount>({
  payments: ['betalningsposter', 'payment records'],
  deductions: ['avdragsposter', 'deduction records'],
  extraReferences: ['extra referensnummerposter', 'extra reference records'],
  deposits: ['insättningar', 'deposits'],
  depositPayments: ['betalningar i insättningen', 'payments in the deposit'],
  entries: ['poster (Ntry)', 'entries (Ntry)'],
  creditEntries: ['kreditposter', 'credit entries'],
  debitEntries: ['debetposter', 'debit entries'],
  batchTransactions: ['transaktioner i bunten', 'transactions in the batch'],
});

const sumNames = namesByLocale<BankFileSum>({
  deposit: ['insättningens belopp', 'deposit amount'],
  entries: ['summan av alla poster', 'sum of all entries'],
  creditEntries: ['summan av kreditposterna', 'sum of the credit entries'],
  debitEntries: ['summan av debetposterna', 'sum of the debit entries'],
  netEntries: ['nettosumman', 'net sum'],
  batch: ['buntens belopp', 'batch amount'],
  entryDetails: ['postens belopp', 'entry amount'],
});

export const bankFileMessages = defineMessages({
  sv: {
    refused: 'Filen lästes inte in (ingenting bokfördes)',
    empty: 'Filen är tom.',
    unknown_format: 'Filen är varken en BgMax-fil från Bankgirot eller en camt.054-fil (ISO 20022).',
    test_file: 'Filen är en testfil från Bankgirot (märkt T i startposten); testbetalningar bokförs inte.',
    foreign_account: (p: { line: number; kind: 'bankgiro' | 'account'; account: string }) =>
      `Rad ${p.line}: filen gäller ${p.kind === 'bankgiro' ? 'bankgiro' : 'konto'} ${p.account}, som inte är butikens. Läs bara in filer för butikens egna konton.`,
    too_large: (p: { megabytes: number }) => `Filen är för stor (högst ${p.megabytes} MB).`,
    line_too_long: (p: { line: number }) => `Rad ${p.line} är för lång för en BgMax-post (80 tecken).`,
    bad_record: (p: { line: number; record: string }) => `Rad ${p.line}: ”${p.record}” är ingen BgMax-post.`,
    out_of_order: (p: { line: number; record: string }) =>
      `Rad ${p.line}: post ${p.record} står på fel plats i filen.`,
    bad_field: (p: { line: number; field: string }) => `Rad ${p.line}: ${p.field} är ogiltigt.`,
    count_mismatch: (p: { line: number; count: string; stated: number; found: number }) =>
      `Rad ${p.line}: filen anger ${p.stated} ${p.count} men innehåller ${p.found}.`,
    sum_mismatch: (p: { line: number; sum: string; stated: string; found: string }) =>
      `Rad ${p.line}: ${p.sum} anges till ${p.stated} men betalningarna blir ${p.found}.`,
    missing_end: 'Filen slutar utan slutpost (post 70): den är ofullständig.',
    after_end: (p: { line: number }) => `Rad ${p.line}: text efter slutposten.`,
    too_many_references: (p: { line: number }) => `Rad ${p.line}: för många referenser i en betalning.`,
    xml_malformed: (p: { line: number; column: number }) =>
      `Rad ${p.line}, kolumn ${p.column}: filen är inte korrekt XML.`,
    xml_doctype: (p: { line: number }) => `Rad ${p.line}: en bankfil får inte ha en DOCTYPE.`,
    not_camt054: (p: { line: number }) =>
      `Rad ${p.line}: XML-filen är inte en camt.054 (BankToCustomerDebitCreditNotification).`,
    xml_too_deep: (p: { line: number }) => `Rad ${p.line}: XML-filen är för djupt nästlad.`,
    xml_value_too_long: (p: { line: number; element: string }) => `Rad ${p.line}: ${p.element} är för långt.`,
    xml_missing: (p: { line: number; element: string }) => `Rad ${p.line}: ${p.element} saknas.`,
    xml_bad_value: (p: { line: number; element: string }) => `Rad ${p.line}: ${p.element} är ogiltigt.`,
  },
  en: {
    refused: 'The file was not imported (nothing was recorded)',
    empty: 'The file is empty.',
    unknown_format: 'The file is neither a Bankgirot BgMax file nor a camt.054 file (ISO 20022).',
    test_file:
      'The file is a Bankgirot test file (marked T in its start record); test payments are not recorded.',
    foreign_account: (p: { line: number; kind: 'bankgiro' | 'account'; account: string }) =>
      `Line ${p.line}: the file is for ${p.kind === 'bankgiro' ? 'bankgiro' : 'account'} ${p.account}, which is not the shop’s. Import only files for the shop’s own accounts.`,
    too_large: (p: { megabytes: number }) => `The file is too large (at most ${p.megabytes} MB).`,
    line_too_long: (p: { line: number }) => `Line ${p.line} is too long for a BgMax record (80 characters).`,
    bad_record: (p: { line: number; record: string }) =>
      `Line ${p.line}: “${p.record}” is not a BgMax record.`,
    out_of_order: (p: { line: number; record: string }) =>
      `Line ${p.line}: record ${p.record} is out of place in the file.`,
    bad_field: (p: { line: number; field: string }) => `Line ${p.line}: the ${p.field} is not valid.`,
    count_mismatch: (p: { line: number; count: string; stated: number; found: number }) =>
      `Line ${p.line}: the file states ${p.stated} ${p.count} but holds ${p.found}.`,
    sum_mismatch: (p: { line: number; sum: string; stated: string; found: string }) =>
      `Line ${p.line}: the ${p.sum} is stated as ${p.stated} but the payments add up to ${p.found}.`,
    missing_end: 'The file ends without its closing record (record 70): it is incomplete.',
    after_end: (p: { line: number }) => `Line ${p.line}: text after the closing record.`,
    too_many_references: (p: { line: number }) => `Line ${p.line}: too many references in one payment.`,
    xml_malformed: (p: { line: number; column: number }) =>
      `Line ${p.line}, column ${p.column}: the file is not well-formed XML.`,
    xml_doctype: (p: { line: number }) => `Line ${p.line}: a bank file must not have a DOCTYPE.`,
    not_camt054: (p: { line: number }) =>
      `Line ${p.line}: the XML file is not a camt.054 (BankToCustomerDebitCreditNotification).`,
    xml_too_deep: (p: { line: number }) => `Line ${p.line}: the XML file is nested too deeply.`,
    xml_value_too_long: (p: { line: number; element: string }) => `Line ${p.line}: ${p.element} is too long.`,
    xml_missing: (p: { line: number; element: string }) => `Line ${p.line}: ${p.element} is missing.`,
    xml_bad_value: (p: { line: number; element: string }) => `Line ${p.line}: ${p.element} is not valid.`,
  },
});

/** The problem in the admin's language: "The file was not imported (…): Line 9: …". */
export function describeBankFileProblem(problem: BankFileProblem, locale: Locale): string {
  const t = bankFileMessages[locale];
  const detail = ((): string => {
    switch (problem.code) {
      case 'empty':
      case 'unknown_format':
      case 'test_file':
      case 'missing_end':
        return t[problem.code];
      case 'foreign_account':
        return t.foreign_account(problem);
      case 'too_large':
        return t.too_large({ megabytes: Math.floor(problem.maxBytes / 1_048_576) });
      case 'bad_field':
        return t.bad_field({ line: problem.line, field: fieldNames[locale][problem.field] });
      case 'count_mismatch':
        return t.count_mismatch({ ...problem, count: countNames[locale][problem.count] });
      case 'sum_mismatch':
        return t.sum_mismatch({ ...problem, sum: sumNames[locale][problem.sum] });
      case 'line_too_long':
      case 'after_end':
      case 'too_many_references':
      case 'xml_doctype':
      case 'not_camt054':
      case 'xml_too_deep':
        return t[problem.code](problem);
      case 'bad_record':
      case 'out_of_order':
        return t[problem.code](problem);
      case 'xml_malformed':
        return t.xml_malformed(problem);
      case 'xml_value_too_long':
      case 'xml_missing':
      case 'xml_bad_value':
        return t[problem.code](problem);
    }
  })();
  return `${t.refused}: ${detail}`;
}
