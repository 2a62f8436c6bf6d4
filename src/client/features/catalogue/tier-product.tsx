import { Check, ShoppingCart } from 'lucide-react';
import { Slider } from 'radix-ui';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import type { Product } from '../../../shared/catalogue';
import { lineTotal } from '../../../shared/money';
import { useCart } from '../cart/cart-context';
import { useCurrency } from '../currency/currency-context';
import { formatCount } from '../../lib/format';
import { ProductImage } from './product-image';

/** Product page for fixed quantity tiers: a slider picks the tier, the price follows it. */
export function TierProduct({ product }: { product: Product }) {
  const [index, setIndex] = useState(0);
  const { dispatch } = useCart();
  const { formatPrice } = useCurrency();
  const tier = product.tiers[index] ?? product.tiers[0];
  if (!tier) return null;
  const total = lineTotal(tier.pricePerUnit, tier.quantity);
  const first = product.tiers[0];
  const savings = first && first.pricePerUnit > tier.pricePerUnit ? Math.round((1 - tier.pricePerUnit / first.pricePerUnit) * 100) : 0;

  const add = () => {
    dispatch({ type: 'add', productId: product.id, quantity: tier.quantity });
    notify.success(`Added ${tier.quantity} pcs ${product.toastNoun} to cart`);
  };

  return (
    <div className="mt-6 grid gap-10 lg:grid-cols-2">
      <div className="self-start overflow-hidden rounded-3xl border border-slate-200 bg-slate-50 lg:sticky lg:top-24">
        <ProductImage id={product.id} name={product.name} eager className="w-full" />
      </div>
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{product.name}</h1>
        <p className="mt-3 text-lg text-slate-600">{product.description}</p>

        <section aria-labelledby="quantity-title" className="mt-8 rounded-2xl border border-slate-200 p-6 shadow-sm">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="quantity-title" className="text-base font-semibold text-slate-900">
              Choose quantity
            </h2>
            {savings > 0 && (
              <span className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800">Save {savings}%</span>
            )}
          </div>
          <Slider.Root
            className="relative mt-6 flex h-6 w-full touch-none select-none items-center"
            min={0}
            max={product.tiers.length - 1}
            step={1}
            value={[index]}
            onValueChange={([value]) => setIndex(value ?? 0)}
          >
            <Slider.Track className="relative h-2 grow rounded-full bg-slate-200">
              <Slider.Range className="absolute h-full rounded-full bg-brand-700" />
            </Slider.Track>
            <Slider.Thumb
              aria-label="Quantity tier"
              aria-valuetext={`${tier.quantity} pcs`}
              className="block size-6 rounded-full border-2 border-brand-700 bg-white shadow-md hover:bg-brand-50"
            />
          </Slider.Root>
          <div className="mt-2 flex justify-between text-xs text-slate-600" aria-hidden>
            <span>{formatCount(first?.quantity ?? 0)}</span>
            <span>{formatCount(product.tiers.at(-1)?.quantity ?? 0)}</span>
          </div>

          <dl className="mt-6 grid grid-cols-3 gap-2 text-center sm:gap-3" aria-live="polite">
            <div className="rounded-xl bg-slate-50 px-1 py-3 sm:p-3">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Quantity</dt>
              <dd className="mt-1 whitespace-nowrap text-sm font-bold text-slate-900 sm:text-lg" data-testid="tier-quantity">
                {formatCount(tier.quantity)} pcs
              </dd>
            </div>
            <div className="rounded-xl bg-slate-50 px-1 py-3 sm:p-3">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Per unit</dt>
              <dd className="mt-1 whitespace-nowrap text-sm font-bold text-slate-900 sm:text-lg" data-testid="tier-unit-price">
                {formatPrice(tier.pricePerUnit)}
              </dd>
            </div>
            <div className="rounded-xl bg-brand-50 px-1 py-3 sm:p-3">
              <dt className="text-xs font-medium uppercase tracking-wide text-brand-800">Total</dt>
              <dd className="mt-1 whitespace-nowrap text-sm font-bold text-brand-900 sm:text-lg" data-testid="tier-total">
                {formatPrice(total)}
              </dd>
            </div>
          </dl>

          <button
            type="button"
            onClick={add}
            className="mt-6 flex w-full items-center justify-center gap-2 rounded-xl bg-brand-700 px-6 py-3.5 text-base font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            <ShoppingCart className="size-5" aria-hidden />
            Add {tier.quantity} pcs to cart
          </button>
          <p className="mt-3 text-center text-xs text-slate-600">Prices include 25 % VAT · Pay by invoice, 30 days net</p>
        </section>

        <section aria-labelledby="tiers-title" className="mt-8">
          <h2 id="tiers-title" className="text-base font-semibold text-slate-900">
            All price tiers
          </h2>
          <table className="mt-3 w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-2 font-medium">Quantity</th>
                <th scope="col" className="py-2 text-right font-medium">Per unit</th>
                <th scope="col" className="py-2 text-right font-medium">Total</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {product.tiers.map((t, i) => (
                <tr key={t.quantity} className={i === index ? 'bg-brand-50 font-semibold text-brand-900' : 'text-slate-800'}>
                  <td className="py-2 pl-2">
                    <button type="button" onClick={() => setIndex(i)} className="inline-flex items-center gap-1 hover:underline">
                      {i === index && <Check className="size-4" aria-hidden />}
                      {formatCount(t.quantity)} pcs
                    </button>
                  </td>
                  <td className="py-2 text-right tabular-nums">{formatPrice(t.pricePerUnit)}</td>
                  <td className="py-2 pr-2 text-right tabular-nums">{formatPrice(lineTotal(t.pricePerUnit, t.quantity))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </div>
  );
}
