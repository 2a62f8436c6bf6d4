import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { useState } from 'react';
import { carrierIds, carrierNames, type CarrierId } from '@/shared/carriers';
import { catalogueProducts } from '@/shared/catalogue';
import { formatDate } from '@/shared/dates';
import { choiceLabel } from '@/shared/i18n/messages/product-options';
import { productName } from '@/shared/i18n/messages/product-names';
import { productionMessages } from '@/shared/i18n/messages/production';
import { orderStatusMessages } from '@/shared/i18n/messages/order-status';
import { formatCount } from '@/shared/money-format';
import { printMethodLabels } from '@/shared/print-options';
import {
  jobMethods,
  productionPaths,
  type BlanksList,
  type BoardDue,
  type BoardJob,
  type JobMethod,
  type ProductionBoard as Board,
} from '@/shared/production';
import { formatSplit } from '@/shared/sizes';
import { Button } from '@/client/components/ui/button';
import { inputLookClass } from '@/client/components/ui/field';
import { apiFetch, ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { changeOrderStatus } from '@/client/features/admin/admin-api';
import { useMay } from '@/client/features/admin/staff/staff-context';
import { orderTalkMessages } from '@/shared/i18n/messages/order-talk';
import { ToolPanel } from '@/client/features/admin/shared/tool-panel';
import { ColumnHeads, type Column } from '@/client/components/ui/column-heads';

const selectClass = `${inputLookClass} min-h-11 px-3 py-2 text-base`;

function methodLabel(locale: 'sv' | 'en', method: JobMethod): string {
  return method === 'dtg' || method === 'screen'
    ? printMethodLabels[locale][method]
    : choiceLabel(locale, 'decoration', method);
}

/** The production board: every open job by due date, what blocks it, and its next step. */
export function ProductionBoard() {
  const t = useT(productionMessages);
  const { locale } = useLocale();
  const [method, setMethod] = useState<JobMethod | ''>('');
  const [product, setProduct] = useState('');
  const [due, setDue] = useState<BoardDue | ''>('');
  const [paid, setPaid] = useState<'paid' | 'unpaid' | ''>('');
  // Paid or not is money: only the owner and bookkeeping filter by it (issue 38).
  const withMoney = useMay('money');
  const params = new URLSearchParams();
  if (method) params.set('method', method);
  if (product) params.set('product', product);
  if (due) params.set('due', due);
  if (paid && withMoney) params.set('paid', paid);
  const query = useQuery({
    queryKey: ['admin', 'production', method, product, due, withMoney ? paid : ''],
    queryFn: () => apiFetch<Board>(`${productionPaths.board}?${params.toString()}`),
  });
  return (
    <ToolPanel heading={t.boardTitle}>
      <p className="mt-1 text-sm text-slate-700">{t.boardIntro}</p>
      <div className="mt-4 flex flex-wrap gap-4">
        <label className="text-sm font-semibold text-slate-800">
          {t.method}
          <select
            className={`${selectClass} mt-1 block`}
            value={method}
            onChange={(event) => setMethod(event.target.value as JobMethod | '')}
          >
            <option value="">{t.all}</option>
            {jobMethods.map((m) => (
              <option key={m} value={m}>
                {methodLabel(locale, m)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold text-slate-800">
          {t.product}
          <select
            className={`${selectClass} mt-1 block`}
            value={product}
            onChange={(event) => setProduct(event.target.value)}
          >
            <option value="">{t.all}</option>
            {catalogueProducts().map((p) => (
              <option key={p.id} value={p.id}>
                {productName(locale, p)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold text-slate-800">
          {t.dueFilter}
          <select
            className={`${selectClass} mt-1 block`}
            value={due}
            onChange={(event) => setDue(event.target.value as BoardDue | '')}
          >
            <option value="">{t.all}</option>
            <option value="late">{t.dueLate}</option>
            <option value="this_week">{t.dueThisWeek}</option>
            <option value="next_week">{t.dueNextWeek}</option>
          </select>
        </label>
        {withMoney && (
          <label className="text-sm font-semibold text-slate-800">
            {t.paidFilter}
            <select
              className={`${selectClass} mt-1 block`}
              value={paid}
              onChange={(event) => setPaid(event.target.value as 'paid' | 'unpaid' | '')}
            >
              <option value="">{t.all}</option>
              <option value="paid">{t.paidOnly}</option>
              <option value="unpaid">{t.unpaidOnly}</option>
            </select>
          </label>
        )}
      </div>
      {query.data?.truncated && <p className="mt-3 text-sm text-amber-900">{t.truncated}</p>}
      {query.data && query.data.jobs.length === 0 && <p className="mt-4 text-slate-600">{t.noJobs}</p>}
      <ol
        className="mt-4 grid gap-3 md:grid-cols-2 xl:grid-cols-3"
        aria-label={t.jobs}
        data-testid="board-jobs"
      >
        {query.data?.jobs.map((job) => (
          <JobCard key={job.orderNumber} job={job} />
        ))}
      </ol>
    </ToolPanel>
  );
}

/** The job's lines: quantity, product, colour, print methods, sizes, and a print too large to print. */
function JobLines({ job }: { job: BoardJob }) {
  const t = useT(productionMessages);
  const { locale } = useLocale();
  return (
    <ul className="mt-2 text-sm text-slate-800">
      {job.lines.map((line, i) => (
        <li key={i}>
          {formatCount(line.quantity)} × {productName(locale, { id: line.productId, name: line.productId })}
          {line.options?.colour ? ` · ${choiceLabel(locale, 'colour', line.options.colour)}` : ''}
          {line.methods.length > 0 ? ` · ${line.methods.map((m) => methodLabel(locale, m)).join(', ')}` : ''}
          {line.sizes ? ` · ${formatSplit(line.sizes)}` : ''}
          {line.printTooLarge && (
            <span className="font-semibold text-red-800" data-testid="line-too-large">
              {` · ${t.lineTooLarge}`}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What blocks the job, or that it is ready. */
function JobBlocks({ job }: { job: BoardJob }) {
  const t = useT(productionMessages);
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" data-testid="job-blocks">
      {job.blocks.map((block) => (
        <li
          key={block}
          className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
        >
          {t[block]}
        </li>
      ))}
      {job.ready && (
        <li className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
          {t.ready}
        </li>
      )}
    </ul>
  );
}

function JobCard({ job }: { job: BoardJob }) {
  const t = useT(productionMessages);
  const { locale } = useLocale();
  const client = useQueryClient();
  const [shipping, setShipping] = useState(false);
  const [carrier, setCarrier] = useState<CarrierId>('postnord');
  const [tracking, setTracking] = useState('');
  const dateLocale = dateLocaleTag[locale];
  const move = useMutation({
    mutationFn: (to: 'in_production' | 'shipped') =>
      changeOrderStatus(
        job.orderNumber,
        to,
        to === 'shipped' ? { carrier, trackingNumber: tracking.trim() } : {},
        locale,
      ),
    onSuccess: () => {
      notify.success(t.moved({ order: job.orderNumber }));
      setShipping(false);
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => notify.error(error instanceof ApiError ? error.message : String(error)),
  });
  const statusLabels: Readonly<Record<string, string>> = orderStatusMessages[locale];
  return (
    <li
      className={`rounded-xl p-4 ring-1 ${job.atRisk ? 'bg-red-50 ring-2 ring-red-600' : 'bg-slate-50 ring-slate-200'}`}
      data-testid="board-job"
      data-order={job.orderNumber}
      data-at-risk={job.atRisk ? 'true' : undefined}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">{job.orderNumber}</p>
        <p className="text-sm font-semibold text-slate-900" data-testid="job-due">
          {t.shipBy}: {formatDate(job.shipBy, dateLocale)}
        </p>
      </div>
      <p className="text-sm text-slate-700">
        {job.customer} · {statusLabels[job.status] ?? job.status}
      </p>
      {job.atRisk && <p className="mt-1 text-sm font-bold text-red-800">{t.atRisk}</p>}
      {(job.late || job.paid !== undefined) && (
        <p className="mt-1 flex flex-wrap gap-1.5 text-xs font-semibold">
          {job.late && (
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-red-900">{t.lateBadge}</span>
          )}
          {job.paid !== undefined && (
            <span
              className={`rounded-full px-2 py-0.5 ${job.paid ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}
            >
              {job.paid ? t.paidBadge : t.unpaidBadge}
            </span>
          )}
        </p>
      )}
      <JobLines job={job} />
      <JobBlocks job={job} />
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-800 underline"
          href={productionPaths.jobTicket(job.orderNumber)}
          target="_blank"
          rel="noreferrer"
        >
          {t.ticket}
        </a>
        {job.lines.some((line) => line.groupGarments !== undefined) &&
          (['pdf', 'csv'] as const).map((format) => (
            <a
              key={format}
              className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-800 underline"
              href={productionPaths.packingList(job.orderNumber, format)}
              target={format === 'pdf' ? '_blank' : undefined}
              rel={format === 'pdf' ? 'noreferrer' : undefined}
              data-testid={`packing-list-${format}`}
            >
              {format === 'pdf' ? t.packingListPdf : t.packingListCsv}
            </a>
          ))}
        {job.status !== 'in_production' && (
          <Button size="sm" disabled={move.isPending} onClick={() => move.mutate('in_production')}>
            {t.toProduction}
          </Button>
        )}
        {job.status === 'in_production' && !shipping && (
          <Button size="sm" variant="secondary" onClick={() => setShipping(true)}>
            {t.ship}
          </Button>
        )}
      </div>
      {shipping && (
        <form
          className="mt-3 grid gap-2"
          aria-label={t.shipHeading({ order: job.orderNumber })}
          onSubmit={(event) => {
            event.preventDefault();
            move.mutate('shipped');
          }}
        >
          <label className="text-sm font-semibold text-slate-800">
            {t.carrier}
            <select
              className={`${selectClass} mt-1 block w-full`}
              value={carrier}
              onChange={(event) => setCarrier(event.target.value as CarrierId)}
            >
              {carrierIds
                .filter((c) => c !== 'other')
                .map((c) => (
                  <option key={c} value={c}>
                    {carrierNames[c]}
                  </option>
                ))}
            </select>
          </label>
          <label className="text-sm font-semibold text-slate-800">
            {t.tracking}
            <input
              className={`${selectClass} mt-1 block w-full`}
              value={tracking}
              onChange={(event) => setTracking(event.target.value)}
            />
          </label>
          <div className="flex gap-2">
            <Button size="sm" type="submit" disabled={move.isPending}>
              {t.confirmShip}
            </Button>
            <Button size="sm" variant="secondary" type="button" onClick={() => setShipping(false)}>
              {t.cancel}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

/**
 * Blanks to order: by default for every open job not yet in production (issue 41), or for jobs
 * due in a range; the per-job breakdown with each job's "blanks ordered" mark, and the CSV.
 */
export function BlanksPanel() {
  const t = useT(productionMessages);
  const talk = useT(orderTalkMessages);
  const { locale } = useLocale();
  const client = useQueryClient();
  const [from, setFrom] = useState<string>('');
  const [to, setTo] = useState<string>('');
  const range = from && to ? `?from=${from}&to=${to}` : '';
  const query = useQuery({
    queryKey: ['admin', 'blanks', from, to],
    queryFn: () => apiFetch<BlanksList>(`${productionPaths.blanks}${range}`),
    retry: false,
  });
  const mark = useMutation({
    mutationFn: (job: { orderNumber: string; ordered: boolean }) =>
      apiFetch(productionPaths.blanksOrdered(job.orderNumber), { method: job.ordered ? 'PUT' : 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'blanks'] }),
    onError: (error) => notify.error(error instanceof ApiError ? error.message : String(error)),
  });
  const dateLocale = dateLocaleTag[locale];
  const blanksColumns: Column[] = [
    { label: t.product },
    { label: t.colour },
    { label: t.size },
    { label: t.pieces, end: true },
    { label: t.toOrder, end: true },
    { label: t.perJob, className: 'py-2 pl-4' },
  ];
  return (
    <ToolPanel heading={t.blanksTitle} className="mt-6">
      {!range && <p className="mt-1 text-sm text-slate-700">{t.allOpenJobs}</p>}
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <label className="text-sm font-semibold text-slate-800">
          {t.from}
          <input
            type="date"
            className={`${selectClass} mt-1 block`}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label className="text-sm font-semibold text-slate-800">
          {t.to}
          <input
            type="date"
            className={`${selectClass} mt-1 block`}
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        <a
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline"
          href={`${productionPaths.blanksCsv}${range}`}
        >
          {t.downloadCsv}
        </a>
      </div>
      {query.data && query.data.jobs.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-bold uppercase tracking-wide text-slate-600">{t.blanksJobsTitle}</h3>
          <ul className="mt-2 divide-y divide-slate-100" data-testid="blanks-jobs">
            {query.data.jobs.map((job) => (
              <li
                key={job.orderNumber}
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              >
                <span>
                  <span className="font-semibold">{job.orderNumber}</span> · {job.customer} · {t.shipBy}:{' '}
                  {formatDate(job.shipBy, dateLocale)}
                  {job.blanksOrdered && (
                    <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                      {talk.blanksOrdered} ({job.blanksOrdered.by})
                    </span>
                  )}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={mark.isPending}
                  onClick={() => mark.mutate({ orderNumber: job.orderNumber, ordered: !job.blanksOrdered })}
                >
                  {job.blanksOrdered ? talk.unmarkBlanksOrdered : talk.markBlanksOrdered}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {query.isError && <p className="mt-3 text-sm text-red-700">{t.badRange}</p>}
      {query.data && query.data.rows.length === 0 && <p className="mt-3 text-slate-600">{t.noBlanks}</p>}
      {query.data && query.data.rows.length > 0 && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="blanks-table">
            <ColumnHeads cellClassName="py-2" columns={blanksColumns} />
            <tbody className="divide-y divide-slate-100">
              {query.data.rows.map((row) => (
                <tr key={`${row.productId}-${row.colour}-${row.size}`}>
                  <td className="py-2">{productName(locale, { id: row.productId, name: row.productId })}</td>
                  <td className="py-2">{row.colour ? choiceLabel(locale, 'colour', row.colour) : '–'}</td>
                  <td className="py-2">{row.size || '–'}</td>
                  <td className="py-2 text-right tabular-nums">{formatCount(row.pieces)}</td>
                  <td className="py-2 text-right font-semibold tabular-nums">{formatCount(row.toOrder)}</td>
                  <td className="py-2 pl-4 text-slate-700">
                    {row.jobs
                      .map(
                        (j) =>
                          `${j.orderNumber}: ${formatCount(j.pieces)} (${formatDate(j.shipBy, dateLocale)})${j.blanksOrdered ? ` ✓ ${talk.blanksOrdered}` : ''}`,
                      )
                      .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ToolPanel>
  );
}
