import { CheckCircle2, Copy, Download, ExternalLink } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Redirect } from 'wouter';
import { colors } from '../../../shared/catalogue';
import { milliFromDecimal } from '../../../shared/money';
import type { OrderView } from '../../../shared/order-view';
import { shopContact } from '../../../shared/shop';
import { ApiError } from '../../lib/api';
import { formatCount, formatSek } from '../../lib/format';
import { notify } from '../../lib/notify';
import {
  fetchInvoiceHtml,
  fetchOrder,
  invoiceUrl,
  readLastOrder,
  saveLastOrder,
  type LastOrder,
} from '../../features/checkout/order-api';

const unitFormat = new Intl.NumberFormat('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 3 });
const sek = (decimal: string) => formatSek(milliFromDecimal(decimal));
const unitSek = (decimal: string) => `${unitFormat.format(Number(decimal))} kr`;
const dateFormat = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short' });

type State =
  | { status: 'loading' }
  | { status: 'ready'; order: OrderView }
  | { status: 'gone' }
  | { status: 'error'; message: string };

function useStoredOrder(last: LastOrder | undefined) {
  const [state, setState] = useState<State>(last ? { status: 'loading' } : { status: 'gone' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!last) return;
    const controller = new AbortController();
    fetchOrder(last, controller.signal).then(
      (order) => setState({ status: 'ready', order }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) {
          saveLastOrder(null);
          setState({ status: 'gone' });
        } else {
          setState({
            status: 'error',
            message: error instanceof Error ? error.message : 'Could not load the order',
          });
        }
      },
    );
    return () => controller.abort();
  }, [last, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

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
  const [last] = useState(readLastOrder);
  const { state, retry } = useStoredOrder(last);

  if (!last || state.status === 'gone') return <Redirect to="/" replace />;

  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:py-14">
      <title>Order confirmation — BulkPrint</title>
      {state.status === 'loading' && <div className="min-h-[60vh]" aria-busy="true" />}
      {state.status === 'error' && (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
          <h1 className="text-xl font-semibold">Could not load your order</h1>
          <p className="mt-1">{state.message}</p>
          <button
            type="button"
            onClick={retry}
            className="mt-4 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
          >
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && <Confirmation order={state.order} last={last} />}
    </main>
  );
}

function Confirmation({ order, last }: { order: OrderView; last: LastOrder }) {
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
      notify.success('Invoice downloaded!');
    } catch {
      notify.error('Could not download the invoice', { description: 'Please try again.' });
    }
  };

  const copyAccount = async () => {
    try {
      await navigator.clipboard.writeText(order.payment.bankAccount);
      notify.success('Account number copied!');
    } catch {
      notify.error('Could not copy', { description: `Account number: ${order.payment.bankAccount}` });
    }
  };

  const { customer } = order;
  return (
    <>
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-16 text-emerald-600" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Thank you for your order!
        </h1>
        <p className="mt-3 text-lg text-slate-700">
          Invoice number:{' '}
          <strong className="font-semibold text-slate-900" data-testid="invoice-number">
            {order.orderNumber}
          </strong>
        </p>
        <p className="mt-1 text-slate-600">
          A copy of the invoice has been sent to{' '}
          <span className="font-medium text-slate-800">{customer.email}</span>.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <a
            href={invoiceUrl(last)}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center justify-center gap-2 rounded-xl bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
          >
            <ExternalLink className="size-5" aria-hidden />
            View Invoice
          </a>
          <button
            type="button"
            onClick={() => void download()}
            className="inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-slate-50"
          >
            <Download className="size-5" aria-hidden />
            Download Invoice
          </button>
        </div>
      </div>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <Card title="Payment information">
          <p className="mt-1 text-sm text-slate-600">Pay by bank transfer within 30 days.</p>
          <dl className="mt-4 space-y-3">
            <div>
              <dt className="text-sm text-slate-600">Bank account</dt>
              <dd className="flex items-center gap-2">
                <span className="font-mono text-lg font-semibold text-slate-900" data-testid="bank-account">
                  {order.payment.bankAccount}
                </span>
                <button
                  type="button"
                  onClick={() => void copyAccount()}
                  aria-label="Copy account number"
                  className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                >
                  <Copy className="size-4" aria-hidden />
                </button>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Bankgiro</dt>
              <dd className="font-mono font-semibold text-slate-900">{order.payment.bankgiro}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Amount to pay</dt>
              <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid="amount-to-pay">
                {sek(order.payment.amount)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Reference</dt>
              <dd className="font-semibold text-slate-900">{order.payment.reference}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Due date</dt>
              <dd className="text-slate-900">{dateFormat.format(new Date(order.dueDate))}</dd>
            </div>
          </dl>
        </Card>

        <Card title="Delivery information">
          <dl className="mt-4 space-y-3">
            {customer.companyName && (
              <div>
                <dt className="text-sm text-slate-600">Company</dt>
                <dd className="text-slate-900">{customer.companyName}</dd>
              </div>
            )}
            <div>
              <dt className="text-sm text-slate-600">
                {customer.customerType === 'company' ? 'Contact Person' : 'Name'}
              </dt>
              <dd className="text-slate-900">{customer.name}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Email</dt>
              <dd className="break-words text-slate-900">{customer.email}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Phone</dt>
              <dd className="text-slate-900">{customer.phone}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Address</dt>
              <dd className="whitespace-pre-line text-slate-900">
                {customer.address}
                {'\n'}
                {customer.countryName}
              </dd>
            </div>
          </dl>
        </Card>

        <Card title="Order summary" className="md:col-span-2">
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 font-medium">
                    Product
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-medium">
                    Quantity
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-medium">
                    Unit price
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-medium">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 text-slate-900">
                {order.lines.map((line, index) => (
                  <tr key={index}>
                    <td className="py-2 pr-2">
                      {line.name}
                      {line.customisation && (
                        <span className="block text-xs text-slate-600">
                          {colors.find((c) => c.id === line.customisation?.color)?.label ??
                            line.customisation.color}
                          {line.customisation.prints.length > 0 &&
                            ` · ${line.customisation.prints.length} print${line.customisation.prints.length > 1 ? 's' : ''}`}
                        </span>
                      )}
                    </td>
                    <td className="py-2 pl-3 text-right tabular-nums whitespace-nowrap">
                      {formatCount(line.quantity)} {line.unit}
                    </td>
                    <td className="py-2 pl-3 text-right tabular-nums whitespace-nowrap">
                      {unitSek(line.unitPrice)}
                    </td>
                    <td className="py-2 pl-3 text-right tabular-nums whitespace-nowrap">
                      {sek(line.lineTotal)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="text-slate-700">
                <tr>
                  <td colSpan={3} className="pt-3 text-right">
                    Excl. VAT
                  </td>
                  <td className="pt-3 pl-3 text-right tabular-nums whitespace-nowrap">{sek(order.exVat)}</td>
                </tr>
                <tr>
                  <td colSpan={3} className="text-right">
                    VAT 25 %
                  </td>
                  <td className="pl-3 text-right tabular-nums whitespace-nowrap">{sek(order.vat)}</td>
                </tr>
                <tr className="text-base font-semibold text-slate-900">
                  <td colSpan={3} className="pt-1 text-right">
                    Total
                  </td>
                  <td
                    className="pt-1 pl-3 text-right tabular-nums whitespace-nowrap"
                    data-testid="order-total"
                  >
                    {sek(order.total)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        </Card>
      </div>

      <section
        className="mt-6 rounded-2xl bg-brand-50 p-5 text-brand-900 sm:p-6"
        aria-label="Next step: print files"
      >
        <h2 className="font-semibold">Next: send your print files</h2>
        <p className="mt-1 text-sm">
          Email your print files to{' '}
          <a
            className="font-semibold underline"
            href={`mailto:${shopContact.email}?subject=${encodeURIComponent(order.orderNumber)}`}
          >
            {shopContact.email}
          </a>{' '}
          with <strong>{order.orderNumber}</strong> as the subject; put extra information and print
          preferences in the message. Vector files (PDF, EPS, AI, SVG) work best; non-vector files (JPG, PNG)
          are converted for 100 kr.
        </p>
      </section>

      <div className="mt-10 text-center">
        <Link
          href="/"
          className="inline-block rounded-xl bg-slate-900 px-6 py-3 font-semibold text-white hover:bg-slate-800"
        >
          Back to Home
        </Link>
      </div>
    </>
  );
}
