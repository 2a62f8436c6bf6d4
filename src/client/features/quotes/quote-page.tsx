import { Loader2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { formatDate } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { quoteMessages } from '@/shared/i18n/messages/quotes';
import { formatEuroDecimal, formatKrDecimal, formatUnitPriceDecimal } from '@/shared/money-format';
import { orderPagePath } from '@/shared/order-page';
import type { QuoteView } from '@/shared/quotes';
import { ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { Button, buttonClass } from '@/client/components/ui/button';
import { inputClass } from '@/client/components/ui/field';
import { textLinkClass } from '@/client/components/ui/text-link';
import { acceptQuote, declineQuote, fetchQuote } from './quote-api';

/** A fresh idempotency key for one acceptance (a double click sends the same one). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The quote page (/quotes/:number?token=…): the quote, its PDF, accept or decline. `aside` is what
 * the app adds under the heading once the quote is shown (the company claim, issue 43).
 */
export function QuotePage({ number, token, aside }: { number: string; token: string; aside?: ReactNode }) {
  const t = useT(quoteMessages);
  const { locale } = useLocale();
  const [quote, setQuote] = useState<QuoteView | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    let live = true;
    fetchQuote(number, token).then(
      (view) => live && setQuote(view),
      () => live && setMissing(true),
    );
    return () => {
      live = false;
    };
  }, [number, token, locale]);

  if (missing || token === '') {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-12">
        <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {t.notFound}
        </p>
      </main>
    );
  }
  if (!quote) {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-12" aria-busy="true">
        <Loader2 className="size-6 animate-spin text-slate-500" aria-hidden />
      </main>
    );
  }
  return <QuoteDetails quote={quote} token={token} onChanged={setQuote} aside={aside} />;
}

/** What the quote's page and its actions need: the quote, its link's token, where a changed quote goes. */
interface QuoteAction {
  quote: QuoteView;
  token: string;
  /** The quote as the server has it now (after a decline, or when it changed underneath). */
  onChanged: (view: QuoteView) => void;
}

function QuoteDetails({ quote, token, onChanged, aside }: QuoteAction & { aside?: ReactNode }) {
  const t = useT(quoteMessages);
  const open = quote.status === 'sent';
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          {t.title} {quote.quoteNumber}
        </h1>
        <span
          data-testid="quote-status"
          className="rounded-full border border-slate-300 bg-slate-50 px-3 py-1 text-sm font-semibold text-slate-800"
        >
          {quote.statusLabel}
        </span>
      </div>
      {quote.changed && (
        <p role="status" className="mt-4 rounded-xl border border-blue-200 bg-blue-50 p-3 text-blue-950">
          {t.changed({ version: quote.version })}
        </p>
      )}
      {aside}
      <QuoteSummary quote={quote} />

      <QuoteLines quote={quote} />

      {quote.note && (
        <p className="mt-4 rounded-xl border border-slate-200 bg-white p-4 text-slate-800">
          <span className="font-semibold">{t.note}: </span>
          {quote.note}
        </p>
      )}
      <p className="mt-4 text-sm text-slate-600">{t.notAnInvoice}</p>
      <a
        href={`${quote.pdf}&inline=1`}
        target="_blank"
        rel="noopener"
        className={`${buttonClass({ variant: 'secondary', size: 'md' })} mt-4`}
        data-testid="quote-pdf"
      >
        {t.openPdf}
      </a>

      <section aria-labelledby="quote-terms" className="mt-8">
        <h2 id="quote-terms" className="text-lg font-semibold text-slate-900">
          {t.termsHeading}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          {quote.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ol>
      </section>

      {quote.status === 'accepted' && quote.acceptedOrderNumber && (
        <p
          role="status"
          className="mt-8 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950"
        >
          {t.acceptedNotice({ order: quote.acceptedOrderNumber })}
        </p>
      )}
      {quote.status === 'declined' && (
        <p role="status" className="mt-8 rounded-xl border border-slate-300 bg-slate-50 p-4">
          {t.declined}
        </p>
      )}
      {quote.status === 'expired' && (
        <div role="status" className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p>{t.expiredNotice}</p>
          <Link href="/cart" className={`${textLinkClass()} mt-2 inline-block`}>
            {t.askAgain}
          </Link>
        </div>
      )}
      {open && <AcceptForm quote={quote} token={token} onChanged={onChanged} />}
    </main>
  );
}

function AcceptForm({ quote, token, onChanged }: QuoteAction) {
  const t = useT(quoteMessages);
  const uid = useId();
  const [, navigate] = useLocation();
  const [acceptedBy, setAcceptedBy] = useState('');
  const [purchaseOrder, setPurchaseOrder] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [key] = useState(newKey);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refused: Record<string, string> = {};
    if (acceptedBy.trim() === '') refused.acceptedBy = t.acceptedByRequired;
    if (!terms) refused.termsAccepted = t.termsRequired;
    setErrors(refused);
    if (Object.keys(refused).length > 0) return;
    setBusy(true);
    try {
      const order = await acceptQuote(quote.quoteNumber, token, {
        idempotencyKey: key,
        acceptedBy: acceptedBy.trim(),
        termsAccepted: true,
        ...(purchaseOrder.trim() ? { purchaseOrder: purchaseOrder.trim() } : {}),
      });
      navigate(orderPagePath(order.orderNumber, order.accessToken));
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fieldErrors);
        notify.error(error.message);
        if (error.status === 409) onChanged(await fetchQuote(quote.quoteNumber, token));
      } else notify.error(t.invalidQuote);
    } finally {
      setBusy(false);
    }
  };

  const input = inputClass;
  return (
    <section
      aria-labelledby={`${uid}-accept`}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id={`${uid}-accept`} className="text-xl font-semibold text-slate-900">
        {t.acceptHeading}
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <div>
          <label htmlFor={`${uid}-by`} className="block text-sm font-semibold text-slate-800">
            {t.acceptedBy}
          </label>
          <input
            id={`${uid}-by`}
            name="acceptedBy"
            autoComplete="name"
            className={input}
            value={acceptedBy}
            onChange={(e) => setAcceptedBy(e.target.value)}
            aria-invalid={errors.acceptedBy ? true : undefined}
            aria-describedby={errors.acceptedBy ? `${uid}-by-error` : undefined}
          />
          {errors.acceptedBy && (
            <p id={`${uid}-by-error`} className="mt-1 text-sm text-red-700">
              {errors.acceptedBy}
            </p>
          )}
        </div>
        {quote.customer.customerType === 'company' && (
          <div>
            <label htmlFor={`${uid}-po`} className="block text-sm font-semibold text-slate-800">
              {t.purchaseOrder}
            </label>
            <input
              id={`${uid}-po`}
              name="purchaseOrder"
              className={input}
              value={purchaseOrder}
              onChange={(e) => setPurchaseOrder(e.target.value)}
            />
          </div>
        )}
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name="termsAccepted"
              className="mt-0.5 size-5"
              checked={terms}
              onChange={(e) => setTerms(e.target.checked)}
              aria-invalid={errors.termsAccepted ? true : undefined}
            />
            <span>{t.acceptTerms}</span>
          </label>
          <a href="/terms" target="_blank" rel="noopener" className={`ml-7 block text-sm ${textLinkClass()}`}>
            {t.readTerms}
          </a>
          {errors.termsAccepted && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errors.termsAccepted}
            </p>
          )}
        </div>
        <Button type="submit" size="xl" block disabled={busy} disabledLook="busy" data-testid="accept-quote">
          {busy && <Loader2 className="size-5 animate-spin" aria-hidden />}
          {busy ? (
            t.placingOrder
          ) : (
            // At 390 px the amount goes whole onto a line of its own rather than breaking inside it.
            <span className="flex flex-wrap justify-center gap-x-2">
              <span>
                {t.accept}
                <span className="hidden sm:inline"> ·</span>
              </span>
              <span className="whitespace-nowrap" data-testid="accept-amount">
                {formatKrDecimal(quote.total)}
              </span>
            </span>
          )}
        </Button>
      </form>
      <DeclineQuote quote={quote} token={token} onChanged={onChanged} />
    </section>
  );
}

/** The quote's date, validity, buyer and estimated delivery. */
function QuoteSummary({ quote }: { quote: QuoteView }) {
  const t = useT(quoteMessages);
  const date = (value: string) => formatDate(value, dateLocaleTag[quote.locale], 'long');
  return (
    <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-2 rounded-2xl border border-slate-200 bg-white p-5 text-sm sm:grid-cols-2">
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{t.quoteDate}</dt>
        <dd className="font-semibold">{date(quote.issuedOn)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{t.validUntil}</dt>
        <dd className="font-semibold" data-testid="quote-valid-until">
          {date(quote.validUntil)}
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{t.quoteFor}</dt>
        <dd className="text-right font-semibold">
          {quote.customer.companyName || quote.customer.name}, {quote.customer.countryName}
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{t.estimatedDelivery}</dt>
        <dd className="text-right font-semibold">
          {date(quote.delivery.estimate)}
          <span className="block text-xs font-normal text-slate-600">{t.deliveryAfterAcceptance}</span>
        </dd>
      </div>
    </dl>
  );
}

/** Each line with its quantity, unit price and total, then VAT and the total (and in EUR). */
function QuoteLines({ quote }: { quote: QuoteView }) {
  const t = useT(quoteMessages);
  const kr = (decimal: string) => formatKrDecimal(decimal);
  return (
    <section
      aria-label={t.title}
      className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white"
    >
      <ul className="divide-y divide-slate-200">
        {quote.lines.map((line, index) => (
          <li
            key={index}
            className="flex flex-wrap justify-between gap-x-6 gap-y-1 p-4"
            data-testid="quote-line"
          >
            <div className="min-w-0 flex-1 basis-60">
              <p className="font-semibold text-slate-900">{line.name}</p>
              {line.details.map((detail) => (
                <p key={detail.part} className="text-sm text-slate-600">
                  {detail.text}
                </p>
              ))}
              {line.negotiated && <p className="text-sm font-medium text-emerald-700">{t.negotiated}</p>}
            </div>
            <div className="text-right text-sm">
              <p className="text-slate-600">
                {line.quantity} × {formatUnitPriceDecimal(line.price.unit)}
              </p>
              <p className="text-base font-semibold text-slate-900">{kr(line.price.total)}</p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 border-t border-slate-200 bg-slate-50 p-4 text-sm">
        <div className="flex justify-between">
          <dt>{quote.vatTreatmentLabel}</dt>
          <dd>{kr(quote.vat)}</dd>
        </div>
        <div className="flex justify-between text-lg font-bold text-slate-900">
          <dt>{t.total}</dt>
          <dd data-testid="quote-total">{kr(quote.total)}</dd>
        </div>
        {quote.inCurrency && (
          <div className="flex justify-between text-slate-700">
            <dt>EUR</dt>
            <dd>{formatEuroDecimal(quote.inCurrency.total)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** Declining the quote, with an optional reason (the shop gets an email). */
function DeclineQuote({ quote, token, onChanged }: QuoteAction) {
  const t = useT(quoteMessages);
  const uid = useId();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const input = inputClass;

  const decline = async () => {
    try {
      await declineQuote(quote.quoteNumber, token, reason.trim());
      onChanged(await fetchQuote(quote.quoteNumber, token));
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : t.invalidQuote);
    }
  };

  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      {declining ? (
        <div className="space-y-2">
          <label htmlFor={`${uid}-reason`} className="block text-sm font-semibold text-slate-800">
            {t.declineReason}
          </label>
          <textarea
            id={`${uid}-reason`}
            className={input}
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <Button type="button" variant="danger-outline" onClick={() => void decline()}>
            {t.declineConfirm}
          </Button>
        </div>
      ) : (
        <Button type="button" variant="secondary" size="sm" onClick={() => setDeclining(true)}>
          {t.decline}
        </Button>
      )}
    </div>
  );
}
