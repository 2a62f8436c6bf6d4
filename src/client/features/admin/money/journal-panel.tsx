import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { buttonClass } from '@/client/components/ui/button';
import { formatDate } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { adminUiMessages } from '@/shared/i18n/messages/admin-ui';
import { ledgerMessages } from '@/shared/i18n/messages/ledger';
import { decimalFromOre, oreFromDecimal, type JournalEntry } from '@/shared/ledger';
import { formatKrDecimal } from '@/shared/money-format';
import { apiFetch } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { PeriodFields, usePeriod } from './period-fields';

/**
 * The invoice journal (fakturajournal): every invoice, supplementary invoice and credit note of a
 * period in number order with customer, net, VAT, total, paid, balance and the BAS account it is
 * booked to, summed; and its CSV for the auditor (GET /api/admin/journal and journal.csv).
 */
export function JournalPanel() {
  const id = useId();
  const ui = useT(adminUiMessages);
  const t = useT(ledgerMessages);
  const { locale } = useLocale();
  const period = usePeriod();
  const { from, to, valid, query: range } = period;
  const journal = useQuery({
    queryKey: ['admin', 'journal', from, to],
    queryFn: () => apiFetch<{ entries: JournalEntry[] }>(`/api/admin/journal?${range}`),
    enabled: valid,
  });
  const entries = journal.data?.entries ?? [];
  const sum = (pick: (e: JournalEntry) => string) =>
    formatKrDecimal(decimalFromOre(entries.reduce((total, e) => total + oreFromDecimal(pick(e)), 0)));
  const money = (value: string | null) => (value === null ? '' : formatKrDecimal(value));
  const cell = 'px-2 py-1.5 text-right tabular-nums whitespace-nowrap';
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="journal"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {t.journal}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t.journalIntro}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <PeriodFields id={id} period={period} />
        {valid ? (
          <a
            href={`/api/admin/journal.csv?${range}`}
            download
            className={buttonClass({ variant: 'secondary', size: 'md' })}
            data-testid="journal-csv"
          >
            <Download className="size-4" aria-hidden /> {t.journalCsv}
          </a>
        ) : (
          <p className="text-sm font-medium text-red-700" role="status">
            {ui.sieRange}
          </p>
        )}
      </div>
      {valid && journal.isPending && <p className="mt-3 text-sm text-slate-600">{t.journalLoading}</p>}
      {journal.isError && (
        <p className="mt-3 text-sm font-medium text-red-700" role="alert">
          {t.journalFailed}
        </p>
      )}
      {journal.isSuccess && entries.length === 0 && (
        <p className="mt-3 text-sm text-slate-600">{t.journalEmpty}</p>
      )}
      {entries.length > 0 && (
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a table scrolling sideways must be reachable by keyboard (axe: scrollable-region-focusable)
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-labelledby={`${id}-heading`}>
          <table className="w-full min-w-[56rem] text-sm">
            <thead className="border-b border-slate-200 text-left text-slate-600">
              <tr>
                <th className="px-2 py-1.5 font-medium">{t.documentNumber}</th>
                <th className="px-2 py-1.5 font-medium">{t.kind}</th>
                <th className="px-2 py-1.5 font-medium">{t.issuedOn}</th>
                <th className="px-2 py-1.5 font-medium">{t.customer}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t.net}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t.vat}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t.total}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t.paidAmount}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t.balanceColumn}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t.accountColumn}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {entries.map((entry) => (
                <tr key={entry.number} data-testid="journal-entry">
                  <td className="px-2 py-1.5 font-medium whitespace-nowrap text-slate-900">{entry.number}</td>
                  <td className="px-2 py-1.5">
                    {t[entry.kind]}
                    {entry.corrects && (
                      <span className="block text-xs text-slate-600">
                        {t.corrects({ number: entry.corrects })}
                      </span>
                    )}
                  </td>
                  <td className="px-2 py-1.5 whitespace-nowrap">
                    {formatDate(entry.issuedOn, dateLocaleTag[locale])}
                  </td>
                  <td className="max-w-[14rem] truncate px-2 py-1.5" title={entry.customer}>
                    {entry.customer}
                  </td>
                  <td className={cell}>{money(entry.net)}</td>
                  <td className={cell}>{money(entry.vat)}</td>
                  <td className={cell}>{money(entry.total)}</td>
                  <td className={cell}>{money(entry.paid)}</td>
                  <td className={cell}>{money(entry.balance)}</td>
                  <td className={cell}>{entry.account}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-slate-300 font-semibold text-slate-900">
              <tr>
                <th scope="row" colSpan={4} className="px-2 py-1.5 text-left">
                  {t.journalSums}
                </th>
                <td className={cell} data-testid="journal-net">
                  {sum((e) => e.net)}
                </td>
                <td className={cell}>{sum((e) => e.vat)}</td>
                <td className={cell}>{sum((e) => e.total)}</td>
                <td className={cell} colSpan={3} />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
