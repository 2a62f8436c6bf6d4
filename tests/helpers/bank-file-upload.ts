import type { BankFileImportAnswer } from '@/shared/receivables/bank-payments';
import { request } from './server';

/** POST /api/admin/bank-files with one file field (multipart), as the admin page sends it. */
export function uploadBankFile(
  server: { url: string },
  cookie: string,
  bytes: Uint8Array | string,
  name = 'bgmax.txt',
) {
  const form = new FormData();
  const body = typeof bytes === 'string' ? bytes : new Uint8Array(bytes);
  form.append('file', new Blob([body], { type: 'text/plain' }), name);
  return request<BankFileImportAnswer & { error?: string }>(server, '/api/admin/bank-files', {
    method: 'POST',
    body: form,
    headers: { cookie },
  });
}

/**
 * The whole answer of an import with nothing refused and every line booked (no `notBooked`): what
 * `toEqual` holds an answer to, counts and all.
 */
export function importAnswer(
  format: BankFileImportAnswer['format'],
  counts: { payments: number; matched: number; unmatched: number; duplicates?: number },
): BankFileImportAnswer {
  return { format, duplicates: 0, ...counts, refused: 0, notBooked: [] };
}
