import '@/client/lib/zod-csp';
import type { CheckoutFormProps } from './checkout-form-values';
import { useCheckoutForm } from './use-checkout-form';
import {
  AddressFields,
  AskQuote,
  CustomerFields,
  PrefilledNote,
  InvoicingFields,
  PaymentSummary,
  TermsAndSubmit,
} from './checkout-form-sections';

export {
  blankCustomer,
  type CheckoutAccount,
  type CheckoutFormProps,
  type CustomerFormValues,
  type FieldName,
} from './checkout-form-values';

/** The contact and delivery form of the cart (SPEC §2, messages SPEC §5), validated by the shared schema. */
export function CheckoutForm({
  total,
  onPaymentChange,
  formatPrice,
  onSubmit,
  onAskQuote,
  note,
  delivery,
  account,
}: CheckoutFormProps) {
  const form = useCheckoutForm({ total, onPaymentChange, formatPrice, onSubmit, onAskQuote, account });
  const { id, t, submit, country } = form;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={id('title')} className="space-y-5">
      <h2 id={id('title')} className="text-xl font-semibold text-slate-900">
        {t.formHeading}
      </h2>
      <PrefilledNote form={form} />

      <CustomerFields form={form} />
      <AddressFields form={form} />

      {delivery?.(country)}

      <InvoicingFields form={form} />

      <PaymentSummary form={form} />

      {note}

      <TermsAndSubmit form={form} />
      {onAskQuote && <AskQuote form={form} />}
    </form>
  );
}
