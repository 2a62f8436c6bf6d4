import { TriangleAlert } from 'lucide-react';
import { formatDate } from '@/shared/dates';
import type { OrderDelivery } from '@/shared/delivery';
import { deliveryMessages } from '@/shared/i18n/messages/delivery';

// The admin pages are in Swedish, like the status labels.
const t = deliveryMessages.sv;

/** Beside the status: the buyer's needed-by date is earlier than the estimated delivery. */
export function DeliveryRiskBadge({ delivery }: { delivery: OrderDelivery }) {
  if (!delivery.atRisk || !delivery.neededBy) return null;
  const title = t.atRiskTitle({
    neededBy: formatDate(delivery.neededBy),
    estimate: formatDate(delivery.estimate),
  });
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900"
      title={title}
      data-testid="delivery-at-risk"
    >
      <TriangleAlert className="size-3.5" aria-hidden />
      {t.atRiskBadge}
      <span className="sr-only">: {title}</span>
    </span>
  );
}
