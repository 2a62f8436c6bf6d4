import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { notify } from '@/client/lib/notify';
import { ListShell, pagedListProps } from '@/client/components/ui/list-shell';
import { partnersQuery } from '@/client/features/admin/admin-api';
import { formatDateTime } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { adminUiMessages } from '@/shared/i18n/messages/admin-ui';
import { useLocale, useT } from '@/client/lib/i18n';
import { countryNameIn } from '@/shared/countries';
import { Panel } from '@/client/components/ui/panel';

export function PartnerApplications() {
  const query = useInfiniteQuery(partnersQuery());
  const { locale } = useLocale();
  const t = useT(adminUiMessages);
  // Said once when the list fails, in the language of that moment (not again on a switch).
  const sayFailed = useEffectEvent(() => notify.error(t.error, { description: t.partnersFailed }));
  useEffect(() => {
    if (query.isError) sayFailed();
  }, [query.isError]);
  const applications = query.data?.pages.flatMap((page) => page.applications) ?? [];

  return (
    <Panel
      headingId="partners-heading"
      heading={t.partnerApplications}
      headerClassName="border-b border-slate-200 p-4"
    >
      <ListShell
        {...pagedListProps(query, applications.length)}
        texts={{
          loading: t.loading,
          empty: t.noApplications,
          error: t.partnersFailed,
          retry: t.tryAgain,
          more: t.showMore,
          loadedMore: (count) => t.moreApplicationsShown({ count }),
        }}
      >
        <ul className="divide-y divide-slate-100">
          {applications.map((a) => (
            <li key={a.id} className="p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold text-slate-900">
                  {a.companyName} <span className="font-normal text-slate-600">({a.orgNumber})</span>
                </h3>
                <span className="text-sm text-slate-600">
                  {formatDateTime(a.createdAt, dateLocaleTag[locale])}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {a.contactPerson} ·{' '}
                <a className="text-brand-700 underline" href={`mailto:${a.email}`}>
                  {a.email}
                </a>{' '}
                · {a.phone}
              </p>
              <p className="text-sm text-slate-700">
                {a.address}, {a.postalCode} {a.city}
                {a.country !== 'SE' && `, ${countryNameIn(locale, a.country) ?? a.country}`}
              </p>
              <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{a.businessDescription}</p>
            </li>
          ))}
        </ul>
      </ListShell>
    </Panel>
  );
}
