import { CheckCircle2, Circle, ExternalLink, FileText, XCircle } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { formatDate, formatDateTime } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { orderPageMessages } from '@/shared/i18n/messages/order-page';
import { EuroInvoiceRows, RfReferenceRow } from '@/client/components/invoice-currency';
import { formatIban } from '@/shared/invoicing/seller-settings';
import { formatEuroDecimal, formatKrDecimal } from '@/shared/money-format';
import type { OrderActivity } from '@/shared/order-page';
import type { OrderStatus } from '@/shared/order-status';
import type { OrderView } from '@/shared/order-view';
import { ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { useShopContact } from '@/client/lib/shop-contact';
import {
  invoiceLinks,
  tokenFromHash,
  useOrderActivity,
  useOrderView,
  useRefreshOrder,
  type OrderAccess,
} from '@/client/features/order-page/order-page-api';
import { OrderLines } from '@/client/components/order-lines';
import { BuyerQueries } from '@/client/lib/buyer-queries';
import { ProofPanel } from '@/client/features/order-page/proof-panel';
import { CancelOrder } from '@/client/features/order-page/cancel-order';
import { OrderMessages } from '@/client/features/order-page/order-messages';
import {
  CreditNoteLinks,
  EInvoiceLink,
  OrderLineChanges,
  OrderPaymentState,
} from '@/client/features/order-page/order-money';
import { TimelineStepEvents } from '@/client/features/order-page/timeline-events';
import { OrderDeliveryRows } from '@/client/components/delivery-estimate';
import { OrderPrintFiles, SupplementaryInvoiceLinks } from '@/client/features/order-page/order-print-files';
import { orderLookupPath } from '@/shared/order-lookup';
import { Button } from '@/client/components/ui/button';
import { ClaimForCompany } from '@/client/features/account/claim-for-company';
import { textLinkClass } from '@/client/components/ui/text-link';

function Card(props: { title: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section
      aria-label={props.title}
      data-testid={props.testId}
      className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${props.className ?? ''}`}
    >
      <h2 className="text-lg font-semibold text-slate-900">{props.title}</h2>
      {props.children}
    </section>
  );
}

/** The order page's access: the number from the path, the token from the fragment (read after mount). */
function useOrderAccess(): OrderAccess | null | undefined {
  const params = useParams<{ number: string }>();
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const read = () => setToken(tokenFromHash(window.location.hash) ?? null);
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  const access = useMemo(
    (): OrderAccess | null | undefined =>
      typeof token === 'string' ? { orderNumber: params.number, token } : token,
    [params.number, token],
  );
  return access;
}

export function OrderPage() {
  return (
    <BuyerQueries>
      <OrderPageContent />
    </BuyerQueries>
  );
}

function OrderPageContent() {
  const access = useOrderAccess();
  const t = useT(orderPageMessages);
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:py-14">
      {access === undefined && <div className="min-h-[60vh]" aria-busy="true" />}
      {access === null && <NoAccess />}
      {access && <OrderLoader access={access} key={`${access.orderNumber}#${access.token}`} />}
      <p className="sr-only" aria-live="polite">
        {access === undefined ? t.loading : ''}
      </p>
    </main>
  );
}

function NoAccess() {
  const t = useT(orderPageMessages);
  return (
    <div role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-950">
      <h1 className="text-xl font-semibold">{t.noAccessHeading}</h1>
      <p className="mt-2">{t.noAccessText}</p>
      <Link href={orderLookupPath} className="mt-3 inline-block font-semibold underline">
        {t.lookupLink}
      </Link>
    </div>
  );
}

function OrderLoader({ access }: { access: OrderAccess }) {
  const t = useT(orderPageMessages);
  const view = useOrderView(access);
  const activity = useOrderActivity(access);
  const refresh = useRefreshOrder(access);
  const error = view.error ?? activity.error;
  if (error instanceof ApiError && error.status === 404) return <NoAccess />;
  if (error) {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
        <h1 className="text-xl font-semibold">{t.loadFailed}</h1>
        <p className="mt-1">{error.message}</p>
        <Button variant="danger" onClick={refresh} className="mt-4">
          {t.retry}
        </Button>
      </div>
    );
  }
  if (!view.data || !activity.data) return <div className="min-h-[60vh]" aria-busy="true" />;
  return <OrderDetails order={view.data} activity={activity.data} access={access} reload={refresh} />;
}

const progress: readonly OrderStatus[] = ['pending', 'in_production', 'shipped'];

function Timeline({ order, activity }: { order: OrderView; activity: OrderActivity }) {
  const status = order.status;
  const t = useT(orderPageMessages);
  const { locale } = useLocale();
  const eventOf = (step: OrderStatus) => activity.events.findLast((e) => e.status === step);
  const steps: OrderStatus[] =
    status === 'cancelled'
      ? [...activity.events.map((e) => e.status).filter((s) => s !== 'cancelled'), 'cancelled']
      : [...progress];
  const reached = new Set(activity.events.map((e) => e.status));
  return (
    <ol className="mt-4 space-y-3" data-testid="order-timeline">
      {steps.map((step) => {
        const event = eventOf(step);
        const at = event?.at;
        const done = reached.has(step);
        const Icon = step === 'cancelled' ? XCircle : done ? CheckCircle2 : Circle;
        return (
          <li key={step} className="flex items-start gap-3" data-step={step} data-done={done}>
            <Icon
              className={`mt-0.5 size-5 shrink-0 ${
                step === 'cancelled' ? 'text-red-700' : done ? 'text-emerald-600' : 'text-slate-400'
              }`}
              aria-hidden
            />
            <div className="min-w-0">
              <p className={done ? 'font-semibold text-slate-900' : 'text-slate-600'}>
                {/* Once paid, the first step is the order being placed, no longer awaiting payment. */}
                {step === 'pending' && status !== 'pending' ? t.placed : t[step]}
              </p>
              <p className="text-sm text-slate-600">
                {at ? formatDateTime(at, dateLocaleTag[locale]) : t.upcoming}
              </p>
              {event?.shipment && (
                <p className="text-sm text-slate-700" data-testid="order-shipment">
                  {event.shipment.carrier} ·{' '}
                  {event.shipment.trackingUrl ? (
                    <a
                      href={event.shipment.trackingUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={textLinkClass()}
                    >
                      {t.trackShipment({ number: event.shipment.trackingNumber })}
                    </a>
                  ) : (
                    event.shipment.trackingNumber
                  )}
                </p>
              )}
              <TimelineStepEvents
                activity={activity}
                supplementaryInvoices={order.supplementaryInvoices}
                step={step}
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** How to pay: the amount, due date, accounts and the OCR reference (a euro invoice: its IBAN and RF reference). */
function OrderPayment({ order }: { order: OrderView }) {
  const t = useT(orderPageMessages);
  const { locale } = useLocale();
  const dateTag = dateLocaleTag[locale];
  return (
    <Card title={t.payment} testId="order-payment-card">
      <dl className="mt-4 space-y-3 text-sm">
        <OrderPaymentState money={order.money} invoiceCurrency={order.invoiceCurrency} />
        <div>
          <dt className="text-slate-600">{t.amount}</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid="order-amount">
            {order.invoiceCurrency
              ? formatEuroDecimal(order.invoiceCurrency.total)
              : formatKrDecimal(order.payment.amount)}
          </dd>
        </div>
        {order.invoiceCurrency && (
          <div className="space-y-3" data-testid="euro-invoice">
            <EuroInvoiceRows info={order.invoiceCurrency} />
          </div>
        )}
        <div>
          <dt className="text-slate-600">{t.dueDate}</dt>
          <dd className="text-slate-900">{formatDate(order.dueDate, dateTag)}</dd>
        </div>
        {/* A euro invoice is paid to the euro IBAN: no Swedish account, no bankgiro. */}
        {!order.invoiceCurrency && (
          <>
            <div>
              <dt className="text-slate-600">{t.bankgiro}</dt>
              <dd className="font-mono font-semibold text-slate-900">{order.payment.bankgiro}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t.bankAccount}</dt>
              <dd className="font-mono font-semibold text-slate-900">{order.payment.bankAccount}</dd>
            </div>
          </>
        )}
        {order.payment.iban && (
          <div>
            <dt className="text-slate-600">{t.ibanBic}</dt>
            <dd className="font-mono font-semibold break-words text-slate-900">
              {formatIban(order.payment.iban)} · {order.payment.bic}
            </dd>
          </div>
        )}
        <div>
          <dt className="text-slate-600">{t.ocr}</dt>
          <dd className="font-mono font-semibold text-slate-900">{order.payment.ocr}</dd>
        </div>
        {order.invoiceCurrency && <RfReferenceRow ocr={order.payment.ocr} />}
      </dl>
    </Card>
  );
}

/** The order's invoice (page, PDF, e-invoice), its supplementary invoices and credit notes. */
function OrderInvoices({ order, access }: { order: OrderView; access: OrderAccess }) {
  const t = useT(orderPageMessages);
  const links = invoiceLinks(access);
  return (
    <Card title={t.invoices} testId="order-invoices">
      <ul className="mt-3 space-y-2">
        <li>
          <a
            href={links.html}
            target="_blank"
            rel="noopener noreferrer"
            className={textLinkClass({ icon: true })}
          >
            <ExternalLink className="size-4" aria-hidden />
            {t.invoiceView} {order.orderNumber}
          </a>
        </li>
        <li>
          <a
            href={links.pdf}
            download={`Invoice_${order.orderNumber}.pdf`}
            className={textLinkClass({ icon: true })}
          >
            <FileText className="size-4" aria-hidden />
            {t.invoicePdf}
          </a>
        </li>
        {order.money.documents.some((d) => d.number === order.orderNumber && d.xml) && (
          <li>
            <EInvoiceLink order={order} access={access} number={order.orderNumber} />
          </li>
        )}
      </ul>
      <SupplementaryInvoiceLinks order={order} access={access} />
      <CreditNoteLinks order={order} access={access} />
    </Card>
  );
}

function OrderDetails(props: {
  order: OrderView;
  activity: OrderActivity;
  access: OrderAccess;
  reload: () => void;
}) {
  const { order, activity, access } = props;
  const t = useT(orderPageMessages);
  const { locale } = useLocale();
  const dateTag = dateLocaleTag[locale];
  const seller = useShopContact();
  // Each print beside its words from the view ("Screentryck (Framsida)"), in the line's order.
  const prints = order.lines.flatMap((line, lineIndex) =>
    (line.customisation?.prints ?? []).map((print, index) => ({
      // One file may be printed on several sides and lines: its place in the order is the key.
      key: `${lineIndex}-${index}`,
      line: line.text.name,
      uploadId: print.uploadId,
      method: print.method,
      words: line.text.prints[index] ?? '',
    })),
  );
  return (
    <>
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t.heading({ number: order.orderNumber })}
        </h1>
        <p className="mt-1 text-slate-600">
          {t.placedOn({ date: formatDate(order.orderDate, dateTag, 'long') })}
          {order.quoteNumber && (
            <span data-testid="order-quote"> {t.fromQuote({ number: order.quoteNumber })}</span>
          )}{' '}
          · <span data-testid="order-status">{order.statusLabel}</span>
        </p>
      </header>

      {/* Only a company's order can be claimed for a company: no question asked for the others. */}
      {order.customer.customerType === 'company' && (
        <ClaimForCompany number={order.orderNumber} token={access.token} className="mt-6" />
      )}

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {/* A cancelled order never gets a proof: no promise of one. */}
        {(order.status !== 'cancelled' || activity.proofs.length > 0) && (
          <ProofPanel
            access={access}
            status={order.status}
            proofs={activity.proofs}
            onDecided={props.reload}
            className="md:col-span-2"
          />
        )}
        <Card title={t.timeline} testId="order-timeline-card">
          <Timeline order={order} activity={activity} />
        </Card>

        <OrderPayment order={order} />

        <Card title={t.lines} className="md:col-span-2" testId="order-lines">
          <OrderLines order={order} />
        </Card>

        <Card title={t.printFiles} testId="order-print-files">
          {prints.length > 0 ? (
            <ul className="mt-3 grid grid-cols-2 gap-3">
              {prints.map((print) => (
                <li key={print.key} className="text-sm text-slate-700">
                  <img
                    src={`/api/uploads/${encodeURIComponent(print.uploadId)}`}
                    alt={t.designAlt({ print: print.words })}
                    loading="lazy"
                    className="h-28 w-full rounded-lg bg-slate-100 object-contain"
                  />
                  <p className="mt-1">
                    {print.line}: {print.words}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            order.printFiles.length === 0 && <p className="mt-2 text-sm text-slate-700">{t.noPrintFiles}</p>
          )}
          <OrderPrintFiles order={order} access={access} onAdded={props.reload} />
          {seller && (
            <p className="mt-3 text-sm text-slate-700">
              {t.printFilesByEmail({ email: seller.email, number: order.orderNumber })}
            </p>
          )}
        </Card>

        <OrderInvoices order={order} access={access} />

        <Card title={t.delivery} className="md:col-span-2">
          <dl className="mt-3 space-y-3">
            <OrderDeliveryRows delivery={order.delivery} />
          </dl>
          <p className="mt-3 whitespace-pre-line text-slate-900">
            {order.customer.companyName ? `${order.customer.companyName}\n` : ''}
            {order.customer.name}
            {'\n'}
            {order.customer.address}
            {'\n'}
            {order.customer.countryName}
          </p>
        </Card>
        <OrderLineChanges order={order} access={access} />
        <OrderMessages order={order} access={access} onSent={props.reload} />
        <CancelOrder order={order} access={access} onCancelled={props.reload} />
      </div>
      <p className="mt-8 text-center">
        <Link href="/" className="text-brand-800 underline">
          {t.backToShop}
        </Link>
      </p>
    </>
  );
}
