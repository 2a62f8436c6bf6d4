import { FormBehindButton, NoteAndSubmit, notifyFailed } from '@/client/features/admin/form-parts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminOrderDetail } from '@/shared/admin';
import { formatDate } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { reminderMessages } from '@/shared/i18n/messages/reminders';
import { formatKrDecimal } from '@/shared/money-format';
import {
  reminderPaths,
  type OrderRemindersAnswer,
  type ReminderInvoiceState,
  type SendReminderAnswer,
} from '@/shared/receivables/reminders';
import { Button } from '@/client/components/ui/button';
import { apiFetch } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { adminKeys, staffKeys } from '@/client/features/admin/admin-api';
import { DetailSection } from '@/client/features/admin/shared/detail-section';

const remindersKey = (orderNumber: string) => [...adminKeys.order(orderNumber), 'reminders'] as const;

/** After a reminder or a dispute: the panel, the order's money and history, the lists. */
function useRefresh(orderNumber: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: adminKeys.order(orderNumber) });
    void client.invalidateQueries({ queryKey: adminKeys.orders() });
    void client.invalidateQueries({ queryKey: staffKeys.history(orderNumber) });
  };
}

function DisputeForm({ orderNumber, invoice }: { orderNumber: string; invoice: ReminderInvoiceState }) {
  const t = useT(reminderMessages);
  const { locale } = useLocale();
  const id = useId();
  const refresh = useRefresh(orderNumber);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const path = `${reminderPaths.dispute(orderNumber)}?lang=${locale}`;
  const mark = useMutation({
    mutationFn: () =>
      apiFetch<OrderRemindersAnswer>(path, {
        method: 'POST',
        json: { note: note.trim(), invoice: invoice.number },
      }),
    onSuccess: () => {
      refresh();
      setOpen(false);
      setNote('');
      notify.success(t.disputeSaved, { description: invoice.number });
    },
    onError: notifyFailed(t.disputeFailed),
  });
  const lift = useMutation({
    mutationFn: () =>
      apiFetch<OrderRemindersAnswer>(`${path}&invoice=${encodeURIComponent(invoice.number)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => {
      refresh();
      notify.success(t.disputeLifted, { description: invoice.number });
    },
    onError: notifyFailed(t.disputeFailed),
  });
  if (invoice.dispute)
    return (
      <Button
        variant="secondary"
        size="sm"
        onClick={() => lift.mutate()}
        disabled={lift.isPending}
        disabledLook="busy"
      >
        {t.liftDispute}
      </Button>
    );
  if (invoice.blocked === 'paid' || invoice.blocked === 'credited') return null;
  return (
    <FormBehindButton
      open={open}
      onOpen={() => setOpen(true)}
      buttonLabel={t.dispute}
      buttonVariant="secondary"
      label={t.dispute}
      className="grid w-full gap-2 rounded-xl bg-amber-50 p-3"
      onSubmit={() => mark.mutate()}
    >
      <NoteAndSubmit
        id={`${id}-note`}
        noteLabel={t.disputeNote}
        note={note}
        onNoteChange={setNote}
        maxLength={1000}
        submitLabel={t.disputeSave}
        backLabel={t.back}
        pending={mark.isPending}
        onBack={() => setOpen(false)}
      />
    </FormBehindButton>
  );
}

function InvoiceReminders({ orderNumber, invoice }: { orderNumber: string; invoice: ReminderInvoiceState }) {
  const t = useT(reminderMessages);
  const { locale } = useLocale();
  const dateTag = dateLocaleTag[locale];
  const refresh = useRefresh(orderNumber);
  const send = useMutation({
    mutationFn: () =>
      apiFetch<SendReminderAnswer>(`${reminderPaths.state(orderNumber)}?lang=${locale}`, {
        method: 'POST',
        json: { invoice: invoice.number },
      }),
    onSuccess: (answer) => {
      refresh();
      notify.success(t.sent({ number: answer.reminder }), { description: orderNumber });
    },
    onError: notifyFailed(t.sendFailed),
  });
  return (
    <li className="space-y-2 py-2 text-sm text-slate-800" data-testid="reminder-invoice">
      <p>
        <span className="font-semibold">{invoice.number}</span> ·{' '}
        {t.lastDayToPay({ date: formatDate(invoice.lastDayToPay, dateTag) })} ·{' '}
        <span className={invoice.daysOverdue > 0 ? 'font-semibold text-red-800' : ''}>
          {invoice.daysOverdue > 0 ? t.overdueDays({ days: invoice.daysOverdue }) : t.notDue}
        </span>{' '}
        · <span className="tabular-nums">{formatKrDecimal(invoice.balance)}</span>
      </p>
      {invoice.dispute && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950" data-testid="reminder-dispute">
          {t.disputed({ by: invoice.dispute.by, date: formatDate(invoice.dispute.at, dateTag) })}:{' '}
          {invoice.dispute.note}
        </p>
      )}
      {invoice.preview && (
        <p className="text-slate-700">
          {t.wouldCharge({
            fee: formatKrDecimal(invoice.preview.fee),
            interest: formatKrDecimal(invoice.preview.interest),
          })}
        </p>
      )}
      {invoice.blocked && invoice.blocked !== 'disputed' && (
        <p className="text-slate-600">{t[`blocked_${invoice.blocked}`]}</p>
      )}
      <div className="flex flex-wrap items-start gap-2">
        {invoice.blocked === null && (
          <Button size="sm" onClick={() => send.mutate()} disabled={send.isPending} disabledLook="busy">
            {t.send}
          </Button>
        )}
        <DisputeForm key={invoice.dispute?.at ?? 'none'} orderNumber={orderNumber} invoice={invoice} />
      </div>
      {invoice.reminders.length > 0 && (
        <p className="text-slate-700" data-testid="reminders-sent">
          {t.sentList}:{' '}
          {invoice.reminders
            .map(
              (reminder) =>
                `${reminder.number} (${formatDate(reminder.issuedOn, dateTag)}, ${formatKrDecimal(reminder.total)}${
                  reminder.step === null ? '' : `, ${t.automatic}`
                })`,
            )
            .join(' · ')}
        </p>
      )}
    </li>
  );
}

/**
 * Reminders of the order's invoices for the money roles: how late each is, what a reminder would
 * charge today, one click to send it (the server decides and stores it), and the dispute that holds
 * reminders. Refreshes with the order (same query key prefix).
 */
export function RemindersPanel({ order }: { order: AdminOrderDetail }) {
  const t = useT(reminderMessages);
  const { locale } = useLocale();
  const { data } = useQuery({
    queryKey: [...remindersKey(order.orderNumber), order.balance, order.documents.length, locale],
    queryFn: () => apiFetch<OrderRemindersAnswer>(`${reminderPaths.state(order.orderNumber)}?lang=${locale}`),
  });
  if (!data || data.invoices.length === 0) return null;
  return (
    <DetailSection
      heading={t.heading}
      headingId="detail-reminders"
      testId="admin-reminders"
      className="space-y-2"
    >
      <ul className="divide-y divide-slate-100">
        {data.invoices.map((invoice) => (
          <InvoiceReminders key={invoice.number} orderNumber={order.orderNumber} invoice={invoice} />
        ))}
      </ul>
      <p className="text-xs text-slate-600">
        {data.schedule.length > 0 ? t.schedule({ days: data.schedule.join(', ') }) : t.scheduleOff}
      </p>
    </DetailSection>
  );
}
