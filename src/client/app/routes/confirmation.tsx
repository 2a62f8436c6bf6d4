import { CheckCircle2, Copy, Download, ExternalLink, FileText } from 'lucide-react';
import { formatIban } from '@/shared/invoicing/seller-settings';
import { EuroInvoiceRows, RfReferenceRow } from '@/client/components/invoice-currency';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Redirect } from 'wouter';
import { formatDate } from '@/shared/dates';
import { formatEuroDecimal, formatKrDecimal } from '@/shared/money-format';
import type { OrderView } from '@/shared/order-view';
import { CONVERSION_FEE_KR } from '@/shared/terms';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { formatFileSize } from '@/shared/print-files';
import { useLocale, useT } from '@/client/lib/i18n';
import { confirmationMessages } from '@/shared/i18n/messages/confirmation';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { ApiError } from '@/client/lib/api';
import { useShopContact } from '@/client/lib/shop-contact';
import { notify } from '@/client/lib/notify';
import { invoicingMessages } from '@/shared/i18n/messages/invoicing';
import { orderPageMessages } from '@/shared/i18n/messages/order-page';
import { orderPagePath } from '@/shared/order-page';
import { OrderDeliveryRows } from '@/client/components/delivery-estimate';
import { OrderLines } from '@/client/components/order-lines';
import { BuyerQueries } from '@/client/lib/buyer-queries';
import { useOrderView } from '@/client/features/order-page/order-page-api';
import {
  fetchInvoiceHtml,
  invoicePdfUrl,
  invoiceUrl,
  readLastOrder,
  saveLastOrder,
  type LastOrder,
} from '@/client/features/checkout/order-api';
import { Button, buttonClass } from '@/client/components/ui/button';

const sek = formatKrDecimal;

function Card(props: { title: string; children: ReactNode; className?: string }) {
  return (
    <section
      aria-label={props.title}
      className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${props.className ?? ''}`}
    >
      <h2 className="text-lg font-semibold text-slate-900">{props.title}</h2>
      {props.children}
    </section>
  );
}

export function ConfirmationPage() {
  return (
    <BuyerQueries>
      <ConfirmationLoader />
    </BuyerQueries>
  );
}

function ConfirmationLoader() {
  const [last] = useState(readLastOrder);
  const t = useT(confirmationMessages);
  const access = useMemo(
    () => (last ? { orderNumber: last.orderNumber, token: last.accessToken } : null),
    [last],
  );
  // A page without a stored order asks for nothing: the hook needs an access, so it gets a blank one.
  const query = useOrderView(access ?? { orderNumber: '', token: '' }, { enabled: access !== null });
  const gone = !last || (query.error instanceof ApiError && query.error.status === 404);
  useEffect(() => {
    // The order no longer answers: forget it, so the next visit goes home at once.
    if (last && gone) saveLastOrder(null);
  }, [last, gone]);

  if (!last || gone) return <Redirect to="/" replace />;

  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:py-14">
      {query.isPending && <div className="min-h-[60vh]" aria-busy="true" />}
      {query.isError && (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
          <h1 className="text-xl font-semibold">{t.loadFailedHeading}</h1>
          {/* The server's own words when it answered; the page's when the network failed. */}
          <p className="mt-1">{query.error instanceof ApiError ? query.error.message : t.loadFailed}</p>
          <Button variant="danger" onClick={() => void query.refetch()} className="mt-4">
            {t.tryAgain}
          </Button>
        </div>
      )}
      {query.isSuccess && <Confirmation order={query.data} last={last} />}
    </main>
  );
}

/** The order page: status, proofs and invoices after today, behind the buyer's token (in the fragment). */
function OrderPageLink({ last }: { last: LastOrder }) {
  const t = useT(orderPageMessages);
  return (
    <section className="mt-8 rounded-2xl border border-brand-200 bg-brand-50 p-5 text-center text-brand-950 sm:p-6">
      <Link
        href={orderPagePath(last.orderNumber, last.accessToken)}
        className={buttonClass({ size: 'lg' })}
        data-testid="order-page-link"
      >
        {t.openOrderPage}
      </Link>
      <p className="mt-2 text-sm">{t.openOrderPageHint}</p>
    </section>
  );
}

/** How to pay the invoice: accounts, amount, due date and the OCR reference, each to copy. */
function ConfirmationPayment({ order }: { order: OrderView }) {
  const { locale } = useLocale();
  const t = useT(confirmationMessages);
  const it = useT(invoicingMessages);
  const copyAccount = async () => {
    try {
      await navigator.clipboard.writeText(order.payment.bankAccount);
      notify.success(t.accountCopied);
    } catch {
      notify.error(t.copyFailed, { description: t.accountNumberIs({ account: order.payment.bankAccount }) });
    }
  };

  return (
    <Card title={t.paymentHeading}>
      <p className="mt-1 text-sm text-slate-600">{t.payWithin}</p>
      <dl className="mt-4 space-y-3">
        {/* A euro invoice is paid to the euro IBAN below: no Swedish account, no bankgiro. */}
        {!order.invoiceCurrency && (
          <>
            <div>
              <dt className="text-sm text-slate-600">{t.bankAccount}</dt>
              <dd className="flex items-center gap-2">
                <span className="font-mono text-lg font-semibold text-slate-900" data-testid="bank-account">
                  {order.payment.bankAccount}
                </span>
                <button
                  type="button"
                  onClick={() => void copyAccount()}
                  aria-label={t.copyAccount}
                  className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                >
                  <Copy className="size-4" aria-hidden />
                </button>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{it.bankgiro}</dt>
              <dd className="font-mono font-semibold text-slate-900">{order.payment.bankgiro}</dd>
            </div>
          </>
        )}
        {order.payment.iban && (
          <div>
            <dt className="text-sm text-slate-600">
              {it.iban} · {it.bic}
            </dt>
            <dd className="font-mono font-semibold break-words text-slate-900">
              {formatIban(order.payment.iban)} · {order.payment.bic}
            </dd>
          </div>
        )}
        <div>
          <dt className="text-sm text-slate-600">{it.toPay}</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid="amount-to-pay">
            {order.invoiceCurrency
              ? formatEuroDecimal(order.invoiceCurrency.total)
              : sek(order.payment.amount)}
          </dd>
        </div>
        {order.invoiceCurrency && (
          <div className="space-y-3 text-sm" data-testid="euro-invoice">
            <EuroInvoiceRows info={order.invoiceCurrency} />
          </div>
        )}
        <div>
          <dt className="text-sm text-slate-600">{it.ocr}</dt>
          <dd className="font-mono text-lg font-semibold text-slate-900" data-testid="ocr-reference">
            {order.payment.ocr}
          </dd>
        </div>
        {order.invoiceCurrency && <RfReferenceRow ocr={order.payment.ocr} className="text-sm" />}
        <div>
          <dt className="text-sm text-slate-600">{it.vatHeading}</dt>
          <dd className="text-slate-900" data-testid="vat-treatment">
            {order.vatTreatmentLabel}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t.dueDate}</dt>
          <dd className="text-slate-900" data-testid="due-date">
            {formatDate(order.dueDate, dateLocaleTag[locale], locale === 'sv' ? 'short' : 'long')}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** The next step: the proof when files came with the order, else sending them; and whom to ask. */
function NextStep({ order }: { order: OrderView }) {
  const t = useT(confirmationMessages);
  const pt = useT(printFileMessages);
  const seller = useShopContact();
  return (
    <section className="mt-6 rounded-2xl bg-brand-50 p-5 text-brand-900 sm:p-6" aria-label={t.nextStepLabel}>
      {/* Files already attached: the next step is the proof, not an upload (issue 45). */}
      <h2 className="font-semibold">
        {order.printFiles.length > 0 ? t.nextStepProofHeading : t.nextStepHeading}
      </h2>
      <div className="mt-1 text-sm" data-testid="received-print-files">
        {order.printFiles.length > 0 ? (
          <>
            <p className="font-medium">{pt.received}:</p>
            <ul className="mt-1 list-disc pl-5">
              {order.printFiles.map((file) => (
                <li key={file.id}>
                  {file.name || pt.unnamed} ({pt[file.kind]}, {formatFileSize(file.bytes)})
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{pt.noneReceived}</p>
        )}
      </div>
      <p className="mt-2 text-sm">
        {order.printFiles.length > 0 ? t.filesReceived : t.uploadFiles({ fee: `${CONVERSION_FEE_KR} kr` })}
      </p>
      <p className="mt-2 text-sm">
        {t.questionsTo}{' '}
        {seller ? (
          <a
            className="font-semibold underline"
            href={`mailto:${seller.email}?subject=${encodeURIComponent(order.orderNumber)}`}
            data-testid="seller-email"
          >
            {seller.email}
          </a>
        ) : (
          t.us
        )}
      </p>
    </section>
  );
}

function Confirmation({ order, last }: { order: OrderView; last: LastOrder }) {
  const t = useT(confirmationMessages);
  const it = useT(invoicingMessages);
  const download = async () => {
    try {
      const html = await fetchInvoiceHtml(last);
      const url = URL.createObjectURL(new Blob([html], { type: 'text/html;charset=utf-8' }));
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `Invoice_${order.orderNumber}.html`;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      notify.success(t.invoiceDownloaded);
    } catch {
      notify.error(t.downloadFailed, { description: t.pleaseTryAgain });
    }
  };

  const { customer } = order;
  return (
    <>
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-16 text-emerald-600" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t.thanks}</h1>
        <p className="mt-3 text-lg text-slate-700">
          {t.invoiceNumber}{' '}
          <strong className="font-semibold text-slate-900" data-testid="invoice-number">
            {order.orderNumber}
          </strong>
        </p>
        <p className="mt-1 text-slate-600">
          {t.copySentTo} <span className="font-medium text-slate-800">{customer.email}</span>.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <a href={invoiceUrl(last)} target="_blank" rel="noopener" className={buttonClass({ size: 'lg' })}>
            <ExternalLink className="size-5" aria-hidden />
            {t.viewInvoice}
          </a>
          <Button variant="secondary" size="lg" onClick={() => void download()}>
            <Download className="size-5" aria-hidden />
            {t.downloadInvoice}
          </Button>
          <a
            href={invoicePdfUrl(last)}
            download={`Invoice_${order.orderNumber}.pdf`}
            className={buttonClass({ variant: 'secondary', size: 'lg' })}
          >
            <FileText className="size-5" aria-hidden />
            {it.downloadPdf}
          </a>
        </div>
      </div>

      <OrderPageLink last={last} />

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <ConfirmationPayment order={order} />

        <Card title={t.deliveryHeading}>
          <dl className="mt-4 space-y-3">
            <OrderDeliveryRows delivery={order.delivery} />
            {customer.companyName && (
              <div>
                <dt className="text-sm text-slate-600">{t.company}</dt>
                <dd className="text-slate-900">{customer.companyName}</dd>
              </div>
            )}
            <div>
              <dt className="text-sm text-slate-600">
                {customer.customerType === 'company' ? t.contactPerson : t.name}
              </dt>
              <dd className="text-slate-900">{customer.name}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t.email}</dt>
              <dd className="break-words text-slate-900">{customer.email}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t.phone}</dt>
              <dd className="text-slate-900">{customer.phone}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t.address}</dt>
              <dd className="whitespace-pre-line text-slate-900">
                {customer.address}
                {'\n'}
                {customer.countryName}
              </dd>
            </div>
            {customer.billingAddress && (
              <div>
                <dt className="text-sm text-slate-600">{it.billedTo}</dt>
                <dd className="whitespace-pre-line text-slate-900">{customer.billingAddress}</dd>
              </div>
            )}
            {customer.vatNumber && (
              <div>
                <dt className="text-sm text-slate-600">{it.vatNumberShort}</dt>
                <dd className="text-slate-900">{customer.vatNumber}</dd>
              </div>
            )}
            {customer.yourReference && (
              <div>
                <dt className="text-sm text-slate-600">{it.yourReference}</dt>
                <dd className="text-slate-900">{customer.yourReference}</dd>
              </div>
            )}
          </dl>
        </Card>

        <Card title={t.summaryHeading} className="md:col-span-2">
          <OrderLines order={order} />
        </Card>
      </div>

      <NextStep order={order} />

      <div className="mt-10 text-center">
        <Link href="/" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          {t.backToHome}
        </Link>
      </div>
    </>
  );
}
