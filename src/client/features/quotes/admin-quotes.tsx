import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Panel } from '@/client/components/ui/panel';
import { Field, inputClass } from '@/client/components/ui/field';
import { ApiError } from '@/client/lib/api';
import { useCatalogue } from '@/client/lib/catalogue';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import type { Product } from '@/shared/catalogue';
import { blankCustomer } from '@/shared/customer-fields';
import { countryCodes, countryNameIn } from '@/shared/countries';
import { formatDate } from '@/shared/dates';
import { dateLocaleTag, type Locale } from '@/shared/i18n/locale';
import { StaffOptionSelects } from '@/client/components/product-options-fields';
import { productName } from '@/shared/i18n/messages/product-names';
import { quoteMessages } from '@/shared/i18n/messages/quotes';
import { quotesAdminMessages } from '@/shared/i18n/messages/quotes-admin';
import { formatKrDecimal } from '@/shared/money-format';
import { quoteStatuses, type AdminQuoteDraft, type QuoteStatus } from '@/shared/quotes';
import { productSizeCodes } from '@/shared/sizes';
import { VAT_RATE_PERCENT } from '@/shared/vat-rate';
import {
  adminQuoteQuery,
  adminQuotesQuery,
  createStaffOrder,
  saveAdminQuote,
  sendAdminQuote,
  type AdminQuoteBody,
  type AdminQuoteListRow,
} from './quote-api';

const statusClass: Readonly<Record<QuoteStatus, string>> = {
  draft: 'bg-slate-100 text-slate-800',
  sent: 'bg-sky-100 text-sky-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-red-100 text-red-900',
  expired: 'bg-amber-100 text-amber-900',
};

/**
 * The admin's quotes (issue 40): the list with status and filter; the money roles create, edit (a
 * sent quote gets a new version) and send. Production sees the list without totals (the server
 * leaves them out).
 */
export function QuotesPanel({ mayEdit }: { mayEdit: boolean }) {
  const t = useT(quotesAdminMessages);
  const statusText = useT(quoteMessages);
  const client = useQueryClient();
  const [status, setStatus] = useState<QuoteStatus | ''>('');
  const [editing, setEditing] = useState<string | null>(null);
  // A staff order (issue 41): '' a new one, or the quote whose lines it starts from.
  const [ordering, setOrdering] = useState<string | null>(null);
  const list = useQuery(adminQuotesQuery(status));
  const send = useMutation({
    mutationFn: sendAdminQuote,
    onSuccess: (answer) => {
      notify.success(t.sent({ number: answer.quoteNumber }));
      void client.invalidateQueries({ queryKey: ['admin-quotes'] });
    },
    onError: (error) => notify.error(error.message),
  });
  const filterId = useId();

  if (ordering !== null)
    return (
      <QuoteEditor
        quoteNumber={ordering === '' ? null : ordering}
        mode="order"
        onDone={() => setOrdering(null)}
      />
    );
  if (editing !== null)
    return (
      <QuoteEditor
        quoteNumber={editing === '' ? null : editing}
        onDone={() => {
          setEditing(null);
          void client.invalidateQueries({ queryKey: ['admin-quotes'] });
        }}
      />
    );

  const quotes = list.data?.quotes ?? [];
  return (
    <Panel
      headingId="quotes-heading"
      heading={t.heading}
      headerClassName="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 p-4"
      header={
        <div className="flex flex-wrap items-end gap-3">
          <label htmlFor={filterId} className="text-sm font-semibold text-slate-800">
            {t.statusFilter}
            <select
              id={filterId}
              className={`${inputClass} mt-1 min-w-40`}
              value={status}
              onChange={(event) => setStatus(event.target.value as QuoteStatus | '')}
            >
              <option value="">{t.allStatuses}</option>
              {quoteStatuses.map((s) => (
                <option key={s} value={s}>
                  {statusText[`status_${s}`]}
                </option>
              ))}
            </select>
          </label>
          {mayEdit && <Button onClick={() => setEditing('')}>{t.newQuote}</Button>}
          {mayEdit && (
            <Button variant="secondary" onClick={() => setOrdering('')}>
              {t.newOrder}
            </Button>
          )}
        </div>
      }
    >
      {list.isPending && <p className="p-4 text-slate-700">{t.loading}</p>}
      {list.isError && (
        <p className="p-4 text-red-700" role="alert">
          {t.failed}{' '}
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {t.tryAgain}
          </Button>
        </p>
      )}
      {list.isSuccess && quotes.length === 0 && <p className="p-4 text-slate-700">{t.empty}</p>}
      <ul className="divide-y divide-slate-100" aria-label={t.heading}>
        {quotes.map((quote) => (
          <QuoteRow
            key={quote.quoteNumber}
            quote={quote}
            mayEdit={mayEdit}
            sending={send.isPending}
            onEdit={() => setEditing(quote.quoteNumber)}
            onOrder={() => setOrdering(quote.quoteNumber)}
            onSend={() => send.mutate(quote.quoteNumber)}
          />
        ))}
      </ul>
    </Panel>
  );
}

/** One quote in the list: number and status, buyer, total (money roles), validity, and its actions. */
function QuoteRow({
  quote,
  mayEdit,
  sending,
  onEdit,
  onOrder,
  onSend,
}: {
  quote: AdminQuoteListRow;
  mayEdit: boolean;
  sending: boolean;
  onEdit: () => void;
  onOrder: () => void;
  onSend: () => void;
}) {
  const t = useT(quotesAdminMessages);
  const statusText = useT(quoteMessages);
  const { locale } = useLocale();
  return (
    <li
      data-testid="admin-quote-row"
      className="grid gap-2 p-4 sm:grid-cols-[9rem_1fr_8rem_8rem_auto] sm:items-center"
    >
      <div>
        <p className="font-semibold text-slate-900">{quote.quoteNumber}</p>
        <span
          className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${statusClass[quote.status]}`}
        >
          {statusText[`status_${quote.status}`]}
        </span>
      </div>
      <div className="min-w-0">
        <p className="truncate text-slate-900">{quote.customerName}</p>
        <p className="truncate text-sm text-slate-600">
          {quote.customerEmail}
          {quote.source === 'cart' && ` · ${t.fromCart}`}
          {quote.version > 1 && ` · ${t.version} ${quote.version}`}
        </p>
        {quote.acceptedOrderNumber && (
          <p className="text-sm text-emerald-800">{t.becameOrder({ order: quote.acceptedOrderNumber })}</p>
        )}
      </div>
      <p className="text-slate-900 sm:text-right">
        {quote.total !== undefined && (
          <>
            <span className="text-sm text-slate-600 sm:hidden">{t.total}: </span>
            {formatKrDecimal(quote.total)}
          </>
        )}
      </p>
      <p className="text-sm text-slate-700 sm:text-right">
        <span className="sm:hidden">{t.validUntil} </span>
        <span className="hidden sm:block sm:text-xs sm:text-slate-500">{t.validUntil}</span>
        {formatDate(quote.validUntil, dateLocaleTag[locale], 'short')}
      </p>
      {mayEdit && (
        <div className="flex flex-wrap gap-2 sm:justify-end">
          {(quote.status === 'draft' || quote.status === 'sent') && (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`${t.edit} ${quote.quoteNumber}`}
              onClick={onEdit}
            >
              {t.edit}
            </Button>
          )}
          {quote.status === 'sent' && (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`${t.enterAsOrder} ${quote.quoteNumber}`}
              onClick={onOrder}
            >
              {t.enterAsOrder}
            </Button>
          )}
          {quote.status === 'draft' && (
            <Button
              size="sm"
              aria-label={`${t.send} ${quote.quoteNumber}`}
              disabled={sending}
              onClick={onSend}
            >
              {t.send}
            </Button>
          )}
          <a
            className="inline-flex items-center rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 underline"
            href={`/api/admin/quotes/${encodeURIComponent(quote.quoteNumber)}/quote.pdf`}
            target="_blank"
            rel="noreferrer"
          >
            {t.pdf}
          </a>
        </div>
      )}
    </li>
  );
}

/** A product line as the form holds it (text inputs), and what it keeps untouched (a cart design). */
interface LineDraft {
  key: number;
  productId: string;
  quantity: string;
  sizes: Record<string, string>;
  options: Record<string, string>;
  unitPrice: string;
  reason: string;
  kept: { customisation?: Record<string, unknown>; notes?: string };
}

interface FreeLineDraft {
  key: number;
  description: string;
  quantity: string;
  unitPrice: string;
}

/** The customer's fields the form edits as text (the rest is sent back as it came). */
type CustomerTextField = Exclude<keyof AdminQuoteDraft['customer'], 'separateBilling'>;

let nextKey = 0;
const newKey = () => ++nextKey;

const emptyCustomer: AdminQuoteDraft['customer'] = { ...blankCustomer, customerType: 'company' };

function lineFromDraft(line: AdminQuoteDraft['lines'][number]): LineDraft {
  const strings = (record: Record<string, unknown> | undefined) =>
    Object.fromEntries(Object.entries(record ?? {}).map(([k, v]) => [k, String(v)]));
  return {
    key: newKey(),
    productId: line.productId,
    quantity: String(line.quantity),
    sizes: strings(line.sizes),
    options: strings(line.options),
    unitPrice: line.unitPrice ?? '',
    reason: '',
    kept: {
      ...(line.customisation ? { customisation: line.customisation } : {}),
      ...(line.notes ? { notes: line.notes } : {}),
    },
  };
}

const blankLine = (): LineDraft => ({
  key: newKey(),
  productId: '',
  quantity: '',
  sizes: {},
  options: {},
  unitPrice: '',
  reason: '',
  kept: {},
});

/** The form's lines as POST/PATCH /api/admin/quotes takes them (the server prices and checks them). */
function lineBody(line: LineDraft, product: Product | undefined): AdminQuoteBody['lines'][number] {
  const sizes = Object.fromEntries(
    Object.entries(line.sizes)
      .filter(([, n]) => n.trim() !== '' && Number(n) > 0)
      .map(([size, n]) => [size, Number(n)]),
  );
  const garment = product?.garment === true && !line.kept.customisation;
  const sizedQuantity = Object.values(sizes).reduce((sum, n) => sum + n, 0);
  return {
    productId: line.productId,
    quantity: garment ? sizedQuantity : Number(line.quantity),
    ...(garment || Object.keys(sizes).length > 0 ? { sizes } : {}),
    ...(Object.keys(line.options).length > 0 ? { options: line.options } : {}),
    ...line.kept,
    ...(line.unitPrice.trim() !== '' ? { unitPrice: line.unitPrice.trim(), reason: line.reason } : {}),
  };
}

function QuoteEditor({
  quoteNumber,
  onDone,
  mode = 'quote',
}: {
  quoteNumber: string | null;
  onDone: () => void;
  /** order: the same form places a staff order (issue 41), from scratch or from this quote's lines. */
  mode?: 'quote' | 'order';
}) {
  const existing = useQuery({ ...adminQuoteQuery(quoteNumber ?? ''), enabled: quoteNumber !== null });
  const t = useT(quotesAdminMessages);
  if (quoteNumber !== null && existing.isPending) return <p className="p-4 text-slate-700">{t.loading}</p>;
  const detail = existing.data?.view === 'money' ? existing.data : undefined;
  return (
    <QuoteForm
      key={quoteNumber ?? 'new'}
      quoteNumber={mode === 'order' ? null : quoteNumber}
      fromQuote={mode === 'order' ? quoteNumber : null}
      draft={detail?.draft}
      alreadySent={mode === 'quote' && detail !== undefined && detail.status !== 'draft'}
      onDone={onDone}
      mode={mode}
    />
  );
}

function QuoteForm({
  quoteNumber,
  draft,
  alreadySent,
  onDone,
  mode,
  fromQuote,
}: {
  quoteNumber: string | null;
  /** A staff order from this quote: the quote is accepted and linked to the order. */
  fromQuote: string | null;
  draft: AdminQuoteDraft | undefined;
  alreadySent: boolean;
  onDone: () => void;
  mode: 'quote' | 'order';
}) {
  const ordering = mode === 'order';
  const t = useT(quotesAdminMessages);
  const { locale } = useLocale();
  const catalogue = useCatalogue();
  // Every product, blank or with the shop's print as agreed; a buyer's own design comes from a cart.
  const products = catalogue;
  const [customer, setCustomer] = useState(draft?.customer ?? emptyCustomer);
  const [lines, setLines] = useState<LineDraft[]>(() =>
    draft ? draft.lines.map(lineFromDraft) : [blankLine()],
  );
  const [freeLines, setFreeLines] = useState<FreeLineDraft[]>(() =>
    (draft?.freeLines ?? []).map((line) => ({
      key: newKey(),
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: line.unitPrice,
    })),
  );
  const [ending, setEnding] = useState<FormEnding>({
    note: draft?.note ?? '',
    sendNow: true,
    notifyBuyer: true,
  });
  const { note, sendNow, notifyBuyer } = ending;
  // One key per form: a double click or a retry places the order once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const showRefusal = (error: Error) =>
    setErrors(error instanceof ApiError ? { _: error.message, ...error.fieldErrors } : { _: error.message });
  const place = useMutation({
    mutationFn: createStaffOrder,
    onSuccess: (answer) => {
      notify.success(t.orderCreated({ number: answer.orderNumber, total: formatKrDecimal(answer.total) }));
      onDone();
    },
    onError: showRefusal,
  });
  const save = useMutation({
    mutationFn: (body: AdminQuoteBody) => saveAdminQuote(quoteNumber, body),
    onSuccess: (answer) => {
      notify.success(t.saved({ number: answer.quoteNumber }));
      onDone();
    },
    onError: showRefusal,
  });

  const findProduct = (id: string) => catalogue.find((product) => product.id === id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body = {
      customer,
      lines: lines.filter((l) => l.productId !== '').map((l) => lineBody(l, findProduct(l.productId))),
      freeLines: freeLines.map((line) => ({
        description: line.description,
        quantity: Number(line.quantity),
        unitPrice: line.unitPrice.trim(),
        vatRate: VAT_RATE_PERCENT,
      })),
      ...(draft?.neededBy ? { neededBy: draft.neededBy } : {}),
    };
    if (ordering) {
      place.mutate({
        ...body,
        notifyBuyer,
        idempotencyKey,
        ...(fromQuote ? { quoteNumber: fromQuote } : {}),
      });
      return;
    }
    save.mutate({
      ...body,
      ...(note.trim() !== '' ? { note } : {}),
      ...(quoteNumber === null ? { send: sendNow } : {}),
    });
  };
  const setField = (field: CustomerTextField, value: string) =>
    setCustomer((c) => ({ ...c, [field]: value }));
  const updateLine = (key: number, change: Partial<LineDraft>) =>
    setLines((all) => all.map((line) => (line.key === key ? { ...line, ...change } : line)));

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="quote-form-heading"
      className="space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="quote-form-heading" className="text-lg font-bold text-slate-900">
        {ordering ? t.newOrderHeading : quoteNumber ? t.editHeading({ number: quoteNumber }) : t.newHeading}
      </h2>
      {ordering && <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900">{t.newOrderNote}</p>}
      {alreadySent && <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900">{t.newVersionNote}</p>}
      {errors['_'] && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {t.refused} {errors['_']}
        </p>
      )}

      <CustomerFields customer={customer} setField={setField} errors={errors} />

      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-semibold text-slate-900">{t.linesHeading}</legend>
        {errors['lines'] && <p className="text-sm font-medium text-red-700">{errors['lines']}</p>}
        {lines.map((line, index) => (
          <ProductLine
            key={line.key}
            index={index}
            line={line}
            products={products}
            product={findProduct(line.productId)}
            locale={locale}
            errors={errors}
            onChange={(change) => updateLine(line.key, change)}
            onRemove={() => setLines((all) => all.filter((l) => l.key !== line.key))}
          />
        ))}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => setLines((all) => [...all, blankLine()])}
        >
          {t.addLine}
        </Button>
      </fieldset>

      <FreeLines freeLines={freeLines} setFreeLines={setFreeLines} errors={errors} />

      <FormEnd
        ordering={ordering}
        isNew={quoteNumber === null}
        ending={ending}
        change={(part) => setEnding((all) => ({ ...all, ...part }))}
        pending={ordering ? place.isPending : save.isPending}
        errors={errors}
        onCancel={onDone}
      />
    </form>
  );
}

/** The buyer: type, country, names, numbers, contact and address. */
function CustomerFields({
  customer,
  setField,
  errors,
}: {
  customer: AdminQuoteDraft['customer'];
  setField: (field: CustomerTextField, value: string) => void;
  errors: Record<string, string>;
}) {
  const t = useT(quotesAdminMessages);
  const { locale } = useLocale();
  const textField = (field: CustomerTextField, label: string, type = 'text') => (
    <Field id={`quote-customer-${field}`} label={label} error={errors[`customer.${field}`]}>
      {(control) => (
        <input
          {...control}
          type={type}
          value={String(customer[field] ?? '')}
          onChange={(event) => setField(field, event.target.value)}
        />
      )}
    </Field>
  );
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold text-slate-900">{t.customerHeading}</legend>
      <Field id="quote-customer-type" label={t.customerType}>
        {(control) => (
          <select
            {...control}
            value={customer.customerType}
            onChange={(event) => setField('customerType', event.target.value)}
          >
            <option value="company">{t.company}</option>
            <option value="personal">{t.personal}</option>
          </select>
        )}
      </Field>
      <Field id="quote-customer-country" label={t.country} error={errors['customer.country']}>
        {(control) => (
          <select
            {...control}
            value={customer.country}
            onChange={(event) => setField('country', event.target.value)}
          >
            {countryCodes.map((code) => (
              <option key={code} value={code}>
                {countryNameIn(locale, code) ?? code}
              </option>
            ))}
          </select>
        )}
      </Field>
      {customer.customerType === 'company' && textField('companyName', t.companyName)}
      {customer.customerType === 'company' && textField('orgNumber', t.orgNumber)}
      {customer.customerType === 'personal' &&
        customer.country === 'SE' &&
        textField('personalNumber', t.personalNumber)}
      {textField('name', t.contactName)}
      {textField('email', t.email, 'email')}
      {textField('phone', t.phone, 'tel')}
      {customer.customerType === 'company' &&
        customer.country !== 'SE' &&
        textField('vatNumber', t.vatNumber)}
      <Field
        id="quote-customer-address"
        label={t.address}
        error={errors['customer.address']}
        className="sm:col-span-2"
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={customer.address}
            onChange={(event) => setField('address', event.target.value)}
          />
        )}
      </Field>
    </fieldset>
  );
}

/** Lines outside the catalogue: description, quantity and unit price, at the standard VAT rate. */
function FreeLines({
  freeLines,
  setFreeLines,
  errors,
}: {
  freeLines: FreeLineDraft[];
  setFreeLines: (change: (all: FreeLineDraft[]) => FreeLineDraft[]) => void;
  errors: Record<string, string>;
}) {
  const t = useT(quotesAdminMessages);
  const updateFree = (key: number, change: Partial<FreeLineDraft>) =>
    setFreeLines((all) => all.map((line) => (line.key === key ? { ...line, ...change } : line)));
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 text-base font-semibold text-slate-900">{t.freeHeading}</legend>
      {freeLines.map((line, index) => (
        <div
          key={line.key}
          data-testid="quote-free-line"
          className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[1fr_7rem_12rem_auto] sm:items-end"
        >
          <Field
            id={`quote-free-${line.key}-description`}
            label={t.description}
            error={errors[`freeLines.${index}.description`]}
          >
            {(control) => (
              <input
                {...control}
                value={line.description}
                onChange={(e) => updateFree(line.key, { description: e.target.value })}
              />
            )}
          </Field>
          <Field
            id={`quote-free-${line.key}-quantity`}
            label={t.quantity}
            error={errors[`freeLines.${index}.quantity`]}
          >
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                value={line.quantity}
                onChange={(e) => updateFree(line.key, { quantity: e.target.value })}
              />
            )}
          </Field>
          <Field
            id={`quote-free-${line.key}-price`}
            label={t.freeUnitPrice}
            error={errors[`freeLines.${index}.unitPrice`]}
          >
            {(control) => (
              <input
                {...control}
                inputMode="decimal"
                value={line.unitPrice}
                onChange={(e) => updateFree(line.key, { unitPrice: e.target.value.replace(',', '.') })}
              />
            )}
          </Field>
          <Button
            type="button"
            variant="danger-outline"
            size="sm"
            onClick={() => setFreeLines((all) => all.filter((l) => l.key !== line.key))}
          >
            {t.removeLine}
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() =>
          setFreeLines((all) => [...all, { key: newKey(), description: '', quantity: '1', unitPrice: '' }])
        }
      >
        {t.addFreeLine}
      </Button>
    </fieldset>
  );
}

/** The form's last choices: the note (a quote), emailing the buyer (an order), sending now (a new quote). */
interface FormEnding {
  note: string;
  notifyBuyer: boolean;
  sendNow: boolean;
}

/** The note (a quote) or the buyer's email (an order), sending now (a new quote), and the buttons. */
function FormEnd({
  ordering,
  isNew,
  ending: { note, notifyBuyer, sendNow },
  change,
  pending,
  errors,
  onCancel,
}: {
  ordering: boolean;
  isNew: boolean;
  ending: FormEnding;
  change: (part: Partial<FormEnding>) => void;
  pending: boolean;
  errors: Record<string, string>;
  onCancel: () => void;
}) {
  const t = useT(quotesAdminMessages);
  return (
    <>
      {!ordering && (
        <Field id="quote-note" label={t.note} error={errors['note']}>
          {(control) => (
            <textarea {...control} rows={3} value={note} onChange={(e) => change({ note: e.target.value })} />
          )}
        </Field>
      )}
      {ordering && (
        <Checkbox
          className="flex items-center gap-2 text-slate-800"
          checked={notifyBuyer}
          onChange={(on) => change({ notifyBuyer: on })}
        >
          {t.notifyBuyer}
        </Checkbox>
      )}
      {!ordering && isNew && (
        <Checkbox
          className="flex items-center gap-2 text-slate-800"
          checked={sendNow}
          onChange={(on) => change({ sendNow: on })}
        >
          {t.sendNow}
        </Checkbox>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          {ordering ? (pending ? t.placingOrder : t.placeOrder) : pending ? t.saving : t.save}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </>
  );
}

function ProductLine({
  index,
  line,
  products,
  product,
  locale,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  line: LineDraft;
  products: readonly Product[];
  product: Product | undefined;
  locale: Locale;
  errors: Record<string, string>;
  onChange: (change: Partial<LineDraft>) => void;
  onRemove: () => void;
}) {
  const t = useT(quotesAdminMessages);
  const id = `quote-line-${line.key}`;
  const error = (field: string) => errors[`lines.${index}.${field}`];
  const designed = line.kept.customisation !== undefined;
  const garment = product?.garment === true && !designed;
  return (
    <div data-testid="quote-product-line" className="space-y-3 rounded-xl border border-slate-200 p-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <Field id={`${id}-product`} label={t.product} error={error('productId')}>
          {(control) => (
            <select
              {...control}
              value={line.productId}
              disabled={designed}
              onChange={(event) => onChange({ productId: event.target.value, options: {}, sizes: {} })}
            >
              <option value="">{t.choose}</option>
              {(designed && product ? [product] : products).map((p) => (
                <option key={p.id} value={p.id}>
                  {productName(locale, p)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {!garment && (
          <Field id={`${id}-quantity`} label={t.quantity} error={error('quantity')}>
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                value={line.quantity}
                onChange={(event) => onChange({ quantity: event.target.value })}
              />
            )}
          </Field>
        )}
      </div>
      {designed && <p className="text-sm text-slate-600">{t.designedLine}</p>}
      {garment && (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">{t.sizes}</legend>
          <div className="mt-1.5 grid grid-cols-4 gap-2 sm:grid-cols-8">
            {/* The product's size set: adult XS–3XL or kids' 98/104–158/164. */}
            {productSizeCodes(product ?? {}).map((size) => (
              <label key={size} className="text-sm text-slate-700">
                {size}
                <input
                  className={inputClass}
                  inputMode="numeric"
                  aria-label={`${t.sizes} ${size}`}
                  value={line.sizes[size] ?? ''}
                  onChange={(event) => onChange({ sizes: { ...line.sizes, [size]: event.target.value } })}
                />
              </label>
            ))}
          </div>
          {(error('sizes') ?? error('quantity')) && (
            <p className="mt-1.5 text-sm font-medium text-red-700">{error('sizes') ?? error('quantity')}</p>
          )}
        </fieldset>
      )}
      {!designed && (product?.options ?? []).length > 0 && (
        <StaffOptionSelects
          id={id}
          options={product?.options ?? []}
          value={line.options}
          onChange={(options) => onChange({ options })}
          error={(option) => error(`options.${option}`) ?? error('options')}
          placeholder={t.choose}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-[14rem_1fr_auto] sm:items-end">
        <Field id={`${id}-price`} label={t.unitPrice} hint={t.unitPriceHint} error={error('unitPrice')}>
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              value={line.unitPrice}
              onChange={(event) => onChange({ unitPrice: event.target.value.replace(',', '.') })}
            />
          )}
        </Field>
        {line.unitPrice.trim() !== '' ? (
          <Field id={`${id}-reason`} label={t.reason} error={error('reason')}>
            {(control) => (
              <input
                {...control}
                value={line.reason}
                onChange={(event) => onChange({ reason: event.target.value })}
              />
            )}
          </Field>
        ) : (
          <span />
        )}
        <Button type="button" variant="danger-outline" size="sm" onClick={onRemove}>
          {t.removeLine}
        </Button>
      </div>
      {error('_') && <p className="text-sm text-red-700">{error('_')}</p>}
    </div>
  );
}
