import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { reminderMessages } from '@/shared/i18n/messages/reminders';
import { formatKrDecimal } from '@/shared/money-format';
import {
  customerPaths,
  type CustomerLedger,
  type CustomerList,
  type CustomerSummary,
} from '@/shared/receivables/reminders';
import { Button, buttonClass } from '@/client/components/ui/button';
import { apiFetch } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { adminKeys } from '@/client/features/admin/admin-api';
import { notifyFailed } from '@/client/features/admin/form-parts';
import { ColumnHeads, type Column } from '@/client/components/ui/column-heads';
import { RowButton } from '@/client/components/ui/row-button';

const linkButton = buttonClass({ variant: 'secondary', size: 'sm' });

export function CustomerDetail({ customer }: { customer: Pick<CustomerSummary, 'id'> }) {
  const t = useT(reminderMessages);
  const { locale } = useLocale();
  const dateTag = dateLocaleTag[locale];
  const { data, isError } = useQuery({
    queryKey: [...adminKeys.all, 'customer', customer.id, locale],
    queryFn: () => apiFetch<CustomerLedger>(`${customerPaths.one(customer.id)}?lang=${locale}`),
  });
  const email = useMutation({
    mutationFn: () =>
      apiFetch<{ email: string }>(`${customerPaths.statementEmail(customer.id)}?lang=${locale}`, {
        method: 'POST',
        json: {},
      }),
    onSuccess: (answer) => notify.success(t.statementSent({ email: answer.email })),
    onError: notifyFailed(t.statementFailed),
  });
  if (isError) return <p className="text-sm text-red-700">{t.loadFailed}</p>;
  if (!data) return null;
  const ledgerColumns: Column[] = [
    { label: t.date },
    { label: t.document },
    { label: t.amount, end: true },
    { label: t.runningBalance, end: true, className: 'py-1 font-semibold' },
  ];
  return (
    <section
      aria-labelledby="customer-ledger"
      className="mt-4 space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      data-testid="customer-ledger"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="customer-ledger" className="text-lg font-semibold text-slate-900">
          {t.ledgerHeading({ name: data.name })}
        </h3>
        <div className="flex flex-wrap gap-2">
          <a href={data.statementPdf} className={linkButton}>
            {t.statementPdf}
          </a>
          <Button size="sm" onClick={() => email.mutate()} disabled={email.isPending} disabledLook="busy">
            {t.statementEmail}
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-700">
        {data.identity} · {data.email} · {t.balance}:{' '}
        <span className="font-semibold tabular-nums">{formatKrDecimal(data.balance)}</span>
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[24rem] text-left text-sm">
          <ColumnHeads cellClassName="py-1 pr-3 font-semibold" columns={ledgerColumns} />
          <tbody className="divide-y divide-slate-100 text-slate-900">
            {data.lines.map((line, index) => (
              <tr key={index} data-testid="customer-ledger-line">
                <td className="py-1 pr-3 whitespace-nowrap">{formatDate(line.date, dateTag)}</td>
                <td className="py-1 pr-3">
                  {line.pdf ? (
                    <a href={line.pdf} className="text-brand-800 underline-offset-2 hover:underline">
                      {t[`line_${line.kind}`]} {line.number}
                    </a>
                  ) : (
                    `${t[`line_${line.kind}`]} ${line.number}`
                  )}
                </td>
                <td className="py-1 pr-3 text-right tabular-nums whitespace-nowrap">
                  {formatKrDecimal(line.amount)}
                </td>
                <td className="py-1 text-right tabular-nums whitespace-nowrap">
                  {formatKrDecimal(line.balance)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <h4 className="text-sm font-semibold text-slate-800">{t.openItems}</h4>
        {data.open.length === 0 ? (
          <p className="text-sm text-slate-700">{t.noOpenItems}</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm text-slate-800">
            {data.open.map((item) => (
              <li key={item.number}>
                {t[`line_${item.kind}`]} {item.number} ·{' '}
                <span className="tabular-nums font-semibold">{formatKrDecimal(item.balance)}</span>
                {item.daysOverdue > 0 && (
                  <span className="text-red-800"> · {t.overdueDays({ days: item.daysOverdue })}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** The customer ledger (kundreskontra): customers with open balances, one opened with its ledger. */
export function OwingCustomers() {
  const t = useT(reminderMessages);
  const { locale } = useLocale();
  const [open, setOpen] = useState<CustomerSummary | undefined>();
  const { data, isError } = useQuery({
    queryKey: [...adminKeys.all, 'customers', locale],
    queryFn: () => apiFetch<CustomerList>(`${customerPaths.list}?lang=${locale}`),
  });
  const customerColumns: Column[] = [
    { label: t.customer },
    { label: t.identity, from: 'sm' },
    { label: t.balance, end: true },
    { label: t.overdue, end: true },
    { label: <span className="sr-only">{t.open}</span>, className: 'py-2' },
  ];
  return (
    <section aria-labelledby="customers-heading" className="mt-4">
      <h3 id="customers-heading" className="text-lg font-semibold text-slate-900">
        {t.customersHeading}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t.customersIntro}</p>
      {isError && <p className="mt-3 text-sm text-red-700">{t.loadFailed}</p>}
      {data && data.customers.length === 0 && <p className="mt-3 text-sm text-slate-700">{t.noCustomers}</p>}
      {data && data.customers.length > 0 && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="customers-table">
            <ColumnHeads cellClassName="py-2 pr-3 font-semibold" columns={customerColumns} />
            <tbody className="divide-y divide-slate-100 text-slate-900">
              {data.customers.map((customer) => (
                <tr key={customer.id} data-testid="customer-row">
                  <td className="py-2 pr-3">
                    <span className="font-semibold">{customer.name}</span>
                    <span className="block text-xs text-slate-600">
                      {customer.kind === 'company' ? t.company : t.individual}
                    </span>
                    <span className="block text-xs break-all text-slate-600 sm:hidden">
                      {customer.identity}
                    </span>
                  </td>
                  <td className="hidden py-2 pr-3 break-all sm:table-cell">{customer.identity}</td>
                  <td className="py-2 pr-3 text-right tabular-nums whitespace-nowrap">
                    {formatKrDecimal(customer.balance)}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums whitespace-nowrap text-red-800">
                    {customer.overdue === '0.00' ? '' : formatKrDecimal(customer.overdue)}
                  </td>
                  <td className="py-2 text-right">
                    <RowButton label={t.open} rowName={customer.name} onClick={() => setOpen(customer)} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-slate-300 font-semibold text-slate-900">
                <td className="py-2 pr-3">{t.total}</td>
                <td className="hidden sm:table-cell" />
                <td
                  className="py-2 pr-3 text-right tabular-nums whitespace-nowrap"
                  data-testid="customers-total"
                >
                  {formatKrDecimal(data.total)}
                </td>
                <td colSpan={2} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {open && <CustomerDetail key={open.id} customer={open} />}
    </section>
  );
}
