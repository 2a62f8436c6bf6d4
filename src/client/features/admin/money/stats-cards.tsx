import { useQuery } from '@tanstack/react-query';
import { Banknote, Calculator, Landmark, ShoppingBag } from 'lucide-react';
import { formatDate } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { ledgerMessages } from '@/shared/i18n/messages/ledger';
import { formatCount, formatKrDecimal } from '@/shared/money-format';
import { statsQuery } from '@/client/features/admin/admin-api';
import { adminUiMessages } from '@/shared/i18n/messages/admin-ui';
import { useLocale, useT } from '@/client/lib/i18n';

/**
 * SPEC §9: total orders, total turnover (sum of totals), average order value rounded — sv-SE; and
 * the net turnover an accountant reads (the year's documents without VAT, after credit notes), with
 * its period in Stockholm days.
 */
export function StatsCards() {
  const { data } = useQuery(statsQuery());
  const t = useT(adminUiMessages);
  const l = useT(ledgerMessages);
  const { locale } = useLocale();
  const day = (date: string) => formatDate(date, dateLocaleTag[locale]);
  const cards = [
    {
      label: t.totalOrders,
      value: data ? formatCount(data.totalOrders) : '–',
      icon: ShoppingBag,
      id: 'total-orders',
    },
    {
      label: t.totalTurnover,
      value: data ? formatKrDecimal(data.totalTurnover) : '–',
      icon: Banknote,
      id: 'total-turnover',
    },
    {
      label: t.averageOrder,
      value: data ? `${formatCount(Number(data.averageOrderValue))} kr` : '–',
      icon: Calculator,
      id: 'average-order',
    },
    {
      label: l.netTurnover,
      value: data ? formatKrDecimal(data.netTurnover.amount) : '–',
      icon: Landmark,
      id: 'net-turnover',
      note: data ? l.turnoverPeriod({ from: day(data.netTurnover.from), to: day(data.netTurnover.to) }) : '',
    },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
            <card.icon className="size-4 text-brand-700" aria-hidden />
            {card.label}
          </dt>
          <dd data-testid={card.id} className="mt-2 text-2xl font-bold tracking-tight text-slate-900">
            {card.value}
          </dd>
          {'note' in card && (
            <dd className="mt-1 text-xs text-slate-600" data-testid={`${card.id}-period`}>
              {card.note}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
