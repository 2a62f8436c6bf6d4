import { useEffect, useId } from 'react';
import { useLocale, useT } from '@/client/lib/i18n';
import { cn } from '@/client/lib/cn';
import { formatDate } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { invoicingMessages } from '@/shared/i18n/messages/invoicing';
import { FIXED_RATE_SOURCE, sekPerUnit, type InvoiceCurrency } from '@/shared/invoicing/invoice-currency';
import { formatEuroDecimal, formatKrDecimal } from '@/shared/money-format';
import type { OrderView } from '@/shared/order-view';
import { rfReference } from '@/shared/invoicing/rf-reference';

/**
 * The checkout's choice of invoice currency, for a buyer outside Sweden only (one in Sweden is
 * always invoiced in SEK). `value` is what the buyer ticked, or the default (EUR when shopping in
 * EUR); the page reports the effective choice back so its summary and the order agree.
 */
export function InvoiceCurrencyChoice(props: {
  country: string;
  value: InvoiceCurrency;
  onChange: (value: InvoiceCurrency) => void;
  onCountry: (country: string) => void;
}) {
  const t = useT(invoicingMessages);
  const id = useId();
  const { country, onCountry } = props;
  useEffect(() => onCountry(country), [country, onCountry]);
  if (country === 'SE') return null;
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4 text-sm" data-testid="invoice-currency">
      <legend className="px-1 font-medium text-slate-800">{t.invoiceCurrency}</legend>
      <div className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {(
          [
            ['EUR', t.currencyEur],
            ['SEK', t.currencySek],
          ] as const
        ).map(([value, label]) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600',
              props.value === value
                ? 'border-brand-700 bg-brand-50 text-brand-900'
                : 'border-slate-300 text-slate-800 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name={`${id}-invoice-currency`}
              value={value}
              checked={props.value === value}
              onChange={() => props.onChange(value)}
              className="size-4 accent-brand-700"
            />
            {label}
          </label>
        ))}
      </div>
      <p className="mt-2 text-slate-600">{t.invoiceCurrencyHint}</p>
    </fieldset>
  );
}

/** One amount of the euro invoice: its label, and the amount (the total in larger type). */
function AmountRow(props: { label: string; testId: string; total?: boolean; children: string }) {
  return (
    <div>
      <dt className="text-slate-600">{props.label}</dt>
      <dd
        className={
          props.total ? 'text-lg font-semibold tabular-nums text-slate-900' : 'tabular-nums text-slate-900'
        }
        data-testid={props.testId}
      >
        {props.children}
      </dd>
    </div>
  );
}

/**
 * A euro invoice's amounts as the confirmation and the order page show them: what to pay and its
 * VAT in EUR, the VAT also in SEK (as the invoice states it, ML 17 kap. 29 §), and the rate.
 */
export function EuroInvoiceRows({ info }: { info: NonNullable<OrderView['invoiceCurrency']> }) {
  const t = useT(invoicingMessages);
  const { locale } = useLocale();
  return (
    <>
      <AmountRow label={t.invoicedInEur} testId="eur-total" total>
        {formatEuroDecimal(info.total)}
      </AmountRow>
      <AmountRow label={t.vatIncluded} testId="eur-vat">
        {formatEuroDecimal(info.vat)}
      </AmountRow>
      <AmountRow label={t.vatInSek} testId="sek-vat">
        {formatKrDecimal(info.vatSek)}
      </AmountRow>
      <p className="text-slate-600" data-testid="exchange-rate">
        {t.exchangeRate({
          perEur: sekPerUnit(info.rate).replace('.', ','),
          source: info.source === FIXED_RATE_SOURCE ? t.fixedRate : info.source,
          date: formatDate(info.date, dateLocaleTag[locale]),
        })}
      </p>
    </>
  );
}

/**
 * A euro invoice's RF creditor reference (ISO 11649) as its PDF gives it beside the OCR: the
 * reference a foreign bank takes (issue 42).
 */
export function RfReferenceRow({ ocr, className }: { ocr: string; className?: string }) {
  const t = useT(invoicingMessages);
  return (
    <div>
      <dt className={cn('text-slate-600', className)}>{t.rfReference}</dt>
      <dd className="font-mono font-semibold text-slate-900" data-testid="rf-reference">
        {rfReference(ocr)}
      </dd>
    </div>
  );
}
