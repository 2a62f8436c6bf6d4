import type { BankFileImportAnswer } from '@/shared/receivables/bank-payments';

/**
 * What the receivables admin routes answer (the bookkeeper is the reader), beside the queue's and
 * the money view's own shapes (./queue.ts, ./open-invoices.ts); declared in ./contract.ts.
 */

/** POST /api/admin/bank-files → 201: the import's summary, without the stage's internal file id. */
export function bankFileImportView(result: BankFileImportAnswer & { fileId: number }): BankFileImportAnswer {
  return {
    format: result.format,
    payments: result.payments,
    matched: result.matched,
    unmatched: result.unmatched,
    duplicates: result.duplicates,
  };
}
