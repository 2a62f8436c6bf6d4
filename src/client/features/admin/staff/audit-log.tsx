import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDateTime } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { auditFieldMessages } from '@/shared/i18n/messages/audit-fields';
import { orderStatusMessages } from '@/shared/i18n/messages/order-status';
import { staffMessages } from '@/shared/i18n/messages/staff';
import { adminStaffPaths, auditActions, type AuditAction } from '@/shared/staff';
import { buttonClass } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { ListShell, pagedListProps } from '@/client/components/ui/list-shell';
import { useLocale, useT } from '@/client/lib/i18n';
import {
  auditFilterParams,
  auditQuery,
  staffQuery,
  type AuditFilter,
} from '@/client/features/admin/admin-api';
import { describeChange } from './audit-change';
import { Panel } from '@/client/components/ui/panel';

/** Who did what: every recorded action, newest first, filtered by person, kind and dates; CSV export. */
export function AuditLog() {
  const t = useT(staffMessages);
  const statusLabels: Readonly<Record<string, string>> = useT(orderStatusMessages);
  const { locale } = useLocale();
  const fieldNames = useT(auditFieldMessages);
  const id = useId();
  const [filter, setFilter] = useState<AuditFilter>({ staff: '', action: '', from: '', to: '' });
  const query = useInfiniteQuery(auditQuery(filter));
  const { data: staff } = useQuery(staffQuery());
  const events = query.data?.pages.flatMap((page) => page.events) ?? [];
  const params = auditFilterParams(filter);
  const set = (change: Partial<AuditFilter>) => setFilter((current) => ({ ...current, ...change }));
  return (
    <Panel
      headingId="audit-heading"
      heading={t.auditHeading}
      headerClassName="flex flex-wrap items-center justify-between gap-2 p-4"
      header={
        <a
          href={`${adminStaffPaths.auditCsv}${params ? `?${params}` : ''}`}
          download
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          <Download className="size-4" aria-hidden /> {t.auditExport}
        </a>
      }
    >
      <div className="grid gap-3 border-t border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field id={`${id}-person`} label={t.auditPerson}>
          {(control) => (
            <select {...control} value={filter.staff} onChange={(e) => set({ staff: e.target.value })}>
              <option value="">{t.auditEveryone}</option>
              {(staff ?? []).map((person) => (
                <option key={person.id} value={String(person.id)}>
                  {person.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-kind`} label={t.auditKind}>
          {(control) => (
            <select
              {...control}
              value={filter.action}
              onChange={(e) => set({ action: e.target.value as AuditAction | '' })}
            >
              <option value="">{t.auditAllKinds}</option>
              {auditActions.map((action) => (
                <option key={action} value={action}>
                  {t[action]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-from`} label={t.auditFrom}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={filter.from}
              onChange={(e) => set({ from: e.target.value })}
            />
          )}
        </Field>
        <Field id={`${id}-to`} label={t.auditTo}>
          {(control) => (
            <input {...control} type="date" value={filter.to} onChange={(e) => set({ to: e.target.value })} />
          )}
        </Field>
      </div>
      <ListShell
        {...pagedListProps(query, events.length)}
        texts={{
          loading: t.auditLoading,
          empty: t.auditEmpty,
          error: t.auditFailed,
          retry: t.tryAgain,
          more: t.loadMore,
          loadedMore: (count) => t.moreEventsShown({ count }),
        }}
      >
        <ul className="divide-y divide-slate-100 border-t border-slate-200" data-testid="audit-events">
          {events.map((event) => {
            const change = describeChange(event, {
              statusLabels,
              names: fieldNames,
              dateTag: dateLocaleTag[locale],
            });
            return (
              <li key={event.id} className="grid gap-1 p-4 text-sm sm:grid-cols-[11rem_1fr]">
                <span className="text-slate-600">{formatDateTime(event.at, dateLocaleTag[locale])}</span>
                <span className="min-w-0 break-words text-slate-800">
                  <span className="font-semibold text-slate-900">{event.staff ?? t.auditNobody}</span> ·{' '}
                  {t[event.action]} · {event.orderNumber ?? event.target}
                  {change && <span className="block text-slate-600">{change}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      </ListShell>
    </Panel>
  );
}
