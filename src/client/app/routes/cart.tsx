import { ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import type { Customer } from '../../../shared/checkout-schema';
import { ApiError } from '../../lib/api';
import { formatCount, formatSek } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useCart } from '../../features/cart/cart-context';
import { CartLines } from '../../features/checkout/cart-lines';
import type { FieldName } from '../../features/checkout/checkout-form';
import { newIdempotencyKey, placeOrder, saveLastOrder } from '../../features/checkout/order-api';
import { useCurrency } from '../../features/currency/currency-context';

// The form and its validation (zod, react-hook-form) load only when the cart has something to order.
const CheckoutForm = lazy(() =>
  import('../../features/checkout/checkout-form').then((m) => ({ default: m.CheckoutForm })),
);

function EmptyCart() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <ShoppingBag className="size-14 text-slate-400" aria-hidden />
      <h2 className="mt-4 text-2xl font-semibold text-slate-900">Your cart is empty</h2>
      <p className="mt-2 text-slate-600">Add products to continue</p>
      <Link
        href="/products"
        className="mt-8 rounded-xl bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Browse Products
      </Link>
    </div>
  );
}

export function CartPage() {
  const { lines, total, count, dispatch } = useCart();
  const { formatPrice, currency } = useCurrency();
  const [, navigate] = useLocation();
  // One idempotency key per distinct order: a retry of the same order (double click, lost answer)
  // reuses it and gets the same order back; a changed order gets a new key.
  const attempt = useRef<{ key: string; body: string } | undefined>(undefined);

  const submit = async (customer: Customer): Promise<Partial<Record<FieldName, string>>> => {
    if (lines.length === 0) {
      notify.error('Cart is empty');
      return {};
    }
    const order = {
      customer,
      lines: lines.map(({ productId, quantity, customisation }) => ({
        productId,
        quantity,
        ...(customisation ? { customisation } : {}),
      })),
    };
    const body = JSON.stringify(order);
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    try {
      const placed = await placeOrder({ idempotencyKey: attempt.current.key, ...order });
      attempt.current = undefined;
      saveLastOrder({ orderNumber: placed.orderNumber, accessToken: placed.accessToken });
      navigate('/confirmation');
      dispatch({ type: 'clear' });
      notify.success('Order received!');
      return {};
    } catch (error) {
      // The server answered and refused: the next attempt is a new request. Network errors keep the key.
      if (error instanceof ApiError && error.status < 500) attempt.current = undefined;
      const description =
        error instanceof ApiError ? error.message : 'Please check your connection and try again.';
      notify.error('Could not save order', { description });
      const fields: Partial<Record<FieldName, string>> = {};
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(error.fieldErrors)) {
          if (path.startsWith('customer.')) fields[path.slice('customer.'.length) as FieldName] = message;
        }
      }
      return fields;
    }
  };

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
      <title>Cart — BulkPrint</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Cart</h1>
      {lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start">
          <section aria-label="Order" className="lg:sticky lg:top-24">
            <CartLines />
            <dl className="mt-4 space-y-1 rounded-2xl bg-slate-50 p-5 text-slate-700">
              <div className="flex justify-between">
                <dt>Items</dt>
                <dd className="tabular-nums">{formatCount(count)} st</dd>
              </div>
              <div className="flex items-baseline justify-between gap-3 text-lg font-semibold text-slate-900">
                <dt>
                  Total <span className="text-sm font-normal text-slate-600">incl. 25 % VAT</span>
                </dt>
                <dd className="whitespace-nowrap tabular-nums" data-testid="cart-total">
                  {formatPrice(total)}
                </dd>
              </div>
              {currency.code !== 'SEK' && (
                <div className="flex justify-between text-sm">
                  <dt>Invoiced in SEK</dt>
                  <dd className="tabular-nums">{formatSek(total)}</dd>
                </div>
              )}
            </dl>
          </section>
          <section className="rounded-2xl border border-slate-200 p-5 shadow-sm sm:p-6" aria-label="Checkout">
            <Suspense fallback={<div className="min-h-[44rem]" aria-busy="true" />}>
              <CheckoutForm
                totalLabel={formatPrice(total)}
                onSubmit={submit}
                note={
                  <p className="text-sm text-slate-600">
                    You pay by bank transfer after ordering: the invoice (30 days net) comes with your order
                    number.
                  </p>
                }
              />
            </Suspense>
          </section>
        </div>
      )}
    </main>
  );
}
