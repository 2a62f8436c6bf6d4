import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { colors } from '../../../shared/catalogue';
import { parseQuantity } from '../../../shared/pricing';
import { formatCount } from '../../lib/format';
import { notify } from '../../lib/notify';
import type { PricedCartLine } from '../cart/cart-model';
import { useCart } from '../cart/cart-context';
import { ProductImage } from '../catalogue/product-image';
import { useCurrency } from '../currency/currency-context';

const methodLabel = { dtg: 'DTG print', screen: 'Screen print' } as const;

/** Quantity input: min and step are the product's minimum; below it waits for blur, then snaps back. */
function QuantityInput({ line }: { line: PricedCartLine }) {
  const { dispatch } = useCart();
  const [text, setText] = useState(String(line.quantity));
  const [shown, setShown] = useState(line.quantity);
  // Another change (e.g. another tab) moved the quantity: follow it.
  if (shown !== line.quantity) {
    setShown(line.quantity);
    setText(String(line.quantity));
  }
  const min = line.product.minQuantity;
  const commit = () => {
    const quantity = parseQuantity(text);
    if (quantity < min) {
      notify.error(`Minimum order is ${min} pcs`);
      setText(String(line.quantity));
      return;
    }
    if (quantity !== line.quantity) dispatch({ type: 'setQuantity', key: line.key, quantity });
  };
  return (
    <input
      type="number"
      inputMode="numeric"
      min={min}
      step={min}
      value={text}
      aria-label={`Quantity of ${line.product.name}`}
      onChange={(event) => {
        setText(event.target.value);
        const quantity = parseQuantity(event.target.value);
        if (quantity >= min && quantity !== line.quantity)
          dispatch({ type: 'setQuantity', key: line.key, quantity });
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      className="w-24 rounded-lg sm:w-28 border border-slate-300 px-3 py-2 text-right text-base tabular-nums focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
    />
  );
}

export function CartLines() {
  const { lines, dispatch } = useCart();
  const { formatPrice } = useCurrency();
  return (
    <ul
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
      aria-label="Products in your cart"
    >
      {lines.map((line) => {
        const color = line.customisation && colors.find((c) => c.id === line.customisation?.color);
        return (
          <li key={line.key} className="flex gap-4 p-4 sm:p-5" data-testid="cart-line">
            <ProductImage
              id={line.product.id}
              name=""
              className="h-20 w-24 shrink-0 rounded-lg bg-slate-50 sm:h-24 sm:w-32"
            />
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="font-semibold text-slate-900">{line.product.name}</h2>
                  <p className="text-sm text-slate-600">
                    <span data-testid="line-unit-price">{formatPrice(line.unitPrice)}</span> / st · min{' '}
                    {formatCount(line.product.minQuantity)} st
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => dispatch({ type: 'remove', key: line.key })}
                  aria-label={`Remove ${line.product.name}`}
                  className="-m-2 rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700"
                >
                  <Trash2 className="size-5" aria-hidden />
                </button>
              </div>
              {line.customisation && (
                <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-700">
                  {color && (
                    <span className="inline-flex items-center gap-1.5">
                      <span
                        className="size-4 rounded-full border border-slate-300"
                        style={{ backgroundColor: color.hex }}
                        aria-hidden
                      />
                      {color.label}
                    </span>
                  )}
                  {line.customisation.prints.map((print) => (
                    <img
                      key={print.method}
                      src={`/api/uploads/${encodeURIComponent(print.uploadId)}`}
                      alt={`${methodLabel[print.method]}, ${print.side}`}
                      title={`${methodLabel[print.method]}, ${print.side}`}
                      width={40}
                      height={40}
                      loading="lazy"
                      className="size-10 rounded border border-slate-200 bg-slate-50 object-contain"
                    />
                  ))}
                </div>
              )}
              <div className="mt-3 flex items-center justify-between gap-3">
                <QuantityInput line={line} />
                <p
                  className="whitespace-nowrap text-right font-semibold tabular-nums text-slate-900"
                  data-testid="line-total"
                >
                  {formatPrice(line.lineTotal)}
                </p>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
