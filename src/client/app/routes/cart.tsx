import type { AmountToPay } from '@/shared/invoicing/vat-treatment';
import { ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { refreshCatalogue } from '@/client/lib/catalogue';
import { Link } from 'wouter';
import { useCart } from '@/client/state/cart/cart-context';
import { CartLines } from '@/client/features/checkout/cart-lines';
import { useCurrency } from '@/client/state/currency-context';
import { sizeMessages } from '@/shared/i18n/messages/sizes';
import { productName } from '@/shared/i18n/messages/product-names';
import { useLocale, useT } from '@/client/lib/i18n';
import { checkoutPageMessages } from '@/shared/i18n/messages/checkout';
import { CartDelivery, neededByError } from '@/client/components/delivery-estimate';
import { stockholmToday } from '@/shared/delivery';
import { deliveryMessages } from '@/shared/i18n/messages/delivery';
import { sumMilli } from '@/shared/money';
import { defaultInvoiceCurrency, type InvoiceCurrency } from '@/shared/invoicing/invoice-currency';
import { InvoiceCurrencyChoice } from '@/client/components/invoice-currency';
import { CONVERSION_FEE } from '@/shared/terms';
import { PrintFilesPanel } from '@/client/features/checkout/print-files-panel';
import { distinctRasterFiles, filesForOrder, usePrintFiles } from '@/client/state/print-files';
import { useShopContact } from '@/client/lib/shop-contact';
import { buttonClass } from '@/client/components/ui/button';
import { readCheckoutExtras, writeCheckoutExtras } from '@/client/features/checkout/checkout-draft';
import { useHydrated } from '@/client/lib/hydration';
import { cartAmountsWithoutVat, exactPrice } from '@/client/features/checkout/cart-amounts';
import { CartSummary, UnavailableLines } from '@/client/features/checkout/cart-summary';
import { useCartSubmission } from '@/client/features/checkout/use-cart-submission';
import { requestQuote } from '@/client/features/quotes/quote-api';
import { addAddress, fetchCheckoutPrefill } from '@/client/features/account/account-api';
import type { CheckoutPrefill } from '@/shared/account';
import type { Customer } from '@/shared/checkout-schema';
import { addressMessages } from '@/shared/i18n/messages/account-addresses';
import { labelFromAddress } from '@/shared/saved-address';
import { ApiError } from '@/client/lib/api';
import { notify } from '@/client/lib/notify';

/**
 * A signed-in buyer's details and saved addresses for the form (decision 0076); signed out, or
 * if the answer fails, the form is as it always was.
 */
function useCheckoutAccount() {
  const [prefill, setPrefill] = useState<CheckoutPrefill | undefined>();
  useEffect(() => {
    fetchCheckoutPrefill().then(setPrefill, () => undefined);
  }, []);
  const at = useT(addressMessages);
  /** After the order is placed: the delivery address saved in the account, named by its first line. */
  const saveDeliveryAddress = (customer: Customer) => {
    addAddress({
      label: labelFromAddress(customer.address),
      country: customer.country,
      address: customer.address,
    }).then(
      () => notify.success(at.savedAfterOrder),
      (error: unknown) =>
        notify.error(at.saveAfterOrderFailed, {
          ...(error instanceof ApiError ? { description: error.message } : {}),
        }),
    );
  };
  return { account: prefill?.signedIn ? prefill : undefined, saveDeliveryAddress };
}

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
  const { lines, total: goodsTotal, count } = useCart();
  // Today's catalogue before checkout: a changed price or a product taken off sale shows here.
  useEffect(() => {
    void refreshCatalogue().catch(() => undefined);
  }, []);
  const { locale } = useLocale();
  const t = useT(checkoutPageMessages);
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
  const { currency, rate } = useCurrency();
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
  const sizeTexts = useT(sizeMessages);
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
  const { account, saveDeliveryAddress } = useCheckoutAccount();
  const { submit, askQuote } = useCartSubmission({
    orderFiles,
    neededBy,
    onNeededByChecked: () => setNeededByChecked(true),
    onNeededByServerError: setNeededByServerError,
    invoiceCurrencyFor,
    requestQuote,
  });

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t.heading}</h1>
      <UnavailableLines />
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
            <CartSummary
              count={count}
              rasterFiles={rasterFiles}
              conversionFees={conversionFees}
              withoutVat={withoutVat}
              payment={payment}
              formatAmountToPay={formatAmountToPay}
              invoiceCurrency={invoiceCurrency}
            />
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
                onSubmit={(customer, { saveAddress }) =>
                  submit(customer, saveAddress ? () => saveDeliveryAddress(customer) : undefined)
                }
                onAskQuote={askQuote}
                account={account}
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
