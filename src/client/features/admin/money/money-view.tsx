import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { formatDate } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { moneyViewMessages } from '@/shared/i18n/messages/money-view';
import { formatKrDecimal } from '@/shared/money-format';
import { agingBuckets } from '@/shared/receivables/aging';
import {
  receivablesFilters,
  type OpenInvoice,
  type ReceivablesAnswer,
  type ReceivablesFilter,
} from '@/shared/receivables/bank-payments';
import { Field } from '@/client/components/ui/field';
import { cn } from '@/client/lib/cn';
import { useLocale, useT } from '@/client/lib/i18n';
import { BankFileUpload } from './bank-file-upload';
import { receivablesQuery } from './money-api';
import { PaymentStateBadge } from './order-money';
import { UnmatchedQueue } from './unmatched-queue';
import { DetailSection } from '@/client/features/admin/shared/detail-section';

/** The aging summary: open receivables by how late they are, and their total. */
function Aging({ aging }: { aging: ReceivablesAnswer['aging'] }) {
  const t = useT(moneyViewMessages);
  return (
    <DetailSection heading={t.agingHeading} testId="aging">
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {agingBuckets.map((bucket) => (
          <div
            key={bucket}
            className={cn(
              'rounded-xl border p-3',
              bucket === 'not_due' ? 'border-slate-200 bg-white' : 'border-amber-200 bg-amber-50',
            )}
            data-testid={`aging-${bucket}`}
          >
            <dt className="text-xs font-semibold text-slate-700">{t[bucket]}</dt>
            <dd className="mt-1 text-lg font-bold tabular-nums text-slate-900">
              {formatKrDecimal(aging[bucket].amount)}
            </dd>
            <dd className="text-xs text-slate-700">{t.invoiceCount({ n: aging[bucket].count })}</dd>
          </div>
        ))}
        <div
          className="rounded-xl border border-brand-800 bg-brand-800 p-3 text-white"
          data-testid="aging-total"
        >
          <dt className="text-xs font-semibold">{t.agingTotal}</dt>
          <dd className="mt-1 text-lg font-bold tabular-nums">{formatKrDecimal(aging.total)}</dd>
        </div>
      </dl>
    </DetailSection>
  );
}

function DueCell({ invoice }: { invoice: OpenInvoice }) {
  const t = useT(moneyViewMessages);
  const { locale } = useLocale();
  const tag = dateLocaleTag[locale];
  return (
    <>
      <span className="whitespace-nowrap">{formatDate(invoice.dueOn, tag)}</span>
      {invoice.lastDayToPay !== invoice.dueOn && (
        <span className="block text-xs text-slate-700" data-testid="last-day-to-pay">
          {t.lastDayToPay({ day: formatDate(invoice.lastDayToPay, tag) })}
        </span>
      )}
    </>
  );
}

function OverdueText({ days }: { days: number }) {
  const t = useT(moneyViewMessages);
  return days > 0 ? (
    <span className="font-semibold whitespace-nowrap text-red-700">{t.overdueDays({ n: days })}</span>
  ) : (
    <span className="whitespace-nowrap text-slate-700">{t.notOverdue}</span>
  );
}

function InvoiceRows({ invoices }: { invoices: readonly OpenInvoice[] }) {
  const t = useT(moneyViewMessages);
  const { locale } = useLocale();
  const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';
  const td = 'px-3 py-2 align-top';
  return (
    <>
      <table className="hidden w-full text-sm md:table" data-testid="open-invoices">
        <thead className="border-b border-slate-200">
          <tr>
            <th className={th}>{t.invoice}</th>
            <th className={th}>{t.customer}</th>
            <th className={th}>{t.issuedOn}</th>
            <th className={th}>{t.dueOn}</th>
            <th className={th}>{t.daysOverdue}</th>
            <th className={cn(th, 'text-right')}>{t.total}</th>
            <th className={cn(th, 'text-right')}>{t.balance}</th>
            <th className={th}>{t.paymentState}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {invoices.map((invoice) => (
            <tr key={invoice.number} data-testid="open-invoice" data-number={invoice.number}>
              <td className={cn(td, 'font-semibold whitespace-nowrap')}>{invoice.number}</td>
              <td className={td}>{invoice.customer}</td>
              <td className={cn(td, 'whitespace-nowrap')}>
                {formatDate(invoice.issuedOn, dateLocaleTag[locale])}
              </td>
              <td className={td}>
                <DueCell invoice={invoice} />
              </td>
              <td className={td}>
                <OverdueText days={invoice.daysOverdue} />
              </td>
              <td className={cn(td, 'text-right whitespace-nowrap tabular-nums')}>
                {formatKrDecimal(invoice.total)}
              </td>
              <td className={cn(td, 'text-right font-semibold whitespace-nowrap tabular-nums')}>
                {formatKrDecimal(invoice.balance)}
              </td>
              <td className={td}>
                <PaymentStateBadge state={invoice.paymentState} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 md:hidden" data-testid="open-invoices-list">
        {invoices.map((invoice) => (
          <li key={invoice.number} className="py-3 text-sm">
            <div className="flex items-baseline justify-between gap-2">
              <span className="font-semibold">{invoice.number}</span>
              <PaymentStateBadge state={invoice.paymentState} />
            </div>
            <p className="text-slate-800">{invoice.customer}</p>
            <div className="mt-1 flex items-baseline justify-between gap-2">
              <span>
                {t.dueOn}: <DueCell invoice={invoice} />
              </span>
              <span className="font-semibold tabular-nums">{formatKrDecimal(invoice.balance)}</span>
            </div>
            <OverdueText days={invoice.daysOverdue} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The admin's money view: receivables on today (aging and open invoices, filtered), the bank file
 * upload and the queue of payments no invoice was found for.
 */
export function MoneyView() {
  const id = useId();
  const t = useT(moneyViewMessages);
  const { locale } = useLocale();
  const [filter, setFilter] = useState<ReceivablesFilter>('all');
  const [customer, setCustomer] = useState('');
  const deferredCustomer = useDeferredValue(customer);
  const answer = useQuery({
    ...receivablesQuery(filter, deferredCustomer),
    placeholderData: keepPreviousData,
  });
  const data = answer.data;
  return (
    <div className="space-y-6" data-testid="money-view">
      <section
        aria-labelledby={`${id}-heading`}
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div>
          <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
            {t.heading}
          </h2>
          {data && (
            <p className="text-sm text-slate-700">
              {t.intro({ day: formatDate(data.on, dateLocaleTag[locale]) })}
            </p>
          )}
        </div>
        {data && <Aging aging={data.aging} />}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field id={`${id}-filter`} label={t.filterLabel} className="sm:w-60">
            {(control) => (
              <select
                {...control}
                value={filter}
                onChange={(event) => setFilter(event.target.value as ReceivablesFilter)}
                data-testid="money-filter"
              >
                {receivablesFilters.map((value) => (
                  <option key={value} value={value}>
                    {t[value]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-customer`} label={t.customerFilter} className="sm:w-80">
            {(control) => (
              <input
                {...control}
                type="search"
                value={customer}
                placeholder={t.customerPlaceholder}
                onChange={(event) => setCustomer(event.target.value)}
              />
            )}
          </Field>
        </div>
        <DetailSection heading={t.invoicesHeading}>
          {data && data.invoices.length === 0 && (
            <p className="mt-2 text-sm text-slate-700">{t.noInvoices}</p>
          )}
          {data && data.invoices.length > 0 && <InvoiceRows invoices={data.invoices} />}
          {data?.truncated && (
            <p className="mt-2 text-sm text-slate-700">{t.truncated({ n: data.invoices.length })}</p>
          )}
        </DetailSection>
      </section>
      <BankFileUpload />
      <UnmatchedQueue />
    </div>
  );
}
