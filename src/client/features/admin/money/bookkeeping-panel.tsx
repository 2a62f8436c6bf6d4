import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, buttonClass } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { apiFetch } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { formatDateTime, stockholmDate } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { bookkeepingMessages, vatBoxNames } from '@/shared/i18n/messages/bookkeeping';
import { formatKrDecimal } from '@/shared/money-format';
import { countryNameIn } from '@/shared/countries';
import { rateText } from '@/shared/invoicing/eu-vat-rates';
import {
  isMonth,
  vatReportBoxes,
  type ClosedMonth,
  type OssReportAnswer,
  type VatReportAnswer,
} from '@/shared/vat-report';
import { PeriodFields, usePeriod } from './period-fields';

/** The month before this one in Stockholm, YYYY-MM: the one usually reported and closed next. */
function previousMonth(): string {
  const [year = 0, month = 0] = stockholmDate(new Date()).split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** The last eight calendar quarters in Stockholm, newest first, as YYYY-Qn. */
function recentQuarters(): string[] {
  const [year = 0, month = 0] = stockholmDate(new Date()).split('-').map(Number);
  const current = year * 4 + Math.floor((month - 1) / 3);
  return Array.from({ length: 8 }, (_, back) => {
    const index = current - back;
    return `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
  });
}

/**
 * The OSS return of a quarter (GET /api/admin/oss-report): per member state of consumption and
 * rate, the taxable amount and the VAT in kronor, from the ledger.
 */
function OssReportSection({ id, className }: { id: string; className: string }) {
  const t = useT(bookkeepingMessages);
  const { locale } = useLocale();
  const quarters = recentQuarters();
  const [quarter, setQuarter] = useState(quarters[0] ?? '');
  const report = useQuery({
    queryKey: ['admin', 'oss-report', quarter],
    queryFn: () => apiFetch<OssReportAnswer>(`/api/admin/oss-report?quarter=${quarter}`),
  });
  const cell = 'py-1.5 pr-2';
  const amount = 'py-1.5 text-right whitespace-nowrap tabular-nums';
  return (
    <section aria-labelledby={`${id}-oss`} className={className} data-testid="oss-report">
      <h2 id={`${id}-oss`} className="text-lg font-bold text-slate-900">
        {t.ossHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t.ossHint}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id={`${id}-oss-quarter`} label={t.quarter}>
          {(control) => (
            <select {...control} value={quarter} onChange={(e) => setQuarter(e.target.value)}>
              {quarters.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {report.error && (
        <p className="mt-3 text-sm font-medium text-red-700" role="alert">
          {report.error.message}
        </p>
      )}
      {report.data && report.data.lines.length === 0 && (
        <p className="mt-3 text-sm text-slate-600">{t.ossEmpty}</p>
      )}
      {report.data && report.data.lines.length > 0 && (
        <table className="mt-4 w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th className={`${cell} font-medium`}>{t.country}</th>
              <th className={`${cell} text-right font-medium`}>{t.rate}</th>
              <th className={`${cell} text-right font-medium`}>{t.taxable}</th>
              <th className="py-1.5 text-right font-medium">{t.vatAmount}</th>
            </tr>
          </thead>
          <tbody>
            {report.data.lines.map((line) => (
              <tr
                key={`${line.country}-${line.ratePercent}`}
                className="border-b border-slate-100"
                data-testid={`oss-line-${line.country}`}
              >
                <td className={cell}>{countryNameIn(locale, line.country) ?? line.country}</td>
                <td className={`${cell} text-right tabular-nums`}>
                  {rateText(Math.round(Number(line.ratePercent) * 10), locale)} %
                </td>
                <td className={`${amount} pr-2`}>{formatKrDecimal(line.net)}</td>
                <td className={amount}>{formatKrDecimal(line.vat)}</td>
              </tr>
            ))}
            <tr className="font-semibold">
              <td className={cell} colSpan={2}>
                {t.total}
              </td>
              <td className={`${amount} pr-2`}>{formatKrDecimal(report.data.total.net)}</td>
              <td className={amount}>{formatKrDecimal(report.data.total.vat)}</td>
            </tr>
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * The VAT return's boxes for a period (GET /api/admin/vat-report, equal to the SIE's accounts) with
 * the EU distance sales against the threshold.
 */
function VatReportSection({ id, className }: { id: string; className: string }) {
  const t = useT(bookkeepingMessages);
  const { locale } = useLocale();
  const boxNames = vatBoxNames[locale];
  const period = usePeriod();
  const report = useQuery({
    queryKey: ['admin', 'vat-report', period.from, period.to],
    queryFn: () => apiFetch<VatReportAnswer>(`/api/admin/vat-report?${period.query}`),
    enabled: period.valid,
  });
  const distance = report.data?.distanceSales;
  return (
    <section aria-labelledby={`${id}-vat`} className={className} data-testid="vat-report">
      <h2 id={`${id}-vat`} className="text-lg font-bold text-slate-900">
        {t.vatHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t.vatHint}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <PeriodFields id={`${id}-period`} period={period} />
      </div>
      {report.error && (
        <p className="mt-3 text-sm font-medium text-red-700" role="alert">
          {report.error.message}
        </p>
      )}
      {report.data && (
        <table className="mt-4 w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th className="py-1.5 pr-2 font-medium">{t.box}</th>
              <th className="py-1.5 pr-2 font-medium" />
              <th className="py-1.5 text-right font-medium">{t.amount}</th>
            </tr>
          </thead>
          <tbody>
            {vatReportBoxes.map((box) => (
              <tr key={box} className="border-b border-slate-100 align-top" data-testid={`vat-box-${box}`}>
                <td className="py-1.5 pr-2 font-semibold tabular-nums">{box}</td>
                <td className="py-1.5 pr-2 text-slate-700">{boxNames[box]}</td>
                <td className="py-1.5 text-right whitespace-nowrap tabular-nums">
                  {formatKrDecimal(report.data.boxes[box])}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {distance && (
        <div className="mt-4 rounded-xl bg-slate-50 p-3 text-sm" data-testid="distance-sales">
          <h3 className="font-semibold text-slate-900">{t.distanceHeading}</h3>
          <p className="mt-1 text-slate-700">
            {t.distanceLine({
              thisYear: formatKrDecimal(distance.thisYear),
              previousYear: formatKrDecimal(distance.previousYear),
              threshold: formatKrDecimal(distance.threshold),
            })}
          </p>
          <p className={distance.above ? 'mt-1 font-semibold text-amber-800' : 'mt-1 text-slate-700'}>
            {distance.above ? t.distanceAbove : t.distanceBelow}
          </p>
          {distance.optedIn && <p className="mt-1 text-slate-700">{t.distanceOptedIn}</p>}
        </div>
      )}
    </section>
  );
}

/** The EC sales list file of a month (GET /api/admin/ec-sales-list), a download. */
function EcSalesListSection({ id, className }: { id: string; className: string }) {
  const t = useT(bookkeepingMessages);
  const [ecMonth, setEcMonth] = useState(previousMonth);
  return (
    <section aria-labelledby={`${id}-ec`} className={className} data-testid="ec-sales-list">
      <h2 id={`${id}-ec`} className="text-lg font-bold text-slate-900">
        {t.ecHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t.ecHint}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id={`${id}-ec-month`} label={t.month}>
          {(control) => (
            <input {...control} type="month" value={ecMonth} onChange={(e) => setEcMonth(e.target.value)} />
          )}
        </Field>
        {isMonth(ecMonth) && (
          <a
            href={`/api/admin/ec-sales-list?period=${ecMonth}`}
            download
            className={buttonClass({ variant: 'secondary', size: 'md' })}
            data-testid="ec-sales-list-download"
          >
            <Download className="size-4" aria-hidden /> {t.download}
          </a>
        )}
      </div>
    </section>
  );
}

/** The closed months, and closing one once its return is filed (POST /api/admin/closed-months). */
function useClosedMonths(onClosed: () => void) {
  const queryClient = useQueryClient();
  const closed = useQuery({
    queryKey: ['admin', 'closed-months'],
    queryFn: () => apiFetch<{ months: ClosedMonth[] }>('/api/admin/closed-months'),
  });
  const close = useMutation({
    mutationFn: (month: string) =>
      apiFetch<{ months: ClosedMonth[] }>('/api/admin/closed-months', { method: 'POST', json: { month } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(['admin', 'closed-months'], answer);
      onClosed();
    },
    onError: onClosed,
  });
  return { closed, close };
}

/** Closing a month (asked twice: a closed month takes no more payments) and the months closed. */
function CloseMonthSection({ id, className }: { id: string; className: string }) {
  const t = useT(bookkeepingMessages);
  const { locale } = useLocale();
  const [closeMonthValue, setCloseMonthValue] = useState(previousMonth);
  const [confirming, setConfirming] = useState(false);
  const { closed, close } = useClosedMonths(() => setConfirming(false));
  return (
    <section aria-labelledby={`${id}-close`} className={className} data-testid="close-month">
      <h2 id={`${id}-close`} className="text-lg font-bold text-slate-900">
        {t.closeHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t.closeHint}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id={`${id}-close-month`} label={t.month}>
          {(control) => (
            <input
              {...control}
              type="month"
              value={closeMonthValue}
              onChange={(e) => {
                setCloseMonthValue(e.target.value);
                setConfirming(false);
              }}
            />
          )}
        </Field>
        {!confirming && (
          <Button
            variant="secondary"
            disabled={!isMonth(closeMonthValue)}
            onClick={() => {
              close.reset();
              setConfirming(true);
            }}
          >
            <Lock className="size-4" aria-hidden /> {t.closeButton}
          </Button>
        )}
      </div>
      {confirming && (
        <div className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm" role="group">
          <p className="font-medium text-amber-900">{t.closeConfirm({ month: closeMonthValue })}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button onClick={() => close.mutate(closeMonthValue)} disabled={close.isPending}>
              {t.closeButton}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t.back}
            </Button>
          </div>
        </div>
      )}
      <p role="status" className="mt-2 text-sm">
        {close.isSuccess && (
          <span className="text-emerald-800">{t.closedDone({ month: close.variables })}</span>
        )}
        {close.error && <span className="font-medium text-red-700">{close.error.message || t.failed}</span>}
      </p>
      <h3 className="mt-3 text-sm font-semibold text-slate-900">{t.closedList}</h3>
      {closed.data && closed.data.months.length === 0 && (
        <p className="text-sm text-slate-600">{t.noneClosed}</p>
      )}
      <ul className="mt-1 space-y-1 text-sm text-slate-700" data-testid="closed-months">
        {closed.data?.months.map((month) => (
          <li key={month.month}>
            {t.closedBy({
              month: month.month,
              name: month.closedBy ?? '–',
              time: formatDateTime(month.closedAt, dateLocaleTag[locale]),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The accountant's bookkeeping beside the invoice journal, one section per report: the VAT return,
 * the EC sales list, the OSS return, and closing a month once its return is filed.
 */
export function BookkeepingPanel() {
  const id = useId();
  const section = 'mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm';
  return (
    <>
      <VatReportSection id={id} className={section} />
      <EcSalesListSection id={id} className={section} />
      <OssReportSection id={id} className={section} />
      <CloseMonthSection id={id} className={section} />
    </>
  );
}
