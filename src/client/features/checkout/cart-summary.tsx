import { pricesIncludeVat, type AmountToPay } from '@/shared/invoicing/vat-treatment';
import { cartOptionMessages } from '@/shared/i18n/messages/cart-options';
import { checkoutPageMessages } from '@/shared/i18n/messages/checkout';
import { invoicingMessages } from '@/shared/i18n/messages/invoicing';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { productName } from '@/shared/i18n/messages/product-names';
import { formatCount, formatEuroDecimal, formatKr } from '@/shared/money-format';
import { milliToDecimalString, type Milli } from '@/shared/money';
import { fallbackRates } from '@/shared/currencies';
import { convertAmount, rateDecimalFrom, type InvoiceCurrency } from '@/shared/invoicing/invoice-currency';
import { buttonClass } from '@/client/components/ui/button';
import { useLocale, useT } from '@/client/lib/i18n';
import { useCart } from '@/client/state/cart/cart-context';
import { useCurrency } from '@/client/state/currency-context';
import type { cartAmountsWithoutVat } from './cart-amounts';

/** Lines whose product left the catalogue: said, each with its own remove button. */
export function UnavailableLines() {
  const { unavailable, dispatch } = useCart();
  const { locale } = useLocale();
  const optionTexts = useT(cartOptionMessages);
  return (
    <>
      {unavailable.length > 0 && (
        <ul className="mt-6 space-y-2" data-testid="unavailable-lines">
          {unavailable.map((line) => {
            const name = productName(locale, { id: line.productId, name: line.productId });
            return (
              <li
                key={line.key}
                role="status"
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
              >
                <span>{optionTexts.unavailable({ name })}</span>
                <button
                  type="button"
                  className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  onClick={() => dispatch({ type: 'remove', key: line.key })}
                >
                  {optionTexts.removeUnavailable({ name })}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/**
 * The cart's sums: items, shipping, the conversion fees, the amount to pay (with VAT, or without
 * it and its reason), and the amount in the invoice's currency when that is not the one shown.
 */
export function CartSummary({
  count,
  rasterFiles,
  conversionFees,
  withoutVat,
  payment,
  formatAmountToPay,
  invoiceCurrency,
}: {
  count: number;
  rasterFiles: number;
  conversionFees: Milli;
  withoutVat: ReturnType<typeof cartAmountsWithoutVat>;
  payment: Pick<AmountToPay, 'treatment' | 'total'>;
  formatAmountToPay: (amount: Milli) => string;
  invoiceCurrency: InvoiceCurrency;
}) {
  const t = useT(checkoutPageMessages);
  const printFileTexts = useT(printFileMessages);
  const it = useT(invoicingMessages);
  const { formatPrice, currency, rates } = useCurrency();
  return (
    <dl className="mt-4 space-y-1 rounded-2xl bg-slate-50 p-5 text-slate-700">
      <div className="flex justify-between">
        <dt>{t.items}</dt>
        <dd className="tabular-nums">{t.count({ n: formatCount(count) })}</dd>
      </div>
      {/* The shop charges no shipping: said here, not left for the buyer to wonder (terms#delivery). */}
      <div className="flex justify-between gap-3" data-testid="cart-shipping">
        <dt>{t.shipping}</dt>
        <dd>{t.shippingIncluded}</dd>
      </div>
      {rasterFiles > 0 && (
        <div className="flex justify-between gap-3" data-testid="conversion-fee">
          <dt>
            {printFileTexts.conversionFee} × {formatCount(rasterFiles)}
          </dt>
          <dd className="whitespace-nowrap tabular-nums" data-testid="conversion-fee-amount">
            {withoutVat ? withoutVat.fees : formatPrice(conversionFees)}
          </dd>
        </div>
      )}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-lg font-semibold text-slate-900">
        <dt>
          {pricesIncludeVat(payment.treatment) ? (
            <>
              {t.total} <span className="text-sm font-normal text-slate-600">{t.inclVat}</span>
            </>
          ) : (
            <>
              {it.toPay} <span className="text-sm font-normal text-slate-600">{it[payment.treatment]}</span>
            </>
          )}
        </dt>
        <dd className="ml-auto whitespace-nowrap tabular-nums" data-testid="cart-total">
          {withoutVat ? withoutVat.total : formatAmountToPay(payment.total)}
        </dd>
      </div>
      {invoiceCurrency === 'EUR' ? (
        <div className="flex flex-wrap justify-between gap-x-3 text-sm">
          <dt>{it.invoicedInEur}</dt>
          <dd className="ml-auto whitespace-nowrap tabular-nums" data-testid="cart-total-eur">
            {formatEuroDecimal(
              convertAmount(
                milliToDecimalString(payment.total),
                rateDecimalFrom(rates.EUR) ?? String(fallbackRates.EUR),
              ),
            )}
          </dd>
        </div>
      ) : (
        currency.code !== 'SEK' && (
          <div className="flex flex-wrap justify-between gap-x-3 text-sm">
            <dt>{t.invoicedInSek}</dt>
            <dd className="ml-auto whitespace-nowrap tabular-nums" data-testid="cart-total-sek">
              {formatKr(payment.total)}
            </dd>
          </div>
        )
      )}
    </dl>
  );
}
