import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClass } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { adminUiMessages } from '@/shared/i18n/messages/admin-ui';
import { useT } from '@/client/lib/i18n';

/** Today's calendar day in Stockholm as YYYY-MM-DD (the accountant's day, not the browser's). */
function stockholmDay(date: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(date);
}

/** The accountant's export: invoices and payments of a date range as a SIE 4 file. */
export function SieExport() {
  const id = useId();
  const t = useT(adminUiMessages);
  const today = stockholmDay(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const href = `/api/admin/sie?${new URLSearchParams({ from, to }).toString()}`;
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
        <Field id={`${id}-from`} label={t.from}>
          {(control) => (
            <input {...control} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          )}
        </Field>
        <Field id={`${id}-to`} label={t.to}>
          {(control) => <input {...control} type="date" value={to} onChange={(e) => setTo(e.target.value)} />}
        </Field>
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
