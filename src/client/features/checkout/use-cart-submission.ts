import { useRef } from 'react';
import { useLocation } from 'wouter';
import type { Customer, OrderRequestInput } from '@/shared/checkout-schema';
import { cartOptionMessages } from '@/shared/i18n/messages/cart-options';
import { checkoutPageMessages } from '@/shared/i18n/messages/checkout';
import { deliveryMessages } from '@/shared/i18n/messages/delivery';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { productName } from '@/shared/i18n/messages/product-names';
import { sizeMessages } from '@/shared/i18n/messages/sizes';
import type { InvoiceCurrency } from '@/shared/invoicing/invoice-currency';
import { quotePaths } from '@/shared/quotes';
import { describeSplitProblem } from '@/shared/sizes';
import { stockholmToday } from '@/shared/delivery';
import { neededByError } from '@/client/components/delivery-estimate';
import { ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { useCart } from '@/client/state/cart/cart-context';
import { printFileStore, type filesForOrder } from '@/client/state/print-files';
import { clearCheckoutDraft } from './checkout-draft';
import type { FieldName } from './checkout-form';
import { newIdempotencyKey, placeOrder, saveLastOrder } from './order-api';

/** The customer fields a refusal names, keyed as the form's fields, for the form to show. */
function customerFieldErrors(error: unknown): Partial<Record<FieldName, string>> {
  const fields: Partial<Record<FieldName, string>> = {};
  if (error instanceof ApiError)
    for (const [path, message] of Object.entries(error.fieldErrors))
      if (path.startsWith('customer.')) fields[path.slice('customer.'.length) as FieldName] = message;
  return fields;
}

/**
 * The cart's two ways out: placing the order (POST /api/orders, idempotent per distinct order) and
 * asking for a quote instead (POST /api/quotes), after the checks the buyer can act on here.
 * Each answers the customer fields the server refused, for the form to show.
 */
export function useCartSubmission({
  orderFiles,
  neededBy,
  onNeededByChecked,
  onNeededByServerError,
  invoiceCurrencyFor,
  requestQuote,
}: {
  orderFiles: ReturnType<typeof filesForOrder>;
  neededBy: string;
  onNeededByChecked: () => void;
  onNeededByServerError: (message: string) => void;
  invoiceCurrencyFor: (country: string) => InvoiceCurrency;
  /** POST /api/quotes (the quotes feature's client, given by the page that joins the two). */
  requestQuote: (
    body: Omit<OrderRequestInput, 'idempotencyKey' | 'printFiles'>,
  ) => Promise<{ quoteNumber: string; accessToken: string }>;
}) {
  const { lines, dispatch } = useCart();
  const { locale } = useLocale();
  const t = useT(checkoutPageMessages);
  const printFileTexts = useT(printFileMessages);
  const sizeTexts = useT(sizeMessages);
  const optionTexts = useT(cartOptionMessages);
  const deliveryTexts = useT(deliveryMessages);
  const [, navigate] = useLocation();
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
      return customerFieldErrors(error);
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
      onNeededByChecked();
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

  /** Places the order; `onPlaced` runs once it is (the signed-in buyer's "save this address"). */
  const submit = async (
    customer: Customer,
    onPlaced?: () => void,
  ): Promise<Partial<Record<FieldName, string>>> => {
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
      onPlaced?.();
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
      if (error instanceof ApiError && error.fieldErrors.neededBy)
        onNeededByServerError(error.fieldErrors.neededBy);
      return customerFieldErrors(error);
    }
  };
  return { submit, askQuote };
}
