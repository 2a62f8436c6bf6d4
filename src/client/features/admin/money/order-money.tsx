import {
  AmountField,
  FormBehindButton,
  NoteAndSubmit,
  notifyFailed,
  SubmitOrBack,
} from '@/client/features/admin/form-parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminOrderAnswer, AdminOrderDetail } from '@/shared/admin';
import { formatDate, stockholmDate } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { ledgerMessages } from '@/shared/i18n/messages/ledger';
import {
  oreFromDecimal,
  paymentMethods,
  type LedgerDocument,
  type OrderMoney,
  type PaymentMethod,
  type PaymentState,
} from '@/shared/ledger';
import { formatEuroDecimal, formatKrDecimal } from '@/shared/money-format';
import { ledgerCurrencyMessages } from '@/shared/i18n/messages/ledger-currency';
import { buttonClass } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { cn } from '@/client/lib/cn';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import {
  adminKeys,
  issueCreditNote,
  recordPayment,
  recordRefund,
  staffKeys,
} from '@/client/features/admin/admin-api';
import { DetailSection } from '@/client/features/admin/shared/detail-section';

const tones: Record<PaymentState, string> = {
  unpaid: 'bg-amber-100 text-amber-900',
  partly_paid: 'bg-orange-100 text-orange-900',
  paid: 'bg-emerald-100 text-emerald-900',
  overpaid: 'bg-sky-100 text-sky-900',
  credited: 'bg-slate-200 text-slate-800',
  refunded: 'bg-slate-200 text-slate-800',
};

/** The order's payment state (derived from its documents and payments), beside the job's state. */
export function PaymentStateBadge({ state }: { state: PaymentState }) {
  const t = useT(ledgerMessages);
  return (
    <span
      data-testid="payment-state"
      className={cn(
        'inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tones[state],
      )}
    >
      {t[state]}
    </span>
  );
}

/** "1234.50" → "1234,50": what the admin's amount field starts with (the server takes both forms). */
const typedAmount = (decimal: string) => decimal.replace('.', ',');

/** The balance as the admin reads it: still to pay, or (negative) to pay back. */
export function BalanceText({ balance }: { balance: string }) {
  const t = useT(ledgerMessages);
  const ore = oreFromDecimal(balance);
  return (
    <span data-testid="order-balance">
      {ore < 0 ? t.owedBack : t.balance}: {formatKrDecimal(ore < 0 ? balance.slice(1) : balance)}
    </span>
  );
}

/** After a money action: the order's new money into the cached detail, and the lists refreshed. */
function useMoneyUpdate(orderNumber: string) {
  const queryClient = useQueryClient();
  const { locale } = useLocale();
  return (money: OrderMoney) => {
    queryClient.setQueryData<AdminOrderAnswer>(adminKeys.order(orderNumber, locale), (old) =>
      old?.view === 'money' ? { ...old, ...money } : old,
    );
    void queryClient.invalidateQueries({ queryKey: adminKeys.order(orderNumber) });
    void queryClient.invalidateQueries({ queryKey: adminKeys.orders() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
    void queryClient.invalidateQueries({ queryKey: staffKeys.history(orderNumber) });
  };
}

/** Invoices money can be paid to or credited from (not credit notes). */
const payable = (documents: readonly LedgerDocument[]) => documents.filter((d) => d.kind !== 'credit_note');

/** Which invoice a form is about, when the order has more than one (a supplementary invoice). */
function InvoiceChoice(props: {
  id: string;
  documents: readonly LedgerDocument[];
  value: string;
  onChange: (number: string) => void;
}) {
  const t = useT(ledgerMessages);
  const invoices = payable(props.documents);
  if (invoices.length < 2) return null;
  return (
    <Field id={props.id} label={t.forInvoice}>
      {(control) => (
        <select {...control} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
          {invoices.map((d) => (
            <option key={d.number} value={d.number}>
              {t[d.kind]} {d.number} ({formatKrDecimal(d.total)})
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Money received: amount as typed ("10 000,00"), the day it arrived, how, a reference. */
function PaymentForm({ order, refund }: { order: AdminOrderDetail; refund: boolean }) {
  const t = useT(ledgerMessages);
  const tc = useT(ledgerCurrencyMessages);
  const { locale } = useLocale();
  const id = useId();
  const update = useMoneyUpdate(order.orderNumber);
  const invoices = payable(order.documents);
  const owed = oreFromDecimal(order.balance);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState<string>(() => stockholmDate(new Date()));

  const [reference, setReference] = useState('');
  const [invoice, setInvoice] = useState(invoices[0]?.number ?? '');
  // A EUR invoice is paid in euros by default: the euros and the SEK the bank booked (issue 42).
  const isEuroInvoice = (number: string) =>
    !refund && invoices.find((d) => d.number === number)?.currency === 'EUR';
  const [inEur, setInEur] = useState(true);
  // Euros come by bank transfer to the euro account; kronor by bankgiro.
  const [method, setMethod] = useState<PaymentMethod>(
    refund || isEuroInvoice(invoices[0]?.number ?? '') ? 'bank_transfer' : 'bankgiro',
  );
  const [bookedSek, setBookedSek] = useState('');
  const paysInEur = isEuroInvoice(invoice) && inEur;
  const mutation = useMutation({
    mutationFn: () => {
      const body = {
        amount,
        paidOn,
        method,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
        ...(invoice && invoice !== invoices[0]?.number ? { invoice } : {}),
        ...(paysInEur ? { currency: 'EUR' as const, bookedSek } : {}),
      };
      return refund
        ? recordRefund(order.orderNumber, body, locale)
        : recordPayment(order.orderNumber, body, locale);
    },
    onSuccess: (money) => {
      update(money);
      setOpen(false);
      notify.success(refund ? t.refundRecorded : t.paymentRecorded, { description: order.orderNumber });
    },
    onError: notifyFailed(refund ? t.refundFailed : t.paymentFailed),
  });
  /** What the form starts from: what is still to pay on that invoice (or owed back, for a refund). */
  const startFrom = (number: string, euros = inEur) => {
    if (refund) return owed < 0 ? typedAmount(order.balance.slice(1)) : '';
    const document = invoices.find((d) => d.number === number);
    const balance = euros && document?.currency === 'EUR' ? document.balanceInCurrency : document?.balance;
    return balance && oreFromDecimal(balance) > 0 ? typedAmount(balance) : '';
  };
  return (
    <FormBehindButton
      open={open}
      onOpen={() => {
        setAmount(startFrom(invoice));
        setOpen(true);
      }}
      buttonLabel={refund ? t.recordRefund : t.recordPayment}
      buttonVariant="secondary"
      label={refund ? t.recordRefund : t.recordPayment}
      className="grid w-full gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-2"
      onSubmit={() => mutation.mutate()}
    >
      <InvoiceChoice
        id={`${id}-invoice`}
        documents={order.documents}
        value={invoice}
        onChange={(number) => {
          setInvoice(number);
          setAmount(startFrom(number));
        }}
      />
      {isEuroInvoice(invoice) && (
        <Field id={`${id}-currency`} label={tc.paidIn}>
          {(control) => (
            <select
              {...control}
              value={inEur ? 'EUR' : 'SEK'}
              onChange={(e) => {
                const euros = e.target.value === 'EUR';
                setInEur(euros);
                setAmount(startFrom(invoice, euros));
              }}
            >
              <option value="EUR">EUR</option>
              <option value="SEK">SEK</option>
            </select>
          )}
        </Field>
      )}
      <AmountField
        id={`${id}-amount`}
        label={paysInEur ? tc.amountEur : t.amount}
        value={amount}
        onChange={setAmount}
      />
      {paysInEur && (
        <AmountField
          id={`${id}-booked-sek`}
          label={tc.bookedSek}
          hint={tc.bookedSekHint}
          value={bookedSek}
          onChange={setBookedSek}
        />
      )}
      <Field id={`${id}-paid-on`} label={t.paidOn}>
        {(control) => (
          <input
            {...control}
            type="date"
            required
            max={stockholmDate(new Date())}
            value={paidOn}
            onChange={(e) => setPaidOn(e.target.value)}
          />
        )}
      </Field>
      <Field id={`${id}-method`} label={t.method}>
        {(control) => (
          <select {...control} value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
            {paymentMethods.map((m) => (
              <option key={m} value={m}>
                {t[m]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-reference`} label={t.reference}>
        {(control) => (
          <input
            {...control}
            maxLength={200}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
        )}
      </Field>
      <SubmitOrBack
        className="sm:col-span-2"
        submitLabel={refund ? t.saveRefund : t.savePayment}
        backLabel={t.back}
        pending={mutation.isPending}
        onBack={() => setOpen(false)}
      />
    </FormBehindButton>
  );
}

/** A credit note: what is left of an invoice, or an amount, always with a reason printed on it. */
function CreditNoteForm({ order }: { order: AdminOrderDetail }) {
  const t = useT(ledgerMessages);
  const { locale } = useLocale();
  const id = useId();
  const update = useMoneyUpdate(order.orderNumber);
  const invoices = payable(order.documents);
  const [open, setOpen] = useState(false);
  const [whole, setWhole] = useState(true);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [invoice, setInvoice] = useState(invoices[0]?.number ?? '');
  const mutation = useMutation({
    mutationFn: () =>
      issueCreditNote(
        order.orderNumber,
        {
          reason: reason.trim(),
          ...(whole ? {} : { amount }),
          ...(invoice && invoice !== invoices[0]?.number ? { invoice } : {}),
        },
        locale,
      ),
    onSuccess: ({ creditNote, ...money }) => {
      update(money);
      setOpen(false);
      setReason('');
      setAmount('');
      notify.success(t.creditNoteIssued({ number: creditNote }), { description: order.orderNumber });
    },
    onError: notifyFailed(t.creditFailed),
  });
  // Everything invoiced is credited already: nothing is left to credit.
  if (invoices.length === 0 || order.paymentState === 'credited' || order.paymentState === 'refunded')
    return null;
  return (
    <FormBehindButton
      open={open}
      onOpen={() => setOpen(true)}
      buttonLabel={t.creditNote}
      buttonVariant="danger-outline"
      label={t.creditNote}
      className="grid w-full gap-3 rounded-xl bg-red-50 p-3"
      onSubmit={() => mutation.mutate()}
    >
      <InvoiceChoice id={`${id}-invoice`} documents={order.documents} value={invoice} onChange={setInvoice} />
      <fieldset className="grid gap-1 text-sm text-slate-900">
        <legend className="font-semibold text-slate-800">{t.creditWhat}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-what`} checked={whole} onChange={() => setWhole(true)} />
          {t.creditWhole}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-what`} checked={!whole} onChange={() => setWhole(false)} />
          {t.creditPart}
        </label>
      </fieldset>
      {!whole && (
        <AmountField id={`${id}-amount`} label={t.creditAmount} value={amount} onChange={setAmount} />
      )}
      <NoteAndSubmit
        id={`${id}-reason`}
        noteLabel={t.creditReason}
        note={reason}
        onNoteChange={setReason}
        maxLength={500}
        variant="danger"
        submitLabel={t.issueCreditNote}
        backLabel={t.back}
        pending={mutation.isPending}
        onBack={() => setOpen(false)}
      />
    </FormBehindButton>
  );
}

const linkButton = buttonClass({ variant: 'secondary', size: 'sm' });

/** One of the order's documents: kind, number, day and total (in euro too), with its PDF and XML. */
function DocumentRow({ document }: { document: AdminOrderDetail['documents'][number] }) {
  const t = useT(ledgerMessages);
  const { locale } = useLocale();
  const dateTag = dateLocaleTag[locale];
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
      data-testid="admin-document"
    >
      <span className="min-w-0 text-slate-900">
        <span className="font-semibold">
          {t[document.kind]} {document.number}
        </span>{' '}
        · {formatDate(document.issuedOn, dateTag)} ·{' '}
        <span className="tabular-nums">
          {document.currency === 'EUR' && document.totalInCurrency
            ? `${formatEuroDecimal(document.totalInCurrency)} (${formatKrDecimal(document.total)})`
            : formatKrDecimal(document.total)}
        </span>
        {document.corrects && (
          <span className="block text-slate-600">
            {t.corrects({ number: document.corrects })}
            {document.reason ? `: ${document.reason}` : ''}
          </span>
        )}
      </span>
      <span className="flex gap-2">
        <a
          href={document.pdf}
          className={linkButton}
          aria-label={`${t.pdf} ${t[document.kind]} ${document.number}`}
        >
          {t.pdf}
        </a>
        {document.xml && (
          <a
            href={document.xml}
            download={`${document.number}.xml`}
            className={linkButton}
            aria-label={`${t.xml} ${t[document.kind]} ${document.number}`}
          >
            {t.xml}
          </a>
        )}
      </span>
    </li>
  );
}

/**
 * The order's money for the money roles: payment state and balance, every document (invoice,
 * supplementary invoice, credit note) with its PDF, the payments and refunds, and the actions that
 * make them. Nothing here sets the payment state: it follows from what is recorded.
 */
export function OrderMoneySection({ order }: { order: AdminOrderDetail }) {
  const t = useT(ledgerMessages);
  const tc = useT(ledgerCurrencyMessages);
  const { locale } = useLocale();
  const dateTag = dateLocaleTag[locale];
  const owedBack = oreFromDecimal(order.balance) < 0;
  return (
    <DetailSection
      heading={t.paymentState}
      headingId="detail-money"
      testId="admin-money"
      className="space-y-4"
    >
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
        <PaymentStateBadge state={order.paymentState} /> <BalanceText balance={order.balance} />
      </p>

      <div>
        <h4 className="text-sm font-semibold text-slate-800">{t.documents}</h4>
        <ul className="mt-1 divide-y divide-slate-100" data-testid="admin-documents">
          {order.documents.map((document) => (
            <DocumentRow key={document.number} document={document} />
          ))}
        </ul>
      </div>

      <div>
        <h4 className="text-sm font-semibold text-slate-800">{t.payments}</h4>
        {order.payments.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">{t.noPayments}</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm text-slate-800" data-testid="admin-payments">
            {order.payments.map((payment, index) => (
              <li key={index} data-testid="admin-payment">
                {formatDate(payment.paidOn, dateTag)} ·{' '}
                <span className="tabular-nums font-semibold">
                  {payment.currency === 'EUR' && payment.amountInCurrency && payment.bookedSek
                    ? tc.eurPaymentRow({
                        eur: formatEuroDecimal(payment.amountInCurrency),
                        sek: formatKrDecimal(payment.bookedSek),
                      })
                    : formatKrDecimal(payment.amount)}
                </span>{' '}
                · {t[payment.method]} · {payment.invoice}
                {payment.reference ? ` · ${payment.reference}` : ''}
              </li>
            ))}
          </ul>
        )}
      </div>

      {owedBack && (
        <p className="text-sm font-medium text-amber-900">
          {t.refundHint({ amount: formatKrDecimal(order.balance.slice(1)) })}
        </p>
      )}
      <div className="flex flex-wrap items-start gap-2">
        <PaymentForm key={`pay-${order.balance}`} order={order} refund={false} />
        {owedBack && <PaymentForm key={`refund-${order.balance}`} order={order} refund />}
        <CreditNoteForm key={`credit-${order.documents.length}`} order={order} />
      </div>
    </DetailSection>
  );
}
