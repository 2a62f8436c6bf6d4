import { ChevronDown } from 'lucide-react';
import { currencies, isCurrencyCode } from '@/shared/currencies';
import { layoutMessages } from '@/shared/i18n/messages/layout';
import { cn } from '@/client/lib/cn';
import { useT } from '@/client/lib/i18n';
import { useCurrency } from '@/client/state/currency-context';

export function CurrencySelect({ className }: { className?: string }) {
  const { currency, setCurrency } = useCurrency();
  const t = useT(layoutMessages);
  return (
    <label className={cn('relative flex items-center', className)}>
      <span className="sr-only">{t.currency}</span>
      <select
        value={currency.code}
        onChange={(event) => isCurrencyCode(event.target.value) && setCurrency(event.target.value)}
        className="h-10 cursor-pointer appearance-none rounded-lg border border-slate-300 bg-white py-1 pl-2.5 pr-7 text-sm font-medium text-slate-800 hover:border-slate-400"
      >
        {currencies.map((c) => (
          <option key={c.code} value={c.code}>
            {c.code}
          </option>
        ))}
      </select>
      <ChevronDown className="pointer-events-none absolute right-2 size-4 text-slate-500" aria-hidden />
    </label>
  );
}
