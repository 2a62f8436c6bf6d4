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
  const paidOn = useState<string>(() => stockholmDate(new Date()));
  const amount = useState(total);
  return {
    fields: <PaymentFields idPrefix={idPrefix} paidOn={paidOn} amount={amount} />,
    payment: { paidOn: paidOn[0], amountReceived: decimalAmount(amount[0]) },
  };
}

/** A field's value and its setter, as `useState` gives them. */
type FieldState = readonly [string, (value: string) => void];

/**
 * The payment's two fields, for an order marked paid and a supplementary invoice's payment: the
 * day the money arrived and the amount received (the server checks both by the same rules).
 */
function PaymentFields(props: { idPrefix: string; paidOn: FieldState; amount: FieldState }) {
  const adminText = useT(orderAdminMessages);
  const [paidOn, setPaidOn] = props.paidOn;
  const [amount, setAmount] = props.amount;
  return (
    <>
      <Field id={`${props.idPrefix}-paid-on`} label={adminText.paidOn}>
        {(control) => (
          <input
            {...control}
            type="date"
            required
            value={paidOn}
            onChange={(e) => setPaidOn(e.target.value)}
          />
        )}
      </Field>
      <AmountField
        id={`${props.idPrefix}-amount`}
        label={adminText.amountReceived}
        value={amount}
        onChange={setAmount}
      />
    </>
  );
}
