import { CalendarClock, TriangleAlert } from 'lucide-react';
import { useId, useSyncExternalStore } from 'react';
import type { Product } from '@/shared/catalogue';
import { addDays, formatDate, type CalendarDate } from '@/shared/dates';
import {
  estimatedDelivery,
  NEEDED_BY_MAX_DAYS_AHEAD,
  neededByAtRisk,
  neededByProblem,
  shippingZone,
  shippingZones,
  stockholmToday,
  type OrderDelivery,
} from '@/shared/delivery';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { deliveryMessages } from '@/shared/i18n/messages/delivery';
import { useLocale, useT } from '@/client/lib/i18n';
import { cn } from '@/client/lib/cn';
import { inputClass } from '@/client/components/ui/field';

/** Checks for a new day once a minute, so a page left open overnight moves its dates on. */
function subscribeToDayChange(onChange: () => void): () => void {
  const timer = setInterval(onChange, 60_000);
  return () => clearInterval(timer);
}

/**
 * Today in Stockholm. Server and browser render the same day except across midnight, when the
 * date elements suppress the one-off text mismatch and show the browser's day.
 */
export function useStockholmToday(): CalendarDate {
  return useSyncExternalStore(subscribeToDayChange, stockholmToday, stockholmToday);
}

function useFormatDelivery() {
  const { locale } = useLocale();
  return (date: CalendarDate) => formatDate(date, dateLocaleTag[locale], 'full');
}

/** Product page: the delivery date to each country group if the proof were approved today. */
export function ProductDelivery({ product }: { product: Product }) {
  const t = useT(deliveryMessages);
  const format = useFormatDelivery();
  const today = useStockholmToday();
  const headingId = useId();
  const example = { sweden: 'SE', nordics: 'NO', europe: 'DE' } as const;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl border border-slate-200 p-5 shadow-sm sm:p-6"
      data-testid="product-delivery"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <CalendarClock className="size-5 text-brand-700" aria-hidden />
        {t.heading}
      </h2>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        {shippingZones.map((zone) => (
          <div key={zone} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2">
            <dt className="text-slate-600">{t[zone]}</dt>
            <dd
              className="font-semibold text-slate-900"
              data-testid={`delivery-${zone}`}
              suppressHydrationWarning
            >
              {format(estimatedDelivery([product.id], example[zone], today))}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-600">{t.production({ days: product.productionDays })}</p>
      <p className="mt-1 text-sm text-slate-600">{t.fromApprovalToday}</p>
    </section>
  );
}

/** Why a needed-by date the buyer typed cannot be sent, in the page's language (the server says the same in English). */
export function neededByError(
  value: string,
  today: CalendarDate,
  t: (typeof deliveryMessages)['en'],
): string | undefined {
  if (value === '') return undefined;
  const problem = neededByProblem(value, today);
  if (!problem) return undefined;
  return { format: t.neededByFormat, past: t.neededByPast, tooFar: t.neededByTooFar }[problem];
}

/**
 * The cart: the estimate for the chosen country (approval assumed today) and the optional
 * needed-by date, with a warning before ordering when the estimate misses it.
 */
export function CartDelivery(props: {
  productIds: readonly string[];
  country: string;
  neededBy: string;
  onNeededByChange: (value: string) => void;
  /** A message from the last submit (ours or the server's). */
  error: string | undefined;
}) {
  const t = useT(deliveryMessages);
  const format = useFormatDelivery();
  const today = useStockholmToday();
  const id = useId();
  const zone = shippingZone(props.country);
  const estimate = estimatedDelivery(props.productIds, props.country, today);
  const problem = neededByError(props.neededBy, today, t);
  const shownError = props.error ?? (props.neededBy.length === 10 ? problem : undefined);
  const valid = props.neededBy !== '' && !problem;
  const atRisk = valid && neededByAtRisk(props.neededBy as CalendarDate, estimate);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 p-4 text-sm text-slate-700"
      data-testid="cart-delivery"
    >
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-medium text-slate-900">
        <CalendarClock className="size-4 text-brand-700" aria-hidden />
        {t.toZone({ zone: t[zone] })}
      </h3>
      <p
        className="mt-1 text-base font-semibold text-slate-900"
        data-testid="cart-delivery-date"
        data-date={estimate}
        suppressHydrationWarning
      >
        {format(estimate)}
      </p>
      <p className="mt-1 text-slate-600">{t.fromApprovalToday}</p>

      <label htmlFor={`${id}-needed-by`} className="mt-4 block font-medium text-slate-800">
        {t.neededBy}
      </label>
      <input
        id={`${id}-needed-by`}
        type="date"
        name="neededBy"
        value={props.neededBy}
        min={today}
        max={addDays(today, NEEDED_BY_MAX_DAYS_AHEAD)}
        onChange={(event) => props.onNeededByChange(event.target.value)}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
        className={cn(inputClass, 'sm:w-56')}
      />
      <p id={`${id}-hint`} className="mt-1 text-slate-600">
        {t.neededByHint}
      </p>
      {shownError && (
        <p id={`${id}-error`} className="mt-1 font-medium text-red-700" data-testid="needed-by-error">
          {shownError}
        </p>
      )}
      {atRisk && (
        <p
          role="status"
          className="mt-3 flex gap-2 rounded-lg bg-amber-50 p-3 font-medium text-amber-950 ring-1 ring-amber-200"
          data-testid="needed-by-at-risk"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {t.atRisk({ neededBy: format(props.neededBy as CalendarDate), estimate: format(estimate) })}
          </span>
        </p>
      )}
      {valid && !atRisk && (
        <p role="status" className="mt-2 font-medium text-emerald-800" data-testid="needed-by-in-time">
          {t.inTime({ neededBy: format(props.neededBy as CalendarDate) })}
        </p>
      )}
    </section>
  );
}

/** Rows for an order's delivery list (confirmation, order page): estimate, needed-by and the risk. */
export function OrderDeliveryRows({ delivery }: { delivery: OrderDelivery }) {
  const t = useT(deliveryMessages);
  const format = useFormatDelivery();
  return (
    <>
      <div>
        <dt className="text-sm text-slate-600">{t.heading}</dt>
        <dd className="font-semibold text-slate-900" data-testid="order-delivery-date">
          {format(delivery.estimate)}
        </dd>
        <dd className="text-sm text-slate-600">
          {delivery.countedFrom === 'today' ? t.fromApprovalToday : t.fromApproval}
        </dd>
      </div>
      {delivery.neededBy && (
        <div>
          <dt className="text-sm text-slate-600">{t.neededByShort}</dt>
          <dd className="text-slate-900" data-testid="order-needed-by">
            {format(delivery.neededBy)}
          </dd>
          {delivery.atRisk && (
            <dd
              className="mt-1 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-950 ring-1 ring-amber-200"
              data-testid="order-delivery-at-risk"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                {t.atRiskPlaced({ neededBy: format(delivery.neededBy), estimate: format(delivery.estimate) })}
              </span>
            </dd>
          )}
        </div>
      )}
    </>
  );
}
