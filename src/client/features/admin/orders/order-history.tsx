import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { auditFieldMessages } from '@/shared/i18n/messages/audit-fields';
import { orderStatusMessages } from '@/shared/i18n/messages/order-status';
import { staffMessages } from '@/shared/i18n/messages/staff';
import { useLocale, useT } from '@/client/lib/i18n';
import { historyQuery } from '@/client/features/admin/admin-api';
import { describeChange } from '@/client/features/admin/staff/audit-change';
import { DetailSection } from '@/client/features/admin/shared/detail-section';

/** The order's recorded history with names: who changed its status, recorded a payment, added a proof. */
export function OrderHistory({ orderNumber }: { orderNumber: string }) {
  const t = useT(staffMessages);
  const statusLabels: Readonly<Record<string, string>> = useT(orderStatusMessages);
  const { locale } = useLocale();
  const fieldNames = useT(auditFieldMessages);
  // A step taken in the dialog invalidates it (order-detail), so it shows here at once.
  const { data: events } = useQuery(historyQuery(orderNumber));
  return (
    <DetailSection heading={t.historyHeading} headingId="detail-history" testId="order-history">
      {events && events.length === 0 && <p className="mt-2 text-sm text-slate-700">{t.historyEmpty}</p>}
      <ol className="mt-2 space-y-1 text-sm text-slate-700">
        {(events ?? []).map((event) => {
          const change = describeChange(event, {
            statusLabels,
            names: fieldNames,
            dateTag: dateLocaleTag[locale],
          });
          return (
            <li key={event.id}>
              {formatDateTime(event.at, dateLocaleTag[locale])}:{' '}
              <span className="font-semibold text-slate-900">{event.staff ?? t.auditNobody}</span> ·{' '}
              {t[event.action]}
              {change && <span className="block pl-4 text-slate-600">{change}</span>}
            </li>
          );
        })}
      </ol>
    </DetailSection>
  );
}
