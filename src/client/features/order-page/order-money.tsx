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
