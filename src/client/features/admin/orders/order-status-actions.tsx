import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { nextStatuses, type AdminJobDetailBase, type OrderStatus } from '@/shared/admin';
import { carrierIds, carrierNames, type CarrierId } from '@/shared/carriers';
import { orderAdminMessages } from '@/shared/i18n/messages/order-admin';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { notify } from '@/client/lib/notify';
import {
  adminKeys,
  changeOrderStatus,
  staffKeys,
  type StatusChangeDetails,
} from '@/client/features/admin/admin-api';
import { NoteField, notifyFailed, SubmitOrBack } from '@/client/features/admin/form-parts';
import { useSignedIn } from '@/client/features/admin/staff/staff-context';
import { roleMay, statusStepRoles } from '@/shared/staff';
import { adminUiMessages } from '@/shared/i18n/messages/admin-ui';
import { orderStatusMessages } from '@/shared/i18n/messages/order-status';
import { useLocale, useT } from '@/client/lib/i18n';

/** A step that asks for more first: the shipment, the reason to cancel. */
type Asking = 'shipped' | 'cancelled' | null;

/** The step's button: "Markera som i produktion" / "Mark as in production". */
const markKeys = {
  in_production: 'markInProduction',
  shipped: 'markShipped',
} as const;

type StatusStep = { status: OrderStatus; details?: StatusChangeDetails };

/**
 * PATCH /api/admin/orders/:number/status: the answer replaces the cached order (in this language)
 * and the list, stats and history are fetched again; said in a toast either way.
 */
function useChangeOrderStatus(orderNumber: string, onChanged: () => void) {
  const queryClient = useQueryClient();
  const { locale } = useLocale();
  const ui = useT(adminUiMessages);
  const statusLabels = useT(orderStatusMessages);
  return useMutation({
    mutationFn: ({ status, details }: StatusStep) =>
      changeOrderStatus(orderNumber, status, details ?? {}, locale),
    onSuccess: (updated) => {
      queryClient.setQueryData(adminKeys.order(orderNumber, locale), updated);
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
      void queryClient.invalidateQueries({ queryKey: staffKeys.history(orderNumber) });
      onChanged();
      notify.success(ui.statusChanged, {
        description: `${updated.orderNumber}: ${statusLabels[updated.status]}`,
      });
    },
    onError: notifyFailed(ui.statusChangeFailed),
  });
}

interface StepFormProps {
  pending: boolean;
  onSubmit: (step: StatusStep) => void;
  onBack: () => void;
}

/** A cancellation's reason: the buyer's email and the history say it. */
const REASON_MAX_LENGTH = 500;

/**
 * A step that asks for more before it is taken: its fields, then confirm (unavailable until `ready`)
 * or back; confirming takes the step `step` describes.
 */
function StepForm(
  props: StepFormProps & {
    className: string;
    submitLabel: string;
    step: () => StatusStep;
    ready?: boolean;
    variant?: 'danger';
    rowClassName?: string;
    children: ReactNode;
  },
) {
  const adminText = useT(orderAdminMessages);
  const { className, rowClassName, step, onSubmit, children, ...row } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(step());
  };
  return (
    <form className={className} onSubmit={submit}>
      {children}
      <SubmitOrBack {...row} className={rowClassName} backLabel={adminText.back} />
    </form>
  );
}

/** Shipped asks for the carrier (a named one, or another by name) and the tracking number. */
function ShipmentForm(props: StepFormProps) {
  const adminText = useT(orderAdminMessages);
  const id = useId();
  const [carrier, setCarrier] = useState<CarrierId>('postnord');
  const [carrierName, setCarrierName] = useState('');
  const [tracking, setTracking] = useState('');
  return (
    <StepForm
      {...props}
      className="grid gap-3 sm:grid-cols-2"
      rowClassName="sm:col-span-2"
      submitLabel={adminText.confirmShipped}
      step={() => ({
        status: 'shipped',
        details: { carrier, ...(carrier === 'other' ? { carrierName } : {}), trackingNumber: tracking },
      })}
    >
      <Field id={`${id}-carrier`} label={adminText.carrier}>
        {(control) => (
          <select {...control} value={carrier} onChange={(e) => setCarrier(e.target.value as CarrierId)}>
            {carrierIds.map((carrierId) => (
              <option key={carrierId} value={carrierId}>
                {carrierId === 'other' ? adminText.otherCarrier : carrierNames[carrierId]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {carrier === 'other' && (
        <Field id={`${id}-carrier-name`} label={adminText.carrierName}>
          {(control) => (
            <input
              {...control}
              required
              value={carrierName}
              onChange={(e) => setCarrierName(e.target.value)}
            />
          )}
        </Field>
      )}
      <Field id={`${id}-tracking`} label={adminText.trackingNumber}>
        {(control) => (
          <input {...control} required value={tracking} onChange={(e) => setTracking(e.target.value)} />
        )}
      </Field>
    </StepForm>
  );
}

/** Cancelling asks for the reason, and is not sent without one. */
function CancelForm(props: StepFormProps) {
  const adminText = useT(orderAdminMessages);
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <StepForm
      {...props}
      className="grid gap-3 rounded-xl bg-red-50 p-3"
      variant="danger"
      ready={reason.trim() !== ''}
      submitLabel={adminText.confirmCancel}
      step={() => ({ status: 'cancelled', details: { reason } })}
    >
      <p className="text-sm font-semibold text-red-900">{adminText.cancelWarning}</p>
      <NoteField
        id={`${id}-reason`}
        label={adminText.reason}
        value={reason}
        onChange={setReason}
        maxLength={REASON_MAX_LENGTH}
      />
    </StepForm>
  );
}

/** The order's next steps the signed-in role may take; shipped and cancelled ask for more first. */
export function StatusActions({ order }: { order: AdminJobDetailBase }) {
  const adminText = useT(orderAdminMessages);
  const ui = useT(adminUiMessages);
  const statusLabels = useT(orderStatusMessages);
  const [asking, setAsking] = useState<Asking>(null);
  const mutation = useChangeOrderStatus(order.orderNumber, () => setAsking(null));
  const { role } = useSignedIn();
  // Only the steps the role may take (production and shipping are the printer's; cancelling an
  // order whose cancellation issues a credit note is the money roles', order.cancelBy).
  const options = nextStatuses[order.status].filter((status) =>
    roleMay(role, status === 'cancelled' ? order.cancelBy : statusStepRoles[status]),
  );
  if (nextStatuses[order.status].length === 0)
    return <p className="text-sm text-slate-600">{ui.finalStatus}</p>;
  const form = { pending: mutation.isPending, onSubmit: mutation.mutate, onBack: () => setAsking(null) };
  if (asking === 'shipped') return <ShipmentForm {...form} />;
  if (asking === 'cancelled') return <CancelForm {...form} />;

  return (
    <div className="flex flex-wrap items-start gap-2">
      {options.map((status) => {
        const blocked = status === 'in_production' ? order.productionBlockedReason : null;
        return (
          <div key={status}>
            <Button
              variant={status === 'cancelled' ? 'danger-outline' : 'primary'}
              size="sm"
              disabled={mutation.isPending || Boolean(blocked)}
              disabledLook={blocked ? 'unavailable' : 'busy'}
              aria-describedby={blocked ? 'production-blocked' : undefined}
              onClick={() =>
                status === 'shipped' || status === 'cancelled'
                  ? setAsking(status)
                  : mutation.mutate({ status })
              }
            >
              {status === 'cancelled'
                ? adminText.cancelOrder
                : status === 'pending'
                  ? statusLabels.pending
                  : adminText[markKeys[status]]}
            </Button>
            {blocked && (
              <p id="production-blocked" className="mt-1 max-w-xs text-xs text-slate-700">
                {blocked}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
