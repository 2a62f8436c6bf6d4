import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatDate, formatDateTime } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { moneyViewMessages } from '@/shared/i18n/messages/money-view';
import { formatKrDecimal } from '@/shared/money-format';
import type { QueuedBankPayment } from '@/shared/receivables/bank-payments';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { adminKeys } from '@/client/features/admin/admin-api';
import { assignBankPayment, bankPaymentsQuery, markNotOurs, moneyKeys } from './money-api';

/** A bank amount: kronor in Swedish form, with its currency when it is not kronor. */
function bankAmount(payment: QueuedBankPayment): string {
  return payment.currency === 'SEK'
    ? formatKrDecimal(payment.amount)
    : `${payment.amount.replace('.', ',')} ${payment.currency}`;
}

function QueueItem({ payment }: { payment: QueuedBankPayment }) {
  const id = useId();
  const t = useT(moneyViewMessages);
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [invoice, setInvoice] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  };
  const fail = (caught: unknown) => setError(caught instanceof ApiError ? caught.message : String(caught));
  const assign = useMutation({
    mutationFn: () => assignBankPayment(payment.id, invoice.trim()),
    onSuccess: (answer) => {
      notify.success(t.assigned({ invoice: answer.invoice ?? invoice }));
      done();
    },
    onError: fail,
  });
  const notOurs = useMutation({
    mutationFn: () => markNotOurs(payment.id, note),
    onSuccess: () => {
      notify.success(t.markedNotOurs);
      done();
    },
    onError: fail,
  });
  const busy = assign.isPending || notOurs.isPending;
  const onAssign = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (invoice.trim()) assign.mutate();
    else setError(t.invoiceRequired);
  };
  const texts = [...payment.references, ...payment.messages];
  return (
    <li className="rounded-xl border border-slate-200 p-3" data-testid="queued-payment">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-bold tabular-nums text-slate-900" data-testid="queued-amount">
          {bankAmount(payment)}
        </p>
        <p className="text-sm text-slate-700">
          {t.bookedOn}: {payment.bookedOn ? formatDate(payment.bookedOn, dateLocaleTag[locale]) : '–'}
        </p>
      </div>
      <dl className="mt-1 grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-700">{t.references}</dt>
        <dd className="break-words text-slate-900">{texts.length > 0 ? texts.join(' · ') : '–'}</dd>
        <dt className="font-semibold text-slate-700">{t.payer}</dt>
        <dd className="text-slate-900">
          {[payment.payerName, payment.payerId].filter(Boolean).join(', ') || '–'}
        </dd>
        <dt className="font-semibold text-slate-700">{t.reason}</dt>
        <dd className="text-slate-900">{payment.reason ? t[`reason_${payment.reason}`] : '–'}</dd>
      </dl>
      <form onSubmit={onAssign} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field id={`${id}-invoice`} label={t.invoiceNumber} className="sm:w-56">
          {(control) => (
            <input
              {...control}
              value={invoice}
              placeholder="INV-…"
              autoComplete="off"
              onChange={(event) => setInvoice(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" size="md" disabled={busy}>
          {t.assign}
        </Button>
        <Field id={`${id}-note`} label={t.notOursNote} className="sm:ml-4 sm:w-56">
          {(control) => (
            <input
              {...control}
              value={note}
              maxLength={500}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
        </Field>
        <Button
          variant="secondary"
          size="md"
          disabled={busy}
          onClick={() => {
            setError(undefined);
            notOurs.mutate();
          }}
        >
          {t.notOurs}
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}

/** Payments no invoice was found for, each assigned by hand or marked not ours; then what was decided. */
export function UnmatchedQueue() {
  const id = useId();
  const t = useT(moneyViewMessages);
  const { locale } = useLocale();
  const waiting = useQuery(bankPaymentsQuery('unmatched'));
  const decided = useQuery(bankPaymentsQuery('decided'));
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="unmatched-queue"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {t.queueHeading} {waiting.data ? `(${waiting.data.length})` : ''}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t.queueIntro}</p>
      {waiting.data?.length === 0 && <p className="mt-3 text-sm text-slate-700">{t.queueEmpty}</p>}
      <ul className="mt-3 space-y-3">
        {waiting.data?.map((payment) => (
          <QueueItem key={payment.id} payment={payment} />
        ))}
      </ul>
      {decided.data && decided.data.length > 0 && (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-semibold text-slate-800">
            {t.decidedHeading} ({decided.data.length})
          </summary>
          <ul className="mt-2 divide-y divide-slate-100" data-testid="decided-payments">
            {decided.data.map((payment) => (
              <li key={payment.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="tabular-nums">{bankAmount(payment)}</span>
                <span>
                  {payment.state === 'assigned' && payment.invoice
                    ? t.assigned({ invoice: payment.invoice })
                    : t.markedNotOurs}
                  {payment.note ? ` – ${payment.note}` : ''}
                </span>
                <span className="text-slate-600">
                  {t.decidedBy({
                    name: payment.decidedBy ?? '–',
                    at: payment.decidedAt ? formatDateTime(payment.decidedAt, dateLocaleTag[locale]) : '–',
                  })}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
