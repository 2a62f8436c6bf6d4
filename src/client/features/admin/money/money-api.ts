import { queryOptions } from '@tanstack/react-query';
import type {
  BankFileImportAnswer,
  QueuedBankPayment,
  ReceivablesAnswer,
  ReceivablesFilter,
} from '@/shared/receivables/bank-payments';
import { apiFetch, postFile } from '@/client/lib/api';

/** The money view's queries: open invoices with their aging, and the queue of unmatched payments. */
export const moneyKeys = {
  all: ['admin', 'money'] as const,
  receivables: (filter: ReceivablesFilter, customer: string) =>
    [...moneyKeys.all, 'receivables', filter, customer] as const,
  queue: (state: 'unmatched' | 'decided') => [...moneyKeys.all, 'queue', state] as const,
};

export const receivablesQuery = (filter: ReceivablesFilter, customer: string) =>
  queryOptions({
    queryKey: moneyKeys.receivables(filter, customer),
    queryFn: () => {
      const params = new URLSearchParams({ filter });
      if (customer.trim()) params.set('customer', customer.trim());
      return apiFetch<ReceivablesAnswer>(`/api/admin/receivables?${params.toString()}`);
    },
  });

export const bankPaymentsQuery = (state: 'unmatched' | 'decided') =>
  queryOptions({
    queryKey: moneyKeys.queue(state),
    queryFn: () =>
      apiFetch<{ payments: QueuedBankPayment[] }>(`/api/admin/bank-payments?state=${state}`).then(
        (answer) => answer.payments,
      ),
  });

/** POST /api/admin/bank-files: the file as the one multipart field. */
export function uploadBankFile(file: File): Promise<BankFileImportAnswer> {
  return postFile<BankFileImportAnswer>('/api/admin/bank-files', file);
}

export function assignBankPayment(id: number, invoice: string): Promise<QueuedBankPayment> {
  return apiFetch<QueuedBankPayment>(`/api/admin/bank-payments/${id}/assign`, {
    method: 'POST',
    json: { invoice },
  });
}

export function markNotOurs(id: number, note: string): Promise<QueuedBankPayment> {
  return apiFetch<QueuedBankPayment>(`/api/admin/bank-payments/${id}/not-ours`, {
    method: 'POST',
    json: note.trim() ? { note: note.trim() } : {},
  });
}
