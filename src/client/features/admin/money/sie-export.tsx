import { Download } from 'lucide-react';
import { useId } from 'react';
import { buttonClass } from '@/client/components/ui/button';
import { adminUiMessages } from '@/shared/i18n/messages/admin-ui';
import { useT } from '@/client/lib/i18n';
import { PeriodFields, usePeriod } from './period-fields';

/** The accountant's export: invoices and payments of a date range as a SIE 4 file. */
export function SieExport() {
  const id = useId();
  const t = useT(adminUiMessages);
  const period = usePeriod();
  const { valid } = period;
  const href = `/api/admin/sie?${period.query}`;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {t.sieHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t.sieIntro}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <PeriodFields id={id} period={period} />
        {valid ? (
          <a href={href} download className={buttonClass({ variant: 'secondary', size: 'md' })}>
            <Download className="size-4" aria-hidden /> {t.exportSie}
          </a>
        ) : (
          <p className="text-sm font-medium text-red-700" role="status">
            {t.sieRange}
          </p>
        )}
      </div>
    </section>
  );
}
