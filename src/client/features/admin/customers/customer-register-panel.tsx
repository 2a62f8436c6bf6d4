import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  CUSTOMER_NOTE_MAX,
  registerPaths,
  type RegisterCustomer,
  type RegisterPage,
  type RegisterRecord,
} from '@/shared/customer-register';
import { formatDate, formatDateTime } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { customerRegisterMessages } from '@/shared/i18n/messages/customer-register';
import { reminderMessages } from '@/shared/i18n/messages/reminders';
import { formatKrDecimal } from '@/shared/money-format';
import { Button, buttonClass } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { inputClass } from '@/client/components/ui/field';
import { apiFetch } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { adminKeys } from '@/client/features/admin/admin-api';
import { CustomerDetail, OwingCustomers } from '@/client/features/admin/money/customers-panel';
import { notifyFailed } from '@/client/features/admin/form-parts';
import { ToolPanel } from '@/client/features/admin/shared/tool-panel';
import { ColumnHeads, type Column } from '@/client/components/ui/column-heads';
import { RowButton } from '@/client/components/ui/row-button';

const linkButton = buttonClass({ variant: 'secondary', size: 'sm' });

function RegisterRecordView({ customer }: { customer: RegisterCustomer }) {
  const t = useT(customerRegisterMessages);
  const { locale } = useLocale();
  const dateTag = dateLocaleTag[locale];
  const queryClient = useQueryClient();
  const key = [...adminKeys.all, 'customer-register', customer.id, locale];
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => apiFetch<RegisterRecord>(`${registerPaths.one(customer.id)}?lang=${locale}`),
  });
  const [note, setNote] = useState('');
  const add = useMutation({
    mutationFn: (body: string) =>
      apiFetch<{ notes: RegisterRecord['notes'] }>(`${registerPaths.notes(customer.id)}?lang=${locale}`, {
        method: 'POST',
        json: { body },
      }),
    onSuccess: () => {
      setNote('');
      notify.success(t.noteSaved);
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'customer-register'] });
    },
    onError: notifyFailed(t.noteFailed),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(note);
  };
  if (!data) return null;
  return (
    <div className="space-y-4" data-testid="customer-record">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <h4 className="text-sm font-semibold text-slate-800">{t.contacts}</h4>
          <ul className="mt-1 space-y-1 text-sm text-slate-800">
            {data.contacts.map((contact) => (
              <li key={contact.email} className="break-words">
                {contact.name} · {contact.email} · {contact.phone}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="text-sm font-semibold text-slate-800">{t.ordersHeading}</h4>
          <ul className="mt-1 space-y-1 text-sm text-slate-800" data-testid="customer-record-orders">
            {data.orders.map((order) => (
              <li key={order.orderNumber}>
                {order.orderNumber} · {formatDate(order.placedAt, dateTag)} ·{' '}
                <span className="tabular-nums">{formatKrDecimal(order.total)}</span>
              </li>
            ))}
          </ul>
          <h4 className="mt-3 text-sm font-semibold text-slate-800">{t.quotesHeading}</h4>
          {data.quotes.length === 0 ? (
            <p className="text-sm text-slate-700">{t.noQuotes}</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm text-slate-800">
              {data.quotes.map((quote) => (
                <li key={quote.quoteNumber}>
                  {quote.quoteNumber} · {formatDate(quote.createdAt, dateTag)}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div>
        <h4 className="text-sm font-semibold text-slate-800">{t.notesHeading}</h4>
        {data.notes.length === 0 ? (
          <p className="text-sm text-slate-700">{t.noNotes}</p>
        ) : (
          <ul className="mt-1 space-y-2 text-sm text-slate-800" data-testid="customer-notes">
            {data.notes.map((item) => (
              <li key={item.id} className="rounded-lg bg-slate-50 p-2">
                <p className="whitespace-pre-wrap">{item.body}</p>
                <p className="mt-1 text-xs text-slate-600">
                  {item.staff} · {formatDateTime(item.createdAt, dateTag)}
                </p>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} className="mt-2 space-y-2">
          <label htmlFor={`note-${customer.id}`} className="block text-sm font-medium text-slate-800">
            {t.noteLabel}
          </label>
          <textarea
            id={`note-${customer.id}`}
            className={inputClass}
            rows={2}
            maxLength={CUSTOMER_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button size="sm" type="submit" disabled={add.isPending || note.trim() === ''} disabledLook="busy">
            {t.addNote}
          </Button>
        </form>
      </div>
    </div>
  );
}

/** One page of the register: a row per customer, opened below the table. */
function RegisterTable({
  customers,
  onOpen,
}: {
  customers: RegisterCustomer[];
  onOpen: (customer: RegisterCustomer) => void;
}) {
  const t = useT(customerRegisterMessages);
  const r = useT(reminderMessages);
  const { locale } = useLocale();
  const dateTag = dateLocaleTag[locale];
  const registerColumns: Column[] = [
    { label: r.customer },
    { label: t.orders, end: true, from: 'sm' },
    { label: t.lastOrder, from: 'md' },
    { label: t.turnover, end: true, from: 'sm' },
    { label: r.balance, end: true, from: 'sm' },
    { label: <span className="sr-only">{r.open}</span>, className: 'py-2' },
  ];
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="register-table">
        <ColumnHeads cellClassName="py-2 pr-3 font-semibold" columns={registerColumns} />
        <tbody className="divide-y divide-slate-100 text-slate-900">
          {customers.map((customer) => (
            <tr key={customer.id} data-testid="customer-row">
              <td className="py-2 pr-3">
                <span className="font-semibold break-words">{customer.name}</span>
                <span className="block text-xs break-all text-slate-600">
                  {customer.kind === 'company' ? r.company : r.individual} · {customer.identity}
                </span>
                <span className="block text-xs text-slate-600 sm:hidden">
                  {t.orders}: {customer.orders} · {t.turnover}: {formatKrDecimal(customer.turnover)} ·{' '}
                  {r.balance}: {formatKrDecimal(customer.balance)}
                </span>
              </td>
              <td className="hidden py-2 pr-3 text-right tabular-nums sm:table-cell">{customer.orders}</td>
              <td className="hidden py-2 pr-3 whitespace-nowrap md:table-cell">
                {formatDate(customer.lastOrder, dateTag)}
              </td>
              <td className="hidden py-2 pr-3 text-right tabular-nums whitespace-nowrap sm:table-cell">
                {formatKrDecimal(customer.turnover)}
              </td>
              <td className="hidden py-2 pr-3 text-right tabular-nums whitespace-nowrap sm:table-cell">
                {formatKrDecimal(customer.balance)}
              </td>
              <td className="py-2 text-right">
                <RowButton label={r.open} rowName={customer.name} onClick={() => onOpen(customer)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The customer register (issue 43): every customer who has ordered, searchable, 50 a page, with
 * a CSV of the same search; "only customers with a balance" is the customer ledger's list.
 */
export function CustomersPanel() {
  const t = useT(customerRegisterMessages);
  const r = useT(reminderMessages);
  const { locale } = useLocale();
  const dateTag = dateLocaleTag[locale];
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [owing, setOwing] = useState(false);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<RegisterCustomer | undefined>();
  const search = new URLSearchParams({ lang: locale, ...(q ? { q } : {}) });
  const { data, isError } = useQuery({
    queryKey: [...adminKeys.all, 'customer-register', q, page, locale],
    queryFn: () => apiFetch<RegisterPage>(`${registerPaths.list}?${search.toString()}&page=${page}`),
    enabled: !owing,
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
    setPage(1);
    setOpen(undefined);
  };
  return (
    <ToolPanel heading={t.registerHeading}>
      <p className="mt-1 text-sm text-slate-700">{t.registerIntro}</p>
      <form onSubmit={submit} role="search" className="mt-3 flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 basis-56 text-sm font-medium text-slate-800">
          {t.search}
          <input
            type="search"
            className={inputClass}
            value={typed}
            maxLength={100}
            placeholder={t.searchPlaceholder}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <Button type="submit" size="sm" variant="secondary">
          {t.search}
        </Button>
        <a
          href={`${registerPaths.csv}?${new URLSearchParams({ ...(q ? { q } : {}), ...(owing ? { owing: '1' } : {}) }).toString()}`}
          className={linkButton}
        >
          {t.exportCsv}
        </a>
      </form>
      <Checkbox
        className="mt-3 flex items-center gap-2 text-sm text-slate-800"
        checked={owing}
        onChange={(checked) => {
          setOwing(checked);
          setOpen(undefined);
        }}
      >
        {t.owingOnly}
      </Checkbox>
      {owing ? (
        <OwingCustomers />
      ) : (
        <>
          {isError && <p className="mt-3 text-sm text-red-700">{r.loadFailed}</p>}
          {data && (
            <p className="mt-3 text-sm text-slate-700" aria-live="polite">
              {data.total === 0 ? t.noneFound : t.customersFound({ count: data.total })}
            </p>
          )}
          {data && data.customers.length > 0 && <RegisterTable customers={data.customers} onOpen={setOpen} />}
          {data && pages > 1 && (
            <nav className="mt-3 flex items-center gap-2 text-sm" aria-label={t.pageOf({ page, pages })}>
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t.previous}
              </Button>
              <span>{t.pageOf({ page, pages })}</span>
              <Button
                size="sm"
                variant="secondary"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                {t.next}
              </Button>
            </nav>
          )}
          {open && (
            <div
              key={open.id}
              className="mt-4 space-y-4 rounded-2xl bg-slate-50/60 p-3 ring-1 ring-slate-200 sm:p-4"
            >
              <p className="text-sm text-slate-700">
                {t.firstOrder}: {formatDate(open.firstOrder, dateTag)} · {t.lastOrder}:{' '}
                {formatDate(open.lastOrder, dateTag)} · {t.turnover}:{' '}
                <span className="tabular-nums">{formatKrDecimal(open.turnover)}</span> · {t.documents}:{' '}
                {open.documents}
              </p>
              <RegisterRecordView customer={open} />
              <CustomerDetail customer={open} />
            </div>
          )}
        </>
      )}
    </ToolPanel>
  );
}
