import { useInfiniteQuery } from '@tanstack/react-query';
import { Download, Search } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { orderStatuses, type OrderStatus } from '@/shared/order-status';
import type { AdminJobOrderSummary, AdminOrderSummary } from '@/shared/admin';
import { isSearchableTerm, searchMessages } from '@/shared/admin-search';
import { notify } from '@/client/lib/notify';
import { useMay } from '@/client/features/admin/staff/staff-context';
import { cn } from '@/client/lib/cn';
import { buttonClass } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { ListShell, pagedListProps } from '@/client/components/ui/list-shell';
import { orderFilterParams, ordersQuery, type OrderFilter } from '@/client/features/admin/admin-api';
import { formatDateTime } from '@/shared/dates';
import { formatKrDecimal } from '@/shared/money-format';
import { OrderDetailDialog } from './order-detail';
import { StatusBadge } from './status-badge';
import { PaymentStateBadge } from '@/client/features/admin/money/order-money';
import { DeliveryRiskBadge } from './delivery-risk';
import { ProofStateBadge } from '@/client/features/admin/production/proof-state-badge';
import { AttentionBadge } from './order-attention';
import { adminOrderMessages } from '@/shared/i18n/messages/admin-orders';
import { useLocale, useT } from '@/client/lib/i18n';
import { adminUiMessages } from '@/shared/i18n/messages/admin-ui';
import { orderStatusMessages } from '@/shared/i18n/messages/order-status';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { Panel } from '@/client/components/ui/panel';

const SEARCH_DELAY_MS = 300;

/** Beside the filters: the form size, so they stand as tall as the inputs. */
const exportLinkClass = buttonClass({ variant: 'secondary', size: 'md' });

type ListedOrder = AdminOrderSummary | AdminJobOrderSummary;

/** The list's search (after a short pause, three letters in a row) and status filter. */
function useOrderFilter() {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<OrderFilter>({ q: '', status: '' });
  // A term needs three letters or digits in a row (the server's trigram index); until then the
  // list shows every order and a hint says why.
  const tooShort = search.trim() !== '' && !isSearchableTerm(search.trim());
  // The search follows typing after a short pause, not on every key.
  useEffect(() => {
    const q = tooShort ? '' : search;
    const timer = window.setTimeout(() => setFilter((f) => (f.q === q ? f : { ...f, q })), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, tooShort]);
  return { search, setSearch, filter, setFilter, tooShort };
}

/** The search field, the status choice and (money roles) the exports of what is filtered. */
function OrderFilters({ state }: { state: ReturnType<typeof useOrderFilter> }) {
  const { locale } = useLocale();
  const ui = useT(adminUiMessages);
  const t = useT(adminOrderMessages);
  const statusLabels = useT(orderStatusMessages);
  // Exports are the bookkeeper's and the owner's (the server refuses others).
  const mayExport = useMay('money');
  const { search, setSearch, filter, setFilter, tooShort } = state;
  const params = orderFilterParams(filter);
  const csvHref = `/api/admin/orders.csv${params ? `?${params}` : ''}`;
  const excelHref = `/api/admin/orders.csv?${params ? `${params}&` : ''}format=excel-sv`;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <Field
        id="order-search"
        label={ui.search}
        hint={tooShort ? searchMessages.tooShort[locale] : undefined}
        className="sm:w-80"
      >
        {({ className, ...control }) => (
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden
            />
            {/* pl-9 makes room for the icon: Tailwind orders padding-left after padding-inline. */}
            <input
              {...control}
              type="search"
              maxLength={100}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={ui.searchPlaceholder}
              className={cn(className, 'pl-9')}
            />
          </div>
        )}
      </Field>
      <Field id="order-status" label={ui.status} className="sm:w-48">
        {(control) => (
          <select
            {...control}
            value={filter.status}
            onChange={(event) => setFilter((f) => ({ ...f, status: event.target.value as OrderStatus | '' }))}
          >
            <option value="">{ui.allStatuses}</option>
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {mayExport && (
        <a href={csvHref} download className={exportLinkClass}>
          <Download className="size-4" aria-hidden /> {t.exportCsv}
        </a>
      )}
      {mayExport && (
        <a href={excelHref} download title={t.exportExcelHint} className={exportLinkClass}>
          <Download className="size-4" aria-hidden /> {t.exportExcel}
        </a>
      )}
    </div>
  );
}

/** An order's badges: the job, the money (money view), the proof, the delivery, a flag. */
function OrderBadges({ order }: { order: ListedOrder }) {
  return (
    <>
      <StatusBadge status={order.status} />
      {order.view === 'money' && <PaymentStateBadge state={order.paymentState} />}
      <ProofStateBadge order={order} />
      <DeliveryRiskBadge delivery={order.delivery} />
      <AttentionBadge attention={order.attention} />
    </>
  );
}

/** The order's number, which opens it: on a card it may wrap, in the table it keeps to one line. */
function OpenOrderButton(props: { orderNumber: string; onOpen: (number: string) => void; wraps?: boolean }) {
  return (
    <button
      type="button"
      onClick={() => props.onOpen(props.orderNumber)}
      className={cn(
        'font-semibold text-brand-700 underline-offset-2 hover:underline',
        props.wraps ? 'break-words text-left' : 'whitespace-nowrap',
      )}
    >
      {props.orderNumber}
    </button>
  );
}

/** Narrow screens: one card per order. */
function OrderCards(props: { orders: readonly ListedOrder[]; onOpen: (number: string) => void }) {
  const ui = useT(adminUiMessages);
  const { locale } = useLocale();
  return (
    <ul className="divide-y divide-slate-100 md:hidden" aria-label={ui.orders}>
      {props.orders.map((order) => (
        <li key={order.orderNumber} className="space-y-1 p-4 text-sm">
          <div className="flex items-start justify-between gap-3">
            <OpenOrderButton orderNumber={order.orderNumber} onOpen={props.onOpen} wraps />
            <span className="flex flex-col items-end gap-1">
              <OrderBadges order={order} />
            </span>
          </div>
          <p className="text-slate-600">{formatDateTime(order.orderDate, dateLocaleTag[locale])}</p>
          <p className="break-words text-slate-900">
            <span className="font-medium">{order.customerName}</span>
            {order.customerOrganization && (
              <span className="text-slate-600"> · {order.customerOrganization}</span>
            )}
          </p>
          <p className="break-words text-slate-700">
            {order.customerEmail} · {order.customerPhone}
          </p>
          <p className="flex justify-between gap-3 text-slate-700">
            <span>{order.itemsSummary}</span>
            {order.view === 'money' && (
              <span className="whitespace-nowrap font-semibold text-slate-900">
                {formatKrDecimal(order.totalAmount)}
              </span>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Wider screens: the table (production's without the total column: the server sends none). */
function OrderRows(props: { orders: readonly ListedOrder[]; onOpen: (number: string) => void }) {
  const ui = useT(adminUiMessages);
  const { locale } = useLocale();
  const showMoney = useMay('money');
  const labels = [
    ui.orderNumber,
    ui.date,
    ui.customer,
    ui.email,
    ui.phone,
    ui.items,
    ...(showMoney ? [ui.total] : []),
    ui.status,
  ];
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full min-w-[60rem] text-left text-sm">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {labels.map((label) => (
              <th
                key={label}
                scope="col"
                className={cn('px-3 py-3 font-semibold', label === ui.total && 'text-right')}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {props.orders.map((order) => (
            <tr key={order.orderNumber} className="align-top hover:bg-slate-50">
              <td className="px-3 py-3">
                <OpenOrderButton orderNumber={order.orderNumber} onOpen={props.onOpen} />
              </td>
              <td className="whitespace-nowrap px-3 py-3 text-slate-700">
                {formatDateTime(order.orderDate, dateLocaleTag[locale])}
              </td>
              <td className="max-w-52 break-words px-3 py-3">
                <span className="block font-medium text-slate-900">{order.customerName}</span>
                {order.customerOrganization && (
                  <span className="block text-slate-600">{order.customerOrganization}</span>
                )}
              </td>
              <td className="max-w-52 break-words px-3 py-3 text-slate-700">{order.customerEmail}</td>
              <td className="whitespace-nowrap px-3 py-3 text-slate-700">{order.customerPhone}</td>
              <td className="max-w-56 px-3 py-3 text-slate-700">{order.itemsSummary}</td>
              {showMoney && (
                <td className="whitespace-nowrap px-3 py-3 text-right font-semibold text-slate-900">
                  {order.view === 'money' && formatKrDecimal(order.totalAmount)}
                </td>
              )}
              <td className="space-y-1 px-3 py-3">
                <OrderBadges order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OrdersTable() {
  const state = useOrderFilter();
  const { filter } = state;
  const [openNumber, setOpenNumber] = useState<string | null>(null);
  const { locale } = useLocale();
  const ui = useT(adminUiMessages);

  const query = useInfiniteQuery(ordersQuery(filter, locale));
  // Said once when the list fails, in the language of that moment (not again on a switch).
  const sayFailed = useEffectEvent(() => notify.error(ui.error, { description: ui.ordersFailed }));
  useEffect(() => {
    if (query.isError) sayFailed();
  }, [query.isError]);

  const orders = query.data?.pages.flatMap((page): ListedOrder[] => page.orders) ?? [];
  const filtered = filter.q.trim() !== '' || filter.status !== '';

  return (
    <Panel
      headingId="orders-heading"
      heading={ui.orders}
      headerClassName="flex flex-col gap-3 border-b border-slate-200 p-4 lg:flex-row lg:items-end lg:justify-between"
      header={<OrderFilters state={state} />}
    >
      <ListShell
        {...pagedListProps(query, orders.length)}
        texts={{
          loading: ui.loading,
          empty: filtered ? ui.noMatch : ui.noOrders,
          error: ui.ordersFailed,
          retry: ui.tryAgain,
          more: ui.showMore,
          loadedMore: (count) => ui.moreOrdersShown({ count }),
        }}
      >
        <OrderCards orders={orders} onOpen={setOpenNumber} />
        <OrderRows orders={orders} onOpen={setOpenNumber} />
      </ListShell>
      {openNumber && <OrderDetailDialog number={openNumber} onClose={() => setOpenNumber(null)} />}
    </Panel>
  );
}
