import { formatDate, formatDateTime } from '@/shared/dates';
import { orderPageMessages } from '@/shared/i18n/messages/order-page';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { orderTimelineMessages } from '@/shared/i18n/messages/order-timeline';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { proofMessages } from '@/shared/i18n/messages/proofs';
import { formatKrDecimal } from '@/shared/money-format';
import type { OrderActivity } from '@/shared/order-page';
import type { OrderStatus } from '@/shared/order-status';
import { proofEvents } from '@/shared/proofs';
import type { SupplementaryInvoiceSummary } from '@/shared/supplementary-invoices';
import { cn } from '@/client/lib/cn';
import { useLocale, useT } from '@/client/lib/i18n';

/** One line under a timeline step: what happened, an optional detail (a comment, an invoice), when. */
interface StepEvent {
  key: string;
  label: string;
  detail?: string;
  /** ISO time. */
  at: string;
  approved?: boolean;
  /** A payment or refund: its day is in its label (money moves on a day, not at a time). */
  money?: 'payment' | 'refund';
}

/**
 * A payment's place among the timeline's times: the start of its day in Stockholm (CET; in summer
 * an hour later, the same day), so it stands under the step the order was at when that day began
 * and before that day's other events. Only for ordering; its day is what is shown.
 */
const startOfDay = (day: string) => new Date(`${day}T00:00:00+01:00`).toISOString();

/**
 * What happened while the order was at a status step, oldest first: proof versions, the buyer's
 * answers (a change request with its comment), print files added after ordering with the
 * supplementary invoice each one's conversion is charged on.
 */
export function TimelineStepEvents(props: {
  activity: OrderActivity;
  supplementaryInvoices: readonly SupplementaryInvoiceSummary[];
  step: OrderStatus;
}) {
  const { activity, step } = props;
  const proofTexts = useT(proofMessages);
  const t = useT(orderTimelineMessages);
  const fileTexts = useT(printFileMessages);
  const pageTexts = useT(orderPageMessages);
  const dateTag = dateLocaleTag[useLocale().locale];
  const comments = new Map(activity.proofs.map((proof) => [proof.version, proof.decision?.comment]));
  const events: StepEvent[] = [
    ...proofEvents(activity.proofs).map((event): StepEvent => {
      const comment = event.kind === 'changes_requested' ? comments.get(event.version) : null;
      return {
        key: `proof-${event.kind}-${event.version}`,
        label:
          event.kind === 'ready'
            ? proofTexts.eventReady({ version: event.version })
            : event.kind === 'approved'
              ? proofTexts.eventApproved({ version: event.version })
              : proofTexts.eventChanges({ version: event.version }),
        ...(comment ? { detail: t.changesComment({ comment }) } : {}),
        at: event.at,
        approved: event.kind === 'approved',
      };
    }),
    ...props.supplementaryInvoices.map((invoice): StepEvent => ({
      key: `invoice-${invoice.invoiceNumber}`,
      label: t.printFileAdded({ file: invoice.printFileName ?? fileTexts.unnamed }),
      detail: t.supplementaryInvoiced({
        number: invoice.invoiceNumber,
        total: formatKrDecimal(invoice.total),
      }),
      at: invoice.issuedAt,
    })),
    // Money received and paid back, each on the day it moved, with its amount.
    ...activity.payments.map((payment, index): StepEvent => {
      const refund = payment.amount.startsWith('-');
      const amount = formatKrDecimal(refund ? payment.amount.slice(1) : payment.amount);
      const date = formatDate(payment.paidOn, dateTag);
      return {
        key: `payment-${index}`,
        label: refund ? t.refunded({ amount, date }) : pageTexts.paymentReceived({ amount, date }),
        at: startOfDay(payment.paidOn),
        money: refund ? 'refund' : 'payment',
      };
    }),
  ]
    .filter((event) => stepAt(activity, event.at) === step)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  if (events.length === 0) return null;
  return (
    <ul className="mt-1 space-y-1 border-l-2 border-slate-200 pl-3" data-testid="step-events">
      {events.map((event) =>
        event.money ? (
          <li
            key={event.key}
            className="text-sm font-medium text-slate-900 tabular-nums"
            data-testid={event.money === 'refund' ? 'order-refund' : 'order-payment'}
          >
            {event.label}
          </li>
        ) : (
          <li key={event.key} className="text-sm">
            <span className={cn('block font-medium', event.approved ? 'text-emerald-800' : 'text-slate-900')}>
              {event.label}
            </span>
            {event.detail && (
              <span className="block break-words whitespace-pre-line text-slate-700">{event.detail}</span>
            )}
            <span className="block text-slate-600">{formatDateTime(event.at, dateTag)}</span>
          </li>
        ),
      )}
    </ul>
  );
}

/** The status the order had at a time: the last step reached before it (placed, for anything earlier). */
function stepAt(activity: OrderActivity, at: string): OrderStatus | undefined {
  const time = Date.parse(at);
  return (
    activity.events.filter((status) => Date.parse(status.at) <= time).at(-1)?.status ??
    activity.events[0]?.status
  );
}
