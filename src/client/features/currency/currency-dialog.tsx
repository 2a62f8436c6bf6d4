import { Check } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { currencies, type CurrencyCode } from '@/shared/currencies';
import { Dialog } from '@/client/components/ui/dialog';
import { currencyMessages } from '@/shared/i18n/messages/currency';
import { cn } from '@/client/lib/cn';
import { useT } from '@/client/lib/i18n';
import { useCurrency } from '@/client/state/currency-context';

export function CurrencyDialog({ current, onClose }: { current: CurrencyCode; onClose: () => void }) {
  const { setCurrency, country } = useCurrency();
  const t = useT(currencyMessages);
  // Focus sits on the ticked currency, not on the first in the list: a keyboard user confirms the
  // preselection with Enter. The detected country's currency can arrive after the dialog opened;
  // focus follows it while it is still on a currency.
  const ticked = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused.dataset.currency) ticked.current?.focus();
  }, [current]);
  // Dismissed (Esc, close, outside): the preselected currency is the choice, saved like a click.
  const dismiss = () => {
    setCurrency(current);
    onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && dismiss()}
      title={t.title}
      description={country ? t.description : t.descriptionNoCountry}
      initialFocus={ticked}
    >
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {currencies.map((c) => (
          <button
            key={c.code}
            ref={c.code === current ? ticked : undefined}
            data-currency={c.code}
            type="button"
            aria-pressed={c.code === current}
            onClick={() => {
              setCurrency(c.code);
              onClose();
            }}
            className={cn(
              'flex items-center gap-3 rounded-xl border px-4 py-3 text-left transition-colors hover:border-brand-600 hover:bg-brand-50',
              c.code === current ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-200',
            )}
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-lg font-bold text-slate-800">
              {c.symbol}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-slate-900">{c.code}</span>
              <span className="block text-sm text-slate-600">{t[c.code]}</span>
            </span>
            {c.code === current && <Check className="size-5 text-brand-700" aria-hidden />}
          </button>
        ))}
      </div>
      <p className="mt-4 text-center text-xs text-slate-600">{t.footer}</p>
    </Dialog>
  );
}
