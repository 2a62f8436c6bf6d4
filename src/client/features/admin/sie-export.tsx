import { Download } from 'lucide-react';
import { useId, useState } from 'react';
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
  const inputClass =
    'mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';
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
        <div>
          <label htmlFor={`${id}-from`} className="block text-xs font-semibold text-slate-700">
            {t.from}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="block text-xs font-semibold text-slate-700">
            {t.to}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className={inputClass}
          />
        </div>
        {valid ? (
          <a
            href={href}
            download
            className="inline-flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
          >
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
