import { TriangleAlert } from 'lucide-react';
import { formatDate } from '@/shared/dates';
import type { OrderDelivery } from '@/shared/delivery';
import { deliveryMessages } from '@/shared/i18n/messages/delivery';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { useLocale, useT } from '@/client/lib/i18n';

/** Beside the status: the buyer's needed-by date is earlier than the estimated delivery. */
export function DeliveryRiskBadge({ delivery }: { delivery: OrderDelivery }) {
  const { locale } = useLocale();
  const t = useT(deliveryMessages);
  if (!delivery.atRisk || !delivery.neededBy) return null;
  const title = t.atRiskTitle({
    neededBy: formatDate(delivery.neededBy, dateLocaleTag[locale]),
    estimate: formatDate(delivery.estimate, dateLocaleTag[locale]),
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
