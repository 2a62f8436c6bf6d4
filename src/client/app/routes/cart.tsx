import { pricesIncludeVat } from '@/shared/invoicing/vat-treatment';
import { cartOptionMessages } from '@/shared/i18n/messages/cart-options';
import { ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { refreshCatalogue } from '@/client/lib/catalogue';
import { Link, useLocation } from 'wouter';
import type { Customer } from '@/shared/checkout-schema';
import { ApiError } from '@/client/lib/api';
import { formatCount, formatEuroDecimal, formatKr } from '@/shared/money-format';
import { notify } from '@/client/lib/notify';
import { useCart } from '@/client/state/cart/cart-context';
import { CartLines } from '@/client/features/checkout/cart-lines';
import type { FieldName } from '@/client/features/checkout/checkout-form';
import { newIdempotencyKey, placeOrder, saveLastOrder } from '@/client/features/checkout/order-api';
import { requestQuote } from '@/client/features/quotes/quote-api';
import { quotePaths } from '@/shared/quotes';
import { useCurrency } from '@/client/state/currency-context';
import { sizeMessages } from '@/shared/i18n/messages/sizes';
import { describeSplitProblem } from '@/shared/sizes';
import { productName } from '@/shared/i18n/messages/product-names';
import { useLocale, useT } from '@/client/lib/i18n';
import { checkoutPageMessages } from '@/shared/i18n/messages/checkout';
import { CartDelivery, neededByError } from '@/client/components/delivery-estimate';
import { stockholmToday } from '@/shared/delivery';
import { deliveryMessages } from '@/shared/i18n/messages/delivery';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { milliToDecimalString, sumMilli } from '@/shared/money';
import { fallbackRates } from '@/shared/currencies';
import {
  convertAmount,
  defaultInvoiceCurrency,
  rateDecimalFrom,
  type InvoiceCurrency,
} from '@/shared/invoicing/invoice-currency';
import { InvoiceCurrencyChoice } from '@/client/components/invoice-currency';
import { CONVERSION_FEE } from '@/shared/terms';
import { PrintFilesPanel } from '@/client/features/checkout/print-files-panel';
import {
  distinctRasterFiles,
  filesForOrder,
  printFileStore,
  usePrintFiles,
} from '@/client/state/print-files';
import { useShopContact } from '@/client/lib/shop-contact';
import { buttonClass } from '@/client/components/ui/button';
import {
  clearCheckoutDraft,
  readCheckoutExtras,
  writeCheckoutExtras,
} from '@/client/features/checkout/checkout-draft';
import type { AmountToPay } from '@/shared/invoicing/vat-treatment';
import { invoicingMessages } from '@/shared/i18n/messages/invoicing';
import { useHydrated } from '@/client/lib/hydration';
import { cartAmountsWithoutVat, exactPrice } from '@/client/features/checkout/cart-amounts';

// The form and its validation (zod, react-hook-form) load only when the cart has something to order.
const CheckoutForm = lazy(() =>
  import('@/client/features/checkout/checkout-form').then((m) => ({ default: m.CheckoutForm })),
);

function EmptyCart() {
  const t = useT(checkoutPageMessages);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <ShoppingBag className="size-14 text-slate-400" aria-hidden />
      <h2 className="mt-4 text-2xl font-semibold text-slate-900">{t.empty}</h2>
      <p className="mt-2 text-slate-600">{t.emptyHint}</p>
      <Link href="/products" className={buttonClass({ size: 'lg', className: 'mt-8' })}>
        {t.browseProducts}
      </Link>
    </div>
  );
}

/**
 * The cart. The server renders its frame (header, heading, footer) so the page paints before its
 * scripts run; the cart itself lives in this browser's storage, so until hydration the lines' place
 * holds the empty cart's box, hidden: a buyer with lines never sees "empty", and an empty cart
 * appears in place without moving the page.
 */
export function CartPage() {
  const t = useT(checkoutPageMessages);
  if (!useHydrated())
    return (
      <main id="main" className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t.heading}</h1>
        <div className="invisible" aria-hidden="true">
          <EmptyCart />
        </div>
      </main>
    );
  return <Cart />;
}

function Cart() {
  const { lines, unavailable, total: goodsTotal, count, dispatch } = useCart();
  // Today's catalogue before checkout: a changed price or a product taken off sale shows here.
  useEffect(() => {
    void refreshCatalogue().catch(() => undefined);
  }, []);
  const { locale } = useLocale();
  const t = useT(checkoutPageMessages);
  const printFileTexts = useT(printFileMessages);
  const shop = useShopContact();
  // Print files go with the order; each raster one adds the conversion fee (the server prices it again).
  const orderFiles = filesForOrder(usePrintFiles(), lines);
  const rasterFiles = distinctRasterFiles(orderFiles);
  const conversionFees = sumMilli(Array.from({ length: rasterFiles }, () => CONVERSION_FEE));
  const total = sumMilli([goodsTotal, conversionFees]);
  // What the buyer pays as the form computes it (amountToPay, the server's computation too), so
  // both summaries show one amount; before the form has loaded, the prices as shown (Swedish VAT).
  const [reported, setReported] = useState<AmountToPay | undefined>();
  const payment = reported ?? { treatment: 'domestic' as const, total, ossTenths: null };
  const it = useT(invoicingMessages);
  const { formatPrice, currency, rate, rates } = useCurrency();
  // The amount to pay converted exactly, as the invoice in EUR converts it (one amount everywhere).
  const formatAmountToPay = exactPrice(currency, rate);
  // Reverse charge and export: the lines and the fee without VAT, adding up to the amount to pay.
  const withoutVat = cartAmountsWithoutVat(
    lines.map((line) => line.lineTotal),
    Array.from({ length: rasterFiles }, () => CONVERSION_FEE),
    payment.treatment,
    currency,
    rate,
    payment.ossTenths,
  );
  const [, navigate] = useLocation();
  const sizeTexts = useT(sizeMessages);
  const optionTexts = useT(cartOptionMessages);
  const deliveryTexts = useT(deliveryMessages);
  // Optional; sent only when given. Its error: ours before sending, or the server's answer.
  // Both kept with the typed form for this tab (a trip to the products page or a reload keeps them).
  const [extras] = useState(readCheckoutExtras);
  const [neededBy, setNeededBy] = useState(extras.neededBy);
  const [neededByServerError, setNeededByServerError] = useState<string | undefined>();
  const [neededByChecked, setNeededByChecked] = useState(false);
  // The invoice currency: what the buyer ticked, else EUR for one outside Sweden shopping in EUR.
  const [chosenCurrency, setChosenCurrency] = useState<InvoiceCurrency | undefined>(extras.invoiceCurrency);
  useEffect(() => {
    writeCheckoutExtras({ neededBy, invoiceCurrency: chosenCurrency });
  }, [neededBy, chosenCurrency]);
  const [formCountry, setFormCountry] = useState('SE');
  const invoiceCurrencyFor = (country: string): InvoiceCurrency =>
    country === 'SE' ? 'SEK' : (chosenCurrency ?? defaultInvoiceCurrency(currency.code, country));
  const invoiceCurrency = invoiceCurrencyFor(formCountry);
  const unsizedNames = lines
    .filter((line) => line.sizeProblem)
    .map((line) => productName(locale, line.product));
  // One idempotency key per distinct order: a retry of the same order (double click, lost answer)
  // reuses it and gets the same order back; a changed order gets a new key.
  const attempt = useRef<{ key: string; body: string } | undefined>(undefined);

  /** The same request body, the same checks, then POST /api/quotes and on to the quote's page. */
  const askQuote = async (customer: Customer): Promise<Partial<Record<FieldName, string>>> => {
    const order = cartOrder(customer);
    if (!order) return {};
    try {
      const quote = await requestQuote({
        customer,
        lines: order.lines.map(({ printFile: _afterAcceptance, ...line }) => line),
        ...(order.neededBy ? { neededBy: order.neededBy } : {}),
        ...(order.invoiceCurrency ? { invoiceCurrency: order.invoiceCurrency } : {}),
      });
      clearCheckoutDraft();
      navigate(quotePaths.page(quote.quoteNumber, quote.accessToken));
      return {};
    } catch (error) {
      notify.error(t.saveFailed, {
        description: error instanceof ApiError ? error.message : t.checkConnection,
      });
      const fields: Partial<Record<FieldName, string>> = {};
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(error.fieldErrors)) {
          if (path.startsWith('customer.')) fields[path.slice('customer.'.length) as FieldName] = message;
        }
      }
      return fields;
    }
  };

  /**
   * The cart as POST /api/orders takes it, after the checks the buyer can act on here (options,
   * sizes, needed-by date); undefined when one refused (said and focused already).
   */
  const cartOrder = (customer: Customer) => {
    if (lines.length === 0) {
      notify.error(t.cartEmpty);
      return undefined;
    }
    const unchosen = lines.filter((line) => line.optionsProblem);
    if (unchosen.length > 0) {
      notify.error(optionTexts.checkoutBlocked, {
        description: unchosen.map((line) => productName(locale, line.product)).join(' · '),
      });
      document.querySelector<HTMLElement>('[data-needs-options] select')?.focus();
      return undefined;
    }
    const unsized = lines.filter((line) => line.sizeProblem);
    if (unsized.length > 0) {
      notify.error(sizeTexts.checkoutBlocked, {
        description: unsized
          .map((line) =>
            line.sizeProblem
              ? `${productName(locale, line.product)}: ${describeSplitProblem(sizeTexts, line.sizeProblem)}`
              : '',
          )
          .join(' · '),
      });
      document.querySelector<HTMLElement>('[data-needs-sizes] input')?.focus();
      return undefined;
    }
    const neededByProblem = neededByError(neededBy, stockholmToday(), deliveryTexts);
    if (neededByProblem) {
      setNeededByChecked(true);
      notify.error(neededByProblem);
      document.querySelector<HTMLElement>('input[name="neededBy"]')?.focus();
      return undefined;
    }
    const invoiceIn = invoiceCurrencyFor(customer.country);
    const order = {
      ...(neededBy === '' ? {} : { neededBy }),
      ...(invoiceIn === 'SEK' ? {} : { invoiceCurrency: invoiceIn }),
      customer,
      lines: lines.map(
        ({ productId, quantity, customisation, sizes, options, notes, printFileId, group }) => ({
          productId,
          quantity,
          ...(customisation ? { customisation } : {}),
          ...(sizes ? { sizes } : {}),
          ...(options ? { options } : {}),
          ...(notes ? { notes } : {}),
          ...(group ? { group } : {}),
          // Only a file still among the cart's print files (one removed there goes from its line too).
          ...(printFileId && orderFiles.some((file) => file.id === printFileId)
            ? { printFile: printFileId }
            : {}),
        }),
      ),
      ...(orderFiles.length > 0 ? { printFiles: orderFiles.map((file) => file.id) } : {}),
    };
    return order;
  };

  const submit = async (customer: Customer): Promise<Partial<Record<FieldName, string>>> => {
    const order = cartOrder(customer);
    if (!order) return {};
    const body = JSON.stringify(order);
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    try {
      const placed = await placeOrder({ idempotencyKey: attempt.current.key, ...order });
      attempt.current = undefined;
      saveLastOrder({ orderNumber: placed.orderNumber, accessToken: placed.accessToken });
      clearCheckoutDraft();
      navigate('/confirmation');
      dispatch({ type: 'clear' });
      printFileStore.clear();
      notify.success(t.orderReceived);
      return {};
    } catch (error) {
      // The server answered and refused: the next attempt is a new request. Network errors keep the key.
      if (error instanceof ApiError && error.status < 500) attempt.current = undefined;
      // A print file the server no longer has (expired, or another order's): drop it, say so.
      const lostFiles =
        error instanceof ApiError
          ? Object.keys(error.fieldErrors).flatMap((path) => {
              const match = /^printFiles\.(\d+)$/.exec(path);
              const file = match ? orderFiles[Number(match[1])] : undefined;
              return file ? [file] : [];
            })
          : [];
      for (const file of lostFiles) printFileStore.remove(file.id);
      const description =
        lostFiles.length > 0
          ? `${printFileTexts.unknownFile} (${lostFiles.map((file) => file.name).join(', ')})`
          : error instanceof ApiError
            ? error.message
            : t.checkConnection;
      notify.error(t.saveFailed, { description });
      const fields: Partial<Record<FieldName, string>> = {};
      if (error instanceof ApiError) {
        if (error.fieldErrors.neededBy) setNeededByServerError(error.fieldErrors.neededBy);
        for (const [path, message] of Object.entries(error.fieldErrors)) {
          if (path.startsWith('customer.')) fields[path.slice('customer.'.length) as FieldName] = message;
        }
      }
      return fields;
    }
  };

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t.heading}</h1>
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
      {lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start">
          <section aria-label={t.orderSection} className="min-w-0 lg:sticky lg:top-24">
            <CartLines shownWithoutVat={withoutVat?.lines} />
            <PrintFilesPanel
              files={orderFiles}
              lines={lines}
              shopEmail={shop?.email}
              treatment={payment.treatment}
              ossTenths={payment.ossTenths}
            />
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
                      {it.toPay}{' '}
                      <span className="text-sm font-normal text-slate-600">{it[payment.treatment]}</span>
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
          </section>
          <section
            className="rounded-2xl border border-slate-200 p-5 shadow-sm sm:p-6"
            aria-label={t.checkoutSection}
          >
            <Suspense fallback={<div className="min-h-[44rem]" aria-busy="true" />}>
              <CheckoutForm
                total={total}
                onPaymentChange={setReported}
                formatPrice={formatAmountToPay}
                onSubmit={submit}
                onAskQuote={askQuote}
                delivery={(country) => (
                  <>
                    <CartDelivery
                      productIds={lines.map((line) => line.productId)}
                      country={country}
                      neededBy={neededBy}
                      onNeededByChange={(value) => {
                        setNeededBy(value);
                        setNeededByServerError(undefined);
                        setNeededByChecked(false);
                      }}
                      error={
                        neededByServerError ??
                        (neededByChecked
                          ? neededByError(neededBy, stockholmToday(), deliveryTexts)
                          : undefined)
                      }
                    />
                    <InvoiceCurrencyChoice
                      country={country}
                      value={invoiceCurrencyFor(country)}
                      onChange={setChosenCurrency}
                      onCountry={setFormCountry}
                    />
                  </>
                )}
                note={
                  <>
                    {unsizedNames.length > 0 && (
                      <p
                        role="status"
                        className="rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-950 ring-1 ring-amber-200"
                        data-testid="sizes-needed"
                      >
                        {sizeTexts.checkoutBlocked}: {unsizedNames.join(', ')}
                      </p>
                    )}
                    <p className="text-sm text-slate-600">{t.paymentNote}</p>
                  </>
                }
              />
            </Suspense>
          </section>
        </div>
      )}
    </main>
  );
}
