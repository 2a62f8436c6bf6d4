import { XCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { orderCancelMessages } from '@/shared/i18n/messages/order-cancel';
import { MAX_CANCEL_REASON, orderCancelPath, type CancelOrderAnswer } from '@/shared/order-cancel';
import { orderTokenHeader, type OrderView } from '@/shared/order-view';
import { ApiError, apiFetch } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { useShopContact } from '@/client/lib/shop-contact';
import { Button } from '@/client/components/ui/button';
import { TextAreaField } from '@/client/components/ui/field';
import type { OrderAccess } from './order-page-api';

/** POST /api/orders/:number/cancel with the token in the header (never in the page's URL). */
function sendCancellation(access: OrderAccess, reason: string): Promise<CancelOrderAnswer> {
  return apiFetch<CancelOrderAnswer>(orderCancelPath(access.orderNumber), {
    method: 'POST',
    headers: { [orderTokenHeader]: access.token },
    json: reason.trim() === '' ? {} : { reason },
  });
}

/**
 * The buyer's cancellation on the order page: free until the proof is approved (the terms), so
 * until then a button with a confirmation step and an optional reason; afterwards one line saying
 * that cancelling is a request to the shop. Nothing once the order is shipped or cancelled.
 */
export function CancelOrder(props: { order: OrderView; access: OrderAccess; onCancelled: () => void }) {
  const t = useT(orderCancelMessages);
  const seller = useShopContact();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const { order } = props;
  if (order.status === 'cancelled' || order.status === 'shipped') return null;

  if (!order.cancellable)
    return seller ? (
      <p className="text-sm text-slate-700 md:col-span-2" data-testid="order-cancel-request">
        {t.afterApproval({ email: seller.email })}
      </p>
    ) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await sendCancellation(props.access, reason);
      notify.success(t.cancelled({ number: order.orderNumber }));
      props.onCancelled();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t.failed);
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      data-testid="order-cancel"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 md:col-span-2"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {t.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t.freeUntilApproval}</p>
      {confirming ? (
        <form
          className="mt-4 rounded-xl bg-red-50 p-4 ring-1 ring-red-200"
          noValidate
          onSubmit={(event) => void submit(event)}
          data-testid="order-cancel-confirm"
        >
          <p className="font-semibold text-red-950">{t.confirmHeading}</p>
          <p className="mt-1 text-sm text-red-950">{t.confirmText({ number: order.orderNumber })}</p>
          <TextAreaField
            id={`${id}-reason`}
            label={t.reasonLabel}
            error={error}
            className="mt-3"
            rows={3}
            maxLength={MAX_CANCEL_REASON}
            value={reason}
            onChange={(value) => {
              setReason(value);
              setError(undefined);
            }}
          />
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="submit" variant="danger" size="sm" disabledLook="busy" disabled={busy}>
              {busy ? t.working : t.confirm}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabledLook="busy"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                setError(undefined);
              }}
            >
              {t.keep}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => setConfirming(true)}>
          <XCircle className="size-4" aria-hidden />
          {t.button}
        </Button>
      )}
    </section>
  );
}
