import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { moneyViewMessages } from '@/shared/i18n/messages/money-view';
import type { BankFileImportAnswer } from '@/shared/receivables/bank-payments';
import { FileButton } from '@/client/components/ui/file-button';
import { ApiError } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
import { adminKeys } from '@/client/features/admin/admin-api';
import { moneyKeys, uploadBankFile } from './money-api';

const formatNames: Record<BankFileImportAnswer['format'], string> = {
  bgmax: 'BgMax (Bankgirot)',
  camt054: 'camt.054 (ISO 20022)',
};

/**
 * The bank file upload: a BgMax or camt.054 file chosen is imported at once; the answer shows how
 * many payments were recorded, queued, refused or already known, with each line not recorded on its
 * invoice for its day (a closed month, before the invoice, a future day) in words, or why the whole
 * file was refused.
 */
export function BankFileUpload() {
  const id = useId();
  const t = useT(moneyViewMessages);
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: uploadBankFile,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  const result = upload.data;
  const rows: [string, number, string][] = result
    ? [
        [t.resultPayments, result.payments, 'payments'],
        [t.resultMatched, result.matched, 'matched'],
        [t.resultUnmatched, result.unmatched, 'unmatched'],
        [t.resultDuplicates, result.duplicates, 'duplicates'],
        ...(result.refused > 0
          ? [[t.resultRefused, result.refused, 'refused'] as [string, number, string]]
          : []),
      ]
    : [];
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="bank-file-upload"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {t.uploadHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t.uploadIntro}</p>
      <FileButton
        label={upload.isPending ? t.uploading : t.uploadHeading}
        accept=".txt,.xml,.bgm,.bgmax,text/plain,application/xml,text/xml"
        disabled={upload.isPending}
        testId="bank-file-input"
        onFiles={([file]) => file && upload.mutate(file)}
      />
      <div aria-live="polite" className="mt-3">
        {upload.isError && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800"
            data-testid="bank-file-error"
          >
            {upload.error instanceof ApiError ? upload.error.message : String(upload.error)}
          </p>
        )}
        {result && (
          <div
            className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950"
            data-testid="bank-file-result"
          >
            <p className="font-semibold">
              {t.resultHeading} · {t.resultFormat({ format: formatNames[result.format] })}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_auto] gap-x-4 gap-y-1 sm:inline-grid">
              {rows.map(([label, value, key]) => (
                <div key={key} className="contents">
                  <dt>{label}</dt>
                  <dd className="text-right font-semibold tabular-nums" data-testid={`bank-file-${key}`}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            {result.notBooked.length > 0 && (
              <div
                className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-950"
                data-testid="bank-file-not-booked"
              >
                <p className="font-semibold">{t.notBookedHeading}</p>
                <ul className="mt-1 list-disc space-y-1 pl-5">
                  {result.notBooked.map((line, index) => (
                    <li key={`${line.bookedOn}-${index}`}>{line.message}</li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
