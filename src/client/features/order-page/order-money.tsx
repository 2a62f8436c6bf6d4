import { convertAmount } from '@/shared/invoicing/invoice-currency';
import { FileCode, FileText } from 'lucide-react';
import { formatDate } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { orderMoneyMessages } from '@/shared/i18n/messages/order-money';
import { decimalFromOre, oreFromDecimal } from '@/shared/ledger';
import { formatEuroDecimal, formatKrDecimal } from '@/shared/money-format';
import type { OrderView } from '@/shared/order-view';
import { textLinkClass } from '@/client/components/ui/text-link';
import { useLocale, useT } from '@/client/lib/i18n';
import type { OrderAccess } from './order-page-api';

/**
 * What is left of a euro order in EUR: each invoice's own `balanceInCurrency` (the euros paid count
 * as paid, issue 42), a document without EUR figures (a reminder) at the order's rate.
 */
function euroBalance(money: OrderView['money'], rate: string): string {
  const cents = money.documents
    .filter((document) => document.balance !== null && document.kind !== 'credit_note')
    .reduce(
      (sum, document) =>
        sum +
        oreFromDecimal(
          document.currency === 'EUR' && document.balanceInCurrency
            ? document.balanceInCurrency
            : convertAmount(document.balance ?? '0.00', rate),
        ),
      0,
    );
  return decimalFromOre(cents);
}

/**
 * Where the order's money stands for the buyer: the payment state (derived from the invoices,
 * credit notes and payments, as the shop's books have it) and what is still to pay, or to come back.
 */
export function OrderPaymentState({
  money,
  invoiceCurrency = null,
}: {
  money: OrderView['money'];
  /** A euro invoice: the balance (the ledger's, in SEK) is shown in EUR at the order's rate. */
  invoiceCurrency?: OrderView['invoiceCurrency'];
}) {
  const t = useT(orderMoneyMessages);
  const ore = oreFromDecimal(money.balance);
  return (
    <>
      <div>
        <dt className="text-slate-600">{t.paymentState}</dt>
        <dd className="font-semibold text-slate-900" data-testid="order-payment-state">
          {t[money.paymentState]}
        </dd>
      </div>
      {ore !== 0 && (
        <div>
          <dt className="text-slate-600">{ore < 0 ? t.owedBack : t.balance}</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid="order-balance">
            {invoiceCurrency
              ? formatEuroDecimal(euroBalance(money, invoiceCurrency.rate).replace('-', ''))
              : formatKrDecimal(ore < 0 ? money.balance.slice(1) : money.balance)}
          </dd>
        </div>
      )}
    </>
  );
}

/**
 * A document's Peppol e-invoice (opened with the order's token), for a company buyer whose document
 * has one (the `xml` the server gives); nothing otherwise.
 */
export function EInvoiceLink({
  order,
  access,
  number,
}: {
  order: OrderView;
  access: OrderAccess;
  number: string;
}) {
  const t = useT(orderMoneyMessages);
  const xml = order.money.documents.find((d) => d.number === number)?.xml;
  if (!xml) return null;
  return (
    <a
      href={`${xml}?token=${encodeURIComponent(access.token)}`}
      download={`${number}.xml`}
      aria-label={t.eInvoiceLabel({ number })}
      className={textLinkClass({ icon: true })}
      data-testid="order-e-invoice"
    >
      <FileCode className="size-4" aria-hidden />
      {t.eInvoice}
    </a>
  );
}

/** The order's credit notes, each with its PDF and e-invoice (opened with the order's token). */
export function CreditNoteLinks({ order, access }: { order: OrderView; access: OrderAccess }) {
  const t = useT(orderMoneyMessages);
  const { locale } = useLocale();
  const notes = order.money.documents.filter((d) => d.kind === 'credit_note');
  if (notes.length === 0) return null;
  return (
    <div className="mt-3 border-t border-slate-100 pt-3">
      <h3 className="text-sm font-semibold text-slate-800">{t.creditNotes}</h3>
      <ul className="mt-2 space-y-3">
        {notes.map((note) => (
          <li key={note.number} data-testid="order-credit-note">
            <p className="font-semibold text-slate-900">{t.creditNote({ number: note.number })}</p>
            <p className="mt-0.5 text-sm break-words text-slate-700">
              {t.creditNoteDetail({
                total:
                  note.currency === 'EUR' && note.totalInCurrency
                    ? formatEuroDecimal(note.totalInCurrency)
                    : formatKrDecimal(note.total),
                date: formatDate(note.issuedOn, dateLocaleTag[locale]),
                invoice: note.corrects ?? '',
              })}
            </p>
            <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              <a
                href={`${note.pdf}?token=${encodeURIComponent(access.token)}`}
                download={`${note.number}.pdf`}
                aria-label={t.creditNotePdfLabel({ number: note.number })}
                className={textLinkClass({ icon: true })}
              >
                <FileText className="size-4" aria-hidden />
                {t.creditNotePdf}
              </a>
              <EInvoiceLink order={order} access={access} number={note.number} />
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The changes the shop made to the order's lines (issue 41), oldest first: when, why, the lines
 * before and after, the totals, and each document that settled the difference with its PDF.
 */
export function OrderLineChanges({ order, access }: { order: OrderView; access: OrderAccess }) {
  const t = useT(orderMoneyMessages);
  const { locale } = useLocale();
  const dateTag = dateLocaleTag[locale];
  if (order.lineChanges.length === 0) return null;
  const lines = (label: string, texts: readonly string[]) => (
    <div className="min-w-0">
      <p className="text-sm font-semibold text-slate-800">{label}</p>
      <ul className="mt-0.5 space-y-0.5 text-sm break-words text-slate-700">
        {texts.map((text, index) => (
          <li key={index}>{text}</li>
        ))}
      </ul>
    </div>
  );
  return (
    <section
      aria-labelledby="order-changes-heading"
      data-testid="order-line-changes"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 md:col-span-2"
    >
      <h2 id="order-changes-heading" className="text-lg font-semibold text-slate-900">
        {t.changesHeading}
      </h2>
      <ol className="mt-3 space-y-4">
        {order.lineChanges.map((change) => {
          const documents = order.money.documents.filter((d) => change.documents.includes(d.number));
          return (
            <li
              key={change.at}
              className="border-t border-slate-100 pt-3 first:border-t-0 first:pt-0"
              data-testid="order-line-change"
            >
              <p className="font-semibold text-slate-900">
                {t.changeWhen({ date: formatDate(change.at, dateTag) })}
              </p>
              <p className="text-sm break-words text-slate-700">
                {t.changeReason({ reason: change.reason })}
              </p>
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                {lines(t.changeBefore, change.before)}
                {lines(t.changeAfter, change.after)}
              </div>
              <p className="mt-2 text-sm text-slate-800">
                {t.changeTotals({
                  before: formatKrDecimal(change.totalBefore),
                  after: formatKrDecimal(change.totalAfter),
                })}
              </p>
              {documents.length === 0 ? (
                <p className="text-sm text-slate-700">{t.changeNoDocument}</p>
              ) : (
                <ul className="mt-1 space-y-1">
                  {documents.map((document) => (
                    <li
                      key={document.number}
                      className="flex flex-wrap items-baseline gap-x-3 text-sm"
                      data-testid="order-line-change-document"
                    >
                      <span className="font-semibold text-slate-900">
                        {document.kind === 'credit_note'
                          ? t.creditNote({ number: document.number })
                          : t.supplementaryInvoice({ number: document.number })}{' '}
                        {t.documentAmount({ amount: formatKrDecimal(document.total) })}
                      </span>
                      <a
                        href={`${document.pdf}?token=${encodeURIComponent(access.token)}`}
                        download={`${document.number}.pdf`}
                        aria-label={t.documentPdfLabel({ number: document.number })}
                        className={textLinkClass({ icon: true })}
                      >
                        <FileText className="size-4" aria-hidden />
                        {t.documentPdf}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
