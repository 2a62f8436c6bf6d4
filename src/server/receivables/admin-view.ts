import type { Locale } from '@/shared/i18n/locale';
import { moneyViewMessages } from '@/shared/i18n/messages/money-view';
import { formatEuroDecimal, formatKrDecimal } from '@/shared/money-format';
import type { BankFileImportAnswer, NotBookedLine } from '@/shared/receivables/bank-payments';
import type { ImportResult } from './import';

/**
 * What the receivables admin routes answer (the bookkeeper is the reader), beside the queue's and
 * the money view's own shapes (./queue.ts, ./open-invoices.ts); declared in ./contract.ts.
 */

/** A bank file's line not recorded on its invoice, told in the reader's language (docs/decisions/0075). */
export function notBookedMessage(line: NotBookedLine, locale: Locale): string {
  const t = moneyViewMessages[locale];
  const amount =
    line.currency === 'SEK'
      ? formatKrDecimal(line.amount)
      : line.currency === 'EUR'
        ? formatEuroDecimal(line.amount)
        : `${line.amount} ${line.currency}`;
  const facts = {
    what: [amount, line.reference].filter(Boolean).join(', '),
    bookedOn: line.bookedOn,
    invoice: line.invoice ?? '',
    enteredOn: line.enteredOn ?? '',
  };
  switch (line.reason) {
    case 'future':
      return t.notBookedFuture(facts);
    case 'closed_month':
      return t.notBookedClosed({ ...facts, month: line.bookedOn.slice(0, 7) });
    case 'before_invoice':
      return t.notBookedBeforeInvoice({ ...facts, issuedOn: line.issuedOn ?? '' });
  }
}

/** POST /api/admin/bank-files → 201: the import's summary, without the stage's internal file id. */
export function bankFileImportView(result: ImportResult, locale: Locale): BankFileImportAnswer {
  return {
    format: result.format,
    payments: result.payments,
    matched: result.matched,
    unmatched: result.unmatched,
    duplicates: result.duplicates,
    refused: result.refused,
    notBooked: result.notBooked.map((line) => ({ ...line, message: notBookedMessage(line, locale) })),
  };
}
