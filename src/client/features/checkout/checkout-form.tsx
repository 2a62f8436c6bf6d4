import '@/client/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { checkoutSchemas, type Customer, type CustomerType } from '@/shared/checkout-schema';
import { defaultCountry, type CountryCode } from '@/shared/countries';
import { isOtherEuCountry, vatPrefix } from '@/shared/invoicing/vat-number';
import { amountToPay, type AmountToPay, pricesIncludeVat } from '@/shared/invoicing/vat-treatment';
import type { Milli } from '@/shared/money';
import { rateText } from '@/shared/invoicing/eu-vat-rates';
import {
  checkEuVatNumber,
  normaliseVatNumber,
  vatNumberCheckPath,
  type VatNumberCheckAnswer,
} from '@/shared/invoicing/vat-number';
import { apiFetch } from '@/client/lib/api';
import { countryCodes as knownCountries } from '@/shared/countries';
import { useCurrency } from '@/client/state/currency-context';
import { readCheckoutDraft, writeCheckoutDraft } from './checkout-draft';
import { cn } from '@/client/lib/cn';
import { invoicingMessages } from '@/shared/i18n/messages/invoicing';
import { cartMessages } from '@/shared/i18n/messages/cart';
import { checkoutPageMessages } from '@/shared/i18n/messages/checkout';
import { quoteMessages } from '@/shared/i18n/messages/quotes';
import type { Locale } from '@/shared/i18n/locale';
import { useLocale, useT } from '@/client/lib/i18n';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { CountryOptions } from '@/client/components/country-options';

/** What the form holds before validation: every field a string. */
export interface CustomerFormValues {
  customerType: CustomerType;
  name: string;
  companyName: string;
  orgNumber: string;
  personalNumber: string;
  email: string;
  phone: string;
  country: CountryCode;
  address: string;
  vatNumber: string;
  buyerReference: string;
  purchaseOrderNumber: string;
  peppolId: string;
  separateBilling: boolean;
  billingAddress: string;
}

export const emptyCustomer: CustomerFormValues = {
  customerType: 'personal',
  name: '',
  companyName: '',
  orgNumber: '',
  personalNumber: '',
  email: '',
  phone: '',
  country: defaultCountry,
  address: '',
  vatNumber: '',
  buyerReference: '',
  purchaseOrderNumber: '',
  peppolId: '',
  separateBilling: false,
  billingAddress: '',
};

// The schema's input type is `unknown` per field (it trims anything); the form always holds strings.
const resolverFor = (locale: Locale) =>
  zodResolver(checkoutSchemas(locale).customerSchema) as unknown as Resolver<
    CustomerFormValues,
    unknown,
    Customer
  >;
const resolvers: Record<Locale, Resolver<CustomerFormValues, unknown, Customer>> = {
  sv: resolverFor('sv'),
  en: resolverFor('en'),
};

export type FieldName = keyof CustomerFormValues;

const optionalFields = new Set<FieldName>(['vatNumber', 'buyerReference', 'purchaseOrderNumber', 'peppolId']);

export interface CheckoutFormProps {
  /** The cart total as shown (VAT-inclusive prices, conversion fees included). */
  total: Milli;
  /** What this buyer pays (`amountToPay`), as it changes: the page's summary shows the same. */
  onPaymentChange: (payment: AmountToPay) => void;
  /** Formats an amount in the chosen display currency. */
  formatPrice: (amount: Milli) => string;
  /** Resolves with per-field server messages to show (empty when placed). */
  onSubmit: (customer: Customer) => Promise<Partial<Record<FieldName, string>>>;
  /**
   * "Ask for a quote": the same form, checked the same way, without the terms (they are accepted
   * with the quote later). Resolves with per-field server messages, like onSubmit.
   */
  onAskQuote?: (customer: Customer) => Promise<Partial<Record<FieldName, string>>>;
  note?: ReactNode;
  /** Shown after the address: depends on the delivery country the buyer picks (the delivery estimate). */
  delivery?: (country: CountryCode) => ReactNode;
}

/** The contact and delivery form of the cart (SPEC §2, messages SPEC §5), validated by the shared schema. */
export function CheckoutForm({
  total,
  onPaymentChange,
  formatPrice,
  onSubmit,
  onAskQuote,
  note,
  delivery,
}: CheckoutFormProps) {
  const qt = useT(quoteMessages);
  const [askingQuote, setAskingQuote] = useState(false);
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const { locale } = useLocale();
  const t = useT(checkoutPageMessages);
  const {
    register,
    handleSubmit,
    control,
    reset,
    subscribe,
    setError,
    trigger,
    setValue,
    getFieldState,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<CustomerFormValues, unknown, Customer>({
    // Validation speaks the page's language (react-hook-form takes the resolver of each render).
    resolver: resolvers[locale],
    defaultValues: emptyCustomer,
    mode: 'onSubmit',
    // Focus goes to the first refused field on the page (below), not the first one registered: the
    // company fields register after the others when "Company" is picked.
    shouldFocusError: false,
  });
  // A switch of language says the messages already shown again, in the new language.
  const revalidate = useEffectEvent(() => {
    if (isSubmitted) void trigger();
  });
  useEffect(() => revalidate(), [locale]);
  const it = useT(invoicingMessages);
  const type = useWatch({ control, name: 'customerType' });
  const company = type === 'company';
  const country = useWatch({ control, name: 'country' });
  const vatNumber = useWatch({ control, name: 'vatNumber' });
  const separateBilling = useWatch({ control, name: 'separateBilling' });
  const countryFromDraft = useRef(false);
  // What is typed survives a trip to another page and a reload of this tab (sessionStorage only).
  // Read after mount: the server rendered the empty form, and hydration must meet it as it was.
  useEffect(() => {
    const draft = readCheckoutDraft(emptyCustomer, {
      customerType: ['personal', 'company'],
      country: knownCountries,
    });
    countryFromDraft.current = draft.country !== undefined;
    if (Object.keys(draft).length > 0) reset({ ...emptyCustomer, ...draft });
    return subscribe({ formState: { values: true }, callback: ({ values }) => writeCheckoutDraft(values) });
  }, [reset, subscribe]);
  // The delivery country starts as the visitor's (the shop's proxy, else their browser's language
  // region: a buyer in Finland sees Finland) until they pick one or a draft names one.
  const { country: visitorCountry } = useCurrency();
  useEffect(() => {
    const known = knownCountries.find((code) => code === visitorCountry);
    if (known === undefined || countryFromDraft.current || getFieldState('country').isDirty) return;
    setValue('country', known);
  }, [visitorCountry, setValue, getFieldState]);
  // A well-formed EU VAT number is asked at VIES (through the shop) once the typing stops: one VIES
  // does not know gets Swedish VAT, shown here before ordering, as the server will decide it.
  const wellFormed = company && isOtherEuCountry(country) && checkEuVatNumber(vatNumber, country) === 'ok';
  const viesKey = wellFormed ? `${country}:${normaliseVatNumber(vatNumber)}` : '';
  const [vies, setVies] = useState<{ key: string; status: VatNumberCheckAnswer['status'] } | null>(null);
  useEffect(() => {
    if (viesKey === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiFetch<VatNumberCheckAnswer>(vatNumberCheckPath(vatNumber, country), { signal: controller.signal })
        .then((answer) => setVies({ key: viesKey, status: answer.status }))
        .catch(() => undefined);
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [viesKey, vatNumber, country]);
  const viesInvalid = viesKey !== '' && vies?.key === viesKey && vies.status === 'invalid';
  // Whether the shop now taxes EU distance sales in the buyer's country (OSS), asked once.
  const [taxedAbroad, setTaxedAbroad] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    apiFetch<{ taxedInBuyerCountry: boolean }>('/api/vat/distance-sales', { signal: controller.signal })
      .then((answer) => setTaxedAbroad(answer.taxedInBuyerCountry))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  // What this buyer pays: the one computation the server makes too; the page shows the same.
  const payment = amountToPay(
    [total],
    { country, customerType: type, vatNumber: company && !viesInvalid ? vatNumber : '' },
    taxedAbroad,
  );
  const reportPayment = useEffectEvent(() => onPaymentChange(payment));
  useEffect(() => reportPayment(), [payment.total, payment.treatment]);
  const treatment = payment.treatment;
  const totalLabel = formatPrice(payment.total);
  // A VAT number typed but not valid: the order falls back to Swedish VAT; say so beside the amount.
  const vatNumberRefused =
    company &&
    isOtherEuCountry(country) &&
    vatNumber.trim() !== '' &&
    checkEuVatNumber(vatNumber, country) !== 'ok';

  const ct = useT(cartMessages);
  // The buyer accepts the terms of purchase before ordering; checked here, beside the fields.
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsRefused, setTermsRefused] = useState(false);
  const focusFirstError = (form: HTMLFormElement, refused: FieldErrors<CustomerFormValues>) => {
    const first = [...form.elements].find(
      (element) => element instanceof HTMLElement && 'name' in element && String(element.name) in refused,
    );
    if (first instanceof HTMLElement) first.focus();
  };
  const send = async (customer: Customer) => {
    if (!termsAccepted) {
      document.getElementById(id('terms'))?.focus();
      return;
    }
    const serverErrors = await onSubmit(customer);
    for (const [field, message] of Object.entries(serverErrors)) {
      setError(field as FieldName, { type: 'server', message });
    }
  };
  const askQuote = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    if (!onAskQuote || !form) return;
    setTermsRefused(false);
    void handleSubmit(
      async (customer) => {
        setAskingQuote(true);
        try {
          const serverErrors = await onAskQuote(customer);
          for (const [field, message] of Object.entries(serverErrors)) {
            setError(field as FieldName, { type: 'server', message });
          }
        } finally {
          setAskingQuote(false);
        }
      },
      (refused) => focusFirstError(form, refused),
    )();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setTermsRefused(!termsAccepted);
    const form = event.currentTarget;
    return handleSubmit(send, (refused) => focusFirstError(form, refused))(event);
  };

  const input = (
    name: FieldName,
    extra: {
      type?: string;
      placeholder?: string;
      autoComplete?: string;
      inputMode?: 'tel' | 'email' | 'numeric';
    } = {},
  ) => ({
    type: extra.type ?? 'text',
    required: !optionalFields.has(name),
    ...(extra.placeholder ? { placeholder: extra.placeholder } : {}),
    ...(extra.autoComplete ? { autoComplete: extra.autoComplete } : {}),
    ...(extra.inputMode ? { inputMode: extra.inputMode } : {}),
    ...register(name),
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby={id('title')} className="space-y-5">
      <h2 id={id('title')} className="text-xl font-semibold text-slate-900">
        {t.formHeading}
      </h2>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t.customerType}</legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {(
            [
              ['personal', t.personal],
              ['company', t.company],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600',
                type === value
                  ? 'border-brand-700 bg-brand-50 text-brand-900'
                  : 'border-slate-300 text-slate-800 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                value={value}
                className="size-4 accent-brand-700"
                {...register('customerType')}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      {company && (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={id('companyName')} label={t.companyName} error={errors.companyName?.message}>
            {(control) => <input {...control} {...input('companyName', { autoComplete: 'organization' })} />}
          </Field>
          {/* A Swedish organisationsnummer has a form (SPEC's placeholder); other countries' numbers do not. */}
          <Field
            id={id('orgNumber')}
            label={country === 'SE' ? t.orgNumber : t.registrationNumber}
            error={errors.orgNumber?.message}
          >
            {(control) => (
              <input
                {...control}
                {...input(
                  'orgNumber',
                  country === 'SE' ? { placeholder: 'XXXXXX-XXXX', inputMode: 'numeric' } : {},
                )}
              />
            )}
          </Field>
        </div>
      )}
      {/* A personnummer exists only in Sweden: individuals elsewhere are not asked for one. */}
      {!company && country === 'SE' && (
        <Field id={id('personalNumber')} label={t.personalNumber} error={errors.personalNumber?.message}>
          {(control) => (
            <input
              {...control}
              {...input('personalNumber', { placeholder: 'ÅÅÅÅMMDD-XXXX', inputMode: 'numeric' })}
            />
          )}
        </Field>
      )}

      <Field id={id('name')} label={company ? t.contactPerson : t.name} error={errors.name?.message}>
        {(control) => <input {...control} {...input('name', { autoComplete: 'name' })} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id('email')} label={t.email} error={errors.email?.message}>
          {(control) => (
            <input
              {...control}
              {...input('email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
            />
          )}
        </Field>
        <Field id={id('phone')} label={t.phone} error={errors.phone?.message}>
          {(control) => (
            <input {...control} {...input('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })} />
          )}
        </Field>
      </div>
      <Field id={id('country')} label={t.country} error={errors.country?.message}>
        {(control) => (
          <select {...control} required autoComplete="country" {...register('country')}>
            <CountryOptions />
          </select>
        )}
      </Field>
      <Field id={id('address')} label={t.deliveryAddress} error={errors.address?.message}>
        {(control) => (
          <textarea
            {...control}
            required
            rows={3}
            autoComplete="street-address"
            placeholder={t.addressPlaceholder}
            {...register('address')}
          />
        )}
      </Field>

      {delivery?.(country)}

      {company && country !== 'SE' && (
        <Field
          id={id('vatNumber')}
          label={it.vatNumber}
          error={errors.vatNumber?.message}
          hint={
            isOtherEuCountry(country)
              ? it.vatNumberHint({ prefix: vatPrefix(country) })
              : it.vatNumberHintOutsideEu
          }
        >
          {(control) => {
            const field = input('vatNumber', {
              placeholder: isOtherEuCountry(country) ? `${vatPrefix(country)}…` : '',
            });
            return (
              <input
                {...control}
                {...field}
                // Said when the buyer leaves the field, not only at Complete Order.
                onBlur={(event) => {
                  void field.onBlur(event);
                  if (event.target.value.trim() !== '') void trigger('vatNumber');
                }}
              />
            );
          }}
        </Field>
      )}
      {company && (
        <Field id={id('buyerReference')} label={it.reference} error={errors.buyerReference?.message}>
          {(control) => <input {...control} {...input('buyerReference')} />}
        </Field>
      )}
      {company && (
        <Field
          id={id('purchaseOrderNumber')}
          label={it.purchaseOrder}
          error={errors.purchaseOrderNumber?.message}
        >
          {(control) => <input {...control} {...input('purchaseOrderNumber')} />}
        </Field>
      )}
      {company && (
        <Field
          id={id('peppolId')}
          label={it.peppolId}
          hint={it.peppolIdHint}
          error={errors.peppolId?.message}
        >
          {(control) => <input {...control} {...input('peppolId')} placeholder="0007:5567321707" />}
        </Field>
      )}
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" className="size-4 accent-brand-700" {...register('separateBilling')} />
        {it.separateBilling}
      </label>
      {separateBilling && (
        <Field id={id('billingAddress')} label={it.billingAddress} error={errors.billingAddress?.message}>
          {(control) => (
            <textarea
              {...control}
              required
              rows={3}
              autoComplete="billing street-address"
              placeholder={it.billingPlaceholder}
              {...register('billingAddress')}
            />
          )}
        </Field>
      )}

      <section
        aria-label={it.vatHeading}
        data-testid="vat-summary"
        data-treatment={treatment}
        className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700"
      >
        <p className="font-medium text-slate-900">{it[treatment]}</p>
        {vatNumberRefused && (
          <p className="mt-1 text-amber-900" data-testid="vat-number-refused">
            {it.vatNumberRefused}
          </p>
        )}
        {viesInvalid && (
          <p className="mt-1 text-amber-900" data-testid="vat-number-not-registered">
            {it.vatNumberNotRegistered}
          </p>
        )}
        <dl className="mt-2 space-y-1">
          {pricesIncludeVat(treatment) && (
            <div className="flex justify-between gap-3">
              <dt>{it.vatIncluded}</dt>
              <dd className="whitespace-nowrap tabular-nums">{formatPrice(payment.vat)}</dd>
            </div>
          )}
          {/* OSS: the buyer country's VAT added to the price without Swedish VAT. */}
          {payment.ossTenths !== null && (
            <div className="flex justify-between gap-3" data-testid="oss-vat">
              <dt>{it.vatAdded({ percent: rateText(payment.ossTenths, locale) })}</dt>
              <dd className="whitespace-nowrap tabular-nums">{formatPrice(payment.vat)}</dd>
            </div>
          )}
          <div className="flex flex-wrap justify-between gap-x-3 text-base font-semibold text-slate-900">
            <dt>{it.toPay}</dt>
            {/* One unit with its currency; pushed right when a narrow phone puts it on a line of its own. */}
            <dd className="ml-auto whitespace-nowrap tabular-nums" data-testid="amount-to-pay">
              {totalLabel}
            </dd>
          </div>
        </dl>
      </section>

      {note}

      <div>
        <div className="flex items-start gap-3">
          <input
            id={id('terms')}
            type="checkbox"
            checked={termsAccepted}
            onChange={(event) => {
              setTermsAccepted(event.target.checked);
              if (event.target.checked) setTermsRefused(false);
            }}
            aria-invalid={termsRefused ? true : undefined}
            aria-describedby={termsRefused ? id('terms-error') : undefined}
            className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
          />
          <span className="text-sm text-slate-800">
            <label htmlFor={id('terms')}>{ct.acceptTerms}</label>{' '}
            <a
              href="/terms"
              target="_blank"
              rel="noopener"
              className="block text-brand-800 underline underline-offset-2"
            >
              {ct.readTerms}
            </a>
          </span>
        </div>
        {termsRefused && (
          <p id={id('terms-error')} role="alert" className="mt-1 text-sm text-red-700">
            {ct.termsRequired}
          </p>
        )}
      </div>

      <Button
        type="submit"
        disabled={isSubmitting}
        size="xl"
        block
        disabledLook="busy"
        className="flex-wrap gap-y-0.5"
      >
        {isSubmitting && <Loader2 className="size-5 animate-spin" aria-hidden />}
        {/* A phone shows the label and, centred below it, the total: a long total would otherwise
            wrap on its own and start the second line with the separator. Wider, one line. */}
        <span className="whitespace-nowrap">{t.completeOrder}</span>
        <span className="whitespace-nowrap text-center max-sm:basis-full max-sm:text-sm max-sm:font-medium">
          <span aria-hidden className="max-sm:hidden">
            ·{' '}
          </span>
          <span data-testid="checkout-total">{totalLabel}</span>
        </span>
      </Button>
      {onAskQuote && (
        <div className="space-y-1.5 text-center">
          <Button
            type="button"
            variant="secondary"
            size="lg"
            block
            disabled={isSubmitting || askingQuote}
            disabledLook="busy"
            onClick={askQuote}
            data-testid="ask-quote"
          >
            {askingQuote && <Loader2 className="size-5 animate-spin" aria-hidden />}
            {askingQuote ? qt.creatingQuote : qt.askForQuote}
          </Button>
          <p className="text-sm text-slate-600">{qt.askForQuoteHint}</p>
        </div>
      )}
    </form>
  );
}
