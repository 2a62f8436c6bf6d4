import {
  formatCount,
  formatEuroDecimal,
  formatKrDecimal,
  formatUnitAmount,
  formatUnitPriceDecimal,
} from '@/shared/money-format';
import type { OrderView } from '@/shared/order-view';
import { confirmationMessages } from '@/shared/i18n/messages/confirmation';
import { useT } from '@/client/lib/i18n';

/**
 * An order's lines and sums as the server worded them (OrderView `lines[].text`, `price`): the
 * confirmation page and the order page render this one list, so a line reads the same on both
 * and as in the buyer's emails and invoice.
 */
export function OrderLines({ order }: { order: OrderView }) {
  const t = useT(confirmationMessages);
  // A euro invoice's buyer reads its own EUR figures (issue 42), never today's rate; the VAT in SEK
  // the law asks for is beside the amount to pay (EuroInvoiceRows).
  const euro = order.invoiceCurrency;
  const money = (sek: string, eur: string | undefined) =>
    euro && eur !== undefined ? formatEuroDecimal(eur) : formatKrDecimal(sek);
  return (
    <>
      <ul className="mt-3 divide-y divide-slate-100">
        {order.lines.map((line, index) => (
          <li key={index} className="py-3" data-testid="order-line">
            <div className="flex flex-wrap justify-between gap-x-3 gap-y-1">
              <span className="min-w-0 font-semibold break-words text-slate-900">
                <span data-testid="line-quantity">{t.count({ n: formatCount(line.quantity) })}</span> ×{' '}
                <span data-testid="line-name">{line.text.name}</span>
              </span>
              <span className="tabular-nums whitespace-nowrap text-slate-900" data-testid="line-amount">
                {money(line.price.total, line.priceInCurrency?.total)}
              </span>
            </div>
            <p className="mt-0.5 text-xs text-slate-600 tabular-nums">
              {euro && line.priceInCurrency
                ? `${formatUnitAmount(Number(line.priceInCurrency.unit))} €`
                : formatUnitPriceDecimal(line.price.unit)}{' '}
              {t.perUnit}
            </p>
            {line.printFileName && (
              <p className="mt-0.5 text-xs break-words text-slate-600">{line.printFileName}</p>
            )}
            {line.text.details.length > 0 && (
              <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                {line.text.details.map((detail) => (
                  <li
                    key={detail.part}
                    data-testid={`line-${detail.part}`}
                    className="break-words whitespace-pre-wrap"
                  >
                    {detail.text}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {/* Below the lines, not in a table footer: the amounts stay in view on the narrowest phone. */}
      <dl className="mt-1 space-y-1 border-t border-slate-200 pt-3 text-sm text-slate-700">
        <div className="flex justify-between gap-3" data-testid="order-shipping">
          <dt>{t.shipping}</dt>
          <dd>{t.shippingIncluded}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>{t.exVat}</dt>
          <dd className="tabular-nums whitespace-nowrap">{money(order.exVat, euro?.net)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>{t.vat({ percent: order.vatPercent })}</dt>
          <dd className="tabular-nums whitespace-nowrap">{money(order.vat, euro?.vat)}</dd>
        </div>
        <div className="flex justify-between gap-3 text-base font-semibold text-slate-900">
          <dt>{t.total}</dt>
          <dd className="tabular-nums whitespace-nowrap" data-testid="order-total">
            {money(order.total, euro?.total)}
          </dd>
        </div>
      </dl>
    </>
  );
}
