import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@/shared/dates';
import { catalogueAdminMessages } from '@/shared/i18n/messages/catalogue-admin';
import { dateLocaleTag } from '@/shared/i18n/locale';
import type { AuditEvent } from '@/shared/staff';
import { ColumnHeads, type Column } from '@/client/components/ui/column-heads';
import { apiFetch } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { historyChanges } from './catalogue-history';

const historyKey = (id: string) => ['admin', 'products', id, 'history'] as const;

/** A product's changes, newest first: when, who, and each field's before and after. */
export function ProductHistory({ id }: { id: string }) {
  const t = useT(catalogueAdminMessages);
  const { locale } = useLocale();
  const history = useQuery({
    queryKey: historyKey(id),
    queryFn: () =>
      apiFetch<{ events: AuditEvent[] }>(`/api/admin/products/${encodeURIComponent(id)}/history`),
  });
  const events = history.data?.events ?? [];
  const historyColumns: Column[] = [
    { label: t.when },
    { label: t.who },
    { label: t.change },
    { label: t.before },
    { label: t.after, className: 'py-1 font-medium' },
  ];
  return (
    <section aria-label={t.history} className="border-t border-slate-200 pt-4">
      <h3 className="text-base font-semibold text-slate-900">{t.history}</h3>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t.noHistory}</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <ColumnHeads cellClassName="py-1 pr-3 font-medium" columns={historyColumns} />
            {events.map((event) => {
              const rows = historyChanges(locale, event);
              return (
                <tbody key={event.id} className="border-t border-slate-200 align-top" data-event={event.id}>
                  {rows.map((row, index) => (
                    <tr key={row.field}>
                      {index === 0 && (
                        <>
                          <td rowSpan={rows.length} className="whitespace-nowrap py-1 pr-3">
                            {formatDateTime(event.at, dateLocaleTag[locale])}
                          </td>
                          <td rowSpan={rows.length} className="py-1 pr-3">
                            {event.staff ?? '–'}
                          </td>
                        </>
                      )}
                      <td className="py-1 pr-3 font-medium text-slate-800">{row.field}</td>
                      <td className="py-1 pr-3 tabular-nums text-slate-600">{row.before}</td>
                      <td className="py-1 tabular-nums text-slate-900">{row.after}</td>
                    </tr>
                  ))}
                </tbody>
              );
            })}
          </table>
        </div>
      )}
    </section>
  );
}
