import type { PriceTier } from '@/shared/catalogue';
import { lineTotal } from '@/shared/money';
import { formatCount } from '@/shared/money-format';
import { priceSummaryMessages } from '@/shared/i18n/messages/price-summary';
import { useT } from '@/client/lib/i18n';
import { useCurrency } from '@/client/state/currency-context';
import { cn } from '@/client/lib/cn';

export interface PriceSummaryProps {
  quantity: number;
  /** The tier whose price applies; undefined while the quantity is refused (prices show a dash). */
  tier: PriceTier | undefined;
  /** The next cheaper tier, offered in a note below; undefined at the top tier or while refused. */
  nextTier?: PriceTier | undefined;
  /** Layout only (margins). */
  className?: string;
}

/**
 * What an amount of a product costs: quantity, unit price and total side by side, and what the next
 * tier would cost. The tier product page and the customiser both show it, in the chosen currency.
 */
export function PriceSummary({ quantity, tier, nextTier, className }: PriceSummaryProps) {
  const t = useT(priceSummaryMessages);
  const { formatPrice, formatUnitPrice } = useCurrency();
  const facts = [
    { label: t.quantity, value: t.pieces({ n: formatCount(quantity) }), testId: 'summary-quantity' },
    {
      label: t.unitPrice,
      value: tier ? formatUnitPrice(tier.pricePerUnit) : '–',
      testId: 'summary-unit-price',
    },
    {
      label: t.total,
      value: tier ? formatPrice(lineTotal(tier.pricePerUnit, quantity)) : '–',
      testId: 'summary-total',
      stressed: true,
    },
  ];
  return (
    <div aria-live="polite" className={className}>
      <dl className="grid grid-cols-3 gap-2 text-center sm:gap-3">
        {facts.map((fact) => (
          <div
            key={fact.testId}
            className={cn('rounded-xl px-1 py-3 sm:p-3', fact.stressed ? 'bg-brand-50' : 'bg-slate-50')}
          >
            <dt
              className={cn(
                'text-xs font-medium uppercase tracking-wide',
                fact.stressed ? 'text-brand-800' : 'text-slate-600',
              )}
            >
              {fact.label}
            </dt>
            <dd
              className={cn(
                'mt-1 whitespace-nowrap text-sm font-bold tabular-nums sm:text-lg',
                fact.stressed ? 'text-brand-900' : 'text-slate-900',
              )}
              data-testid={fact.testId}
            >
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
      {tier && nextTier && (
        <p className="mt-3 text-sm text-slate-700" data-testid="summary-next-tier">
          {t.nextTier({
            more: formatCount(nextTier.quantity - quantity),
            n: formatCount(nextTier.quantity),
            price: formatUnitPrice(nextTier.pricePerUnit),
            total: formatPrice(lineTotal(nextTier.pricePerUnit, nextTier.quantity)),
          })}
        </p>
      )}
    </div>
  );
}
