import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import {
  nextStatuses,
  type AdminAttention,
  type AdminJobDetailBase,
  type AdminOrderAnswer,
} from '@/shared/admin';
import { formatDateTime } from '@/shared/dates';
import { dateLocaleTag, type Locale } from '@/shared/i18n/locale';
import { orderAttentionMessages } from '@/shared/i18n/messages/order-attention';
import { roleMay } from '@/shared/staff';
import { Button } from '@/client/components/ui/button';
import { notify } from '@/client/lib/notify';
import { useLocale, useT } from '@/client/lib/i18n';
import { adminKeys, clearOrderFlag, flagOrderForOwner, staffKeys } from '@/client/features/admin/admin-api';
import { FormBehindButton, NoteAndSubmit, notifyFailed } from '@/client/features/admin/form-parts';
import { useMay, useSignedIn } from '@/client/features/admin/staff/staff-context';

/** The answer replaces the cached order; the list (its flag) and the history are fetched again. */
function useAttentionMutation(
  orderNumber: string,
  change: (locale: Locale) => Promise<AdminOrderAnswer>,
  done: { said: string; then: () => void },
) {
  const queryClient = useQueryClient();
  const { locale } = useLocale();
  const t = useT(orderAttentionMessages);
  return useMutation({
    mutationFn: () => change(locale),
    onSuccess: (updated) => {
      queryClient.setQueryData(adminKeys.order(orderNumber, locale), updated);
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders() });
      void queryClient.invalidateQueries({ queryKey: staffKeys.history(orderNumber) });
      done.then();
      notify.success(done.said);
    },
    onError: notifyFailed(t.failed),
  });
}

/**
 * "Needs the owner's attention" (issue 38): the flag and its reason for everyone who opens the
 * order, with "done" for the owner and the bookkeeper; production, who may not cancel an invoiced
 * order (its credit note is the money roles'), flags it here with why.
 */
export function OrderAttention({ order }: { order: AdminJobDetailBase }) {
  const t = useT(orderAttentionMessages);
  const { locale } = useLocale();
  const { role } = useSignedIn();
  const mayClear = useMay('money');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const flag = useAttentionMutation(
    order.orderNumber,
    (language) => flagOrderForOwner(order.orderNumber, reason, language),
    {
      said: t.flagged,
      then: () => {
        setOpen(false);
        setReason('');
      },
    },
  );
  const clear = useAttentionMutation(
    order.orderNumber,
    (language) => clearOrderFlag(order.orderNumber, language),
    {
      said: t.cleared,
      then: () => undefined,
    },
  );
  // Production's way to the owner: while the order could still be cancelled, but not by them.
  const mayFlag =
    !order.attention && nextStatuses[order.status].includes('cancelled') && !roleMay(role, order.cancelBy);

  if (order.attention) {
    const { reason: flagged, raisedBy, raisedAt } = order.attention;
    return (
      <div
        role="status"
        data-testid="admin-attention"
        className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      >
        <p className="flex items-center gap-2 font-semibold">
          <Flag className="size-4 shrink-0" aria-hidden /> {t.heading}
        </p>
        <p className="mt-1 whitespace-pre-line break-words">{flagged}</p>
        <p className="mt-1 text-xs text-amber-900">
          {t.flaggedBy({
            name: raisedBy ?? t.someone,
            time: formatDateTime(raisedAt, dateLocaleTag[locale]),
          })}
        </p>
        {mayClear && (
          <Button
            className="mt-2"
            variant="secondary"
            size="sm"
            disabled={clear.isPending}
            onClick={() => clear.mutate()}
          >
            {t.clear}
          </Button>
        )}
      </div>
    );
  }
  if (!mayFlag) return null;
  return (
    <div className="mt-3">
      <FormBehindButton
        open={open}
        onOpen={() => setOpen(true)}
        buttonLabel={t.flagButton}
        buttonVariant="secondary"
        label={t.flagButton}
        className="grid gap-3 rounded-xl bg-amber-50 p-3"
        onSubmit={() => flag.mutate()}
      >
        <p className="text-sm text-amber-950">{t.flagHint}</p>
        <NoteAndSubmit
          id={`${id}-reason`}
          noteLabel={t.reasonLabel}
          note={reason}
          onNoteChange={setReason}
          maxLength={300}
          submitLabel={t.send}
          backLabel={t.back}
          pending={flag.isPending}
          onBack={() => setOpen(false)}
        />
      </FormBehindButton>
    </div>
  );
}

/** In the order list: the order waits for the owner (its reason on hover and for screen readers). */
export function AttentionBadge({ attention }: { attention: AdminAttention | null }) {
  const t = useT(orderAttentionMessages);
  if (!attention) return null;
  return (
    <span
      data-testid="admin-list-attention"
      title={attention.reason}
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-amber-400"
    >
      <Flag className="size-3" aria-hidden /> {t.badge}
      <span className="sr-only">: {attention.reason}</span>
    </span>
  );
}
