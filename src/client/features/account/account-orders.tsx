import { Repeat2 } from 'lucide-react';
import { useState } from 'react';
import type { AccountView, ReorderAnswer } from '@/shared/account';
import { formatDate } from '@/shared/dates';
import { accountMessages } from '@/shared/i18n/messages/account';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { formatKrDecimal } from '@/shared/money-format';
import { ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { Button, buttonClass } from '@/client/components/ui/button';
import { reorder } from './account-api';
import { AccountList, AccountSection, type AccountRows } from './account-section';

type AccountOrder = AccountView['orders'][number];

const orderRows: AccountRows<AccountOrder> = {
  key: (order) => order.orderNumber,
  className: 'flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between',
  testId: 'account-order',
};

const quoteRows: AccountRows<AccountView['quotes'][number]> = {
  key: (quote) => quote.quoteNumber,
  className: 'flex flex-wrap items-center justify-between gap-3 p-4 text-sm',
  testId: 'account-quote',
};

const useLongDate = () => {
  const { locale } = useLocale();
  return (iso: string) => formatDate(iso, dateLocaleTag[locale], 'long');
};

/** The account's orders, each with its page and, for the reader's own, "Order again". */
export function OrdersSection({
  account,
  onReorder,
}: {
  account: AccountView;
  onReorder: (answer: ReorderAnswer) => void;
}) {
  const t = useT(accountMessages);
  const date = useLongDate();
  const [busyOrder, setBusyOrder] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const again = async (orderNumber: string) => {
    setBusyOrder(orderNumber);
    setProblem(undefined);
    try {
      onReorder(await reorder(orderNumber));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
      setBusyOrder(undefined);
    }
  };
  /** Each order's facts: term, value and the value's look. */
  const orderFacts = (order: AccountOrder): [string, string, string][] => [
    [t.orderNumber, order.orderNumber, 'whitespace-nowrap font-semibold text-slate-900'],
    [t.placed, date(order.placedAt), 'whitespace-nowrap text-slate-900'],
    [t.total, formatKrDecimal(order.total), 'whitespace-nowrap tabular-nums text-slate-900'],
    [t.status, order.statusLabel, 'text-slate-900'],
  ];
  return (
    <AccountSection id="account-orders" heading={t.ordersHeading}>
      {problem && (
        <p role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
      <AccountList items={account.orders} empty={t.noOrders} rows={orderRows}>
        {(order) => (
          <>
            <div className="min-w-0">
              <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm md:flex md:flex-wrap md:gap-x-8">
                {orderFacts(order).map(([term, value, look]) => (
                  <div key={term}>
                    <dt className="text-slate-500">{term}</dt>
                    <dd className={look}>{value}</dd>
                  </div>
                ))}
              </dl>
              {order.placedBy !== account.email && (
                <p className="mt-2 break-all text-sm text-slate-600" data-testid="placed-by">
                  {t.placedBy({ email: order.placedBy })}
                </p>
              )}
            </div>
            <div className="flex shrink-0 flex-wrap gap-2 md:flex-nowrap">
              {/* A server redirect with a fresh link to the page: a plain link, not the router's. */}
              <a href={order.orderPage} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                {t.openOrder}
                <span className="sr-only"> {order.orderNumber}</span>
              </a>
              {/* A colleague's order too: the company's files are its members' (decision 0077). */}
              <Button
                size="sm"
                disabled={busyOrder !== undefined}
                disabledLook="busy"
                onClick={() => void again(order.orderNumber)}
              >
                <Repeat2 className="size-4" aria-hidden />
                {busyOrder === order.orderNumber ? t.reordering : t.reorder}
                <span className="sr-only"> {order.orderNumber}</span>
              </Button>
            </div>
          </>
        )}
      </AccountList>
    </AccountSection>
  );
}

/** The account's quotes, each opening its page. */
export function QuotesSection({ account }: { account: AccountView }) {
  const t = useT(accountMessages);
  const date = useLongDate();
  return (
    <AccountSection id="account-quotes" heading={t.quotesHeading}>
      <AccountList items={account.quotes} empty={t.noQuotes} rows={quoteRows}>
        {(quote) => (
          <>
            <span className="font-semibold text-slate-900">{quote.quoteNumber}</span>
            <span className="text-slate-700">{date(quote.createdAt)}</span>
            {quote.placedBy !== account.email && (
              <span className="basis-full break-all text-slate-600 sm:order-last" data-testid="placed-by">
                {t.quoteRequestedBy({ email: quote.placedBy })}
              </span>
            )}
            <a href={quote.quotePage} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              {t.openQuote}
              <span className="sr-only"> {quote.quoteNumber}</span>
            </a>
          </>
        )}
      </AccountList>
    </AccountSection>
  );
}
