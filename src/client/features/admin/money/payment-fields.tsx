import { AmountField } from '@/client/features/admin/form-parts';
import { useId, useState } from 'react';
import { stockholmDate } from '@/shared/dates';
import { orderAdminMessages } from '@/shared/i18n/messages/order-admin';
import { Field } from '@/client/components/ui/field';
import { useT } from '@/client/lib/i18n';

/** "5718,75" as typed in Swedish, "5718.75" as the API takes exact decimals. */
const decimalAmount = (typed: string) => typed.trim().replace(',', '.');

/**
 * A payment form's state and fields: by default today (in Stockholm) and `total`; `payment` is what
 * the API takes.
 */
export function usePaymentFields(total: string) {
  const idPrefix = useId();
  const [paidOn, setPaidOn] = useState<string>(() => stockholmDate(new Date()));
  const [amount, setAmount] = useState(total);
  return {
    fields: (
      <PaymentFields
        idPrefix={idPrefix}
        paidOn={paidOn}
        onPaidOn={setPaidOn}
        amount={amount}
        onAmount={setAmount}
      />
    ),
    payment: { paidOn, amountReceived: decimalAmount(amount) },
  };
}

/**
 * The payment's two fields, for an order marked paid and a supplementary invoice's payment: the
 * day the money arrived and the amount received (the server checks both by the same rules).
 */
function PaymentFields(props: {
  idPrefix: string;
  paidOn: string;
  onPaidOn: (day: string) => void;
  amount: string;
  onAmount: (amount: string) => void;
}) {
  const adminText = useT(orderAdminMessages);
  return (
    <>
      <Field id={`${props.idPrefix}-paid-on`} label={adminText.paidOn}>
        {(control) => (
          <input
            {...control}
            type="date"
            required
            value={props.paidOn}
            onChange={(e) => props.onPaidOn(e.target.value)}
          />
        )}
      </Field>
      <AmountField
        id={`${props.idPrefix}-amount`}
        label={adminText.amountReceived}
        value={props.amount}
        onChange={props.onAmount}
      />
    </>
  );
}
