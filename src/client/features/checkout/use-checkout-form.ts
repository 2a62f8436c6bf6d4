import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import type { Customer } from '@/shared/checkout-schema';
import type { CountryCode } from '@/shared/countries';
import { amountToPay } from '@/shared/invoicing/vat-treatment';
import {
  checkEuVatNumber,
  isOtherEuCountry,
  normaliseVatNumber,
  vatNumberCheckPath,
  type VatNumberCheckAnswer,
} from '@/shared/invoicing/vat-number';
import { apiFetch } from '@/client/lib/api';
import { countryCodes as knownCountries } from '@/shared/countries';
import { useCurrency } from '@/client/state/currency-context';
import { readCheckoutDraft, writeCheckoutDraft } from './checkout-draft';
import { invoicingMessages } from '@/shared/i18n/messages/invoicing';
import { cartMessages } from '@/shared/i18n/messages/cart';
import { checkoutPageMessages } from '@/shared/i18n/messages/checkout';
import { quoteMessages } from '@/shared/i18n/messages/quotes';
import { useLocale, useT } from '@/client/lib/i18n';
import { MAX_SAVED_ADDRESSES, sameAddress } from '@/shared/saved-address';
import {
  blankCustomer,
  optionalFields,
  prefilledValues,
  type CheckoutAccount,
  resolvers,
  type CheckoutFormProps,
  type CustomerFormValues,
  type FieldName,
} from './checkout-form-values';

type CustomerForm = UseFormReturn<CustomerFormValues, unknown, Customer>;

/**
 * The draft of the form (sessionStorage), the visitor's country as the first delivery country, and
 * a signed-in buyer's details; answers whether the form was filled in from those.
 */
function useCheckoutDraft(
  { reset, subscribe, setValue, getFieldState, getValues }: CustomerForm,
  account: CheckoutAccount | undefined,
) {
  const countryFromDraft = useRef(false);
  const draftRead = useRef(false);
  // What is typed survives a trip to another page and a reload of this tab (sessionStorage only).
  // Read after mount: the server rendered the empty form, and hydration must meet it as it was.
  useEffect(() => {
    const draft = readCheckoutDraft(blankCustomer, {
      customerType: ['personal', 'company'],
      country: knownCountries,
    });
    countryFromDraft.current = draft.country !== undefined;
    draftRead.current = Object.keys(draft).length > 0;
    if (draftRead.current) reset({ ...blankCustomer, ...draft });
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
  // A signed-in buyer's form starts filled in from their own last order (decision 0076), once, and
  // only while it is untouched: no draft in this tab (a reorder writes one too) and nothing typed.
  // What the buyer has typed is never overwritten.
  const [prefilled, setPrefilled] = useState(false);
  const prefillTried = useRef(false);
  const prefill = useEffectEvent((signedIn: CheckoutAccount) => {
    if (prefillTried.current) return;
    prefillTried.current = true;
    const values = getValues();
    // The country may be the visitor's, set for them: not typed.
    const untouched = (Object.keys(blankCustomer) as FieldName[]).every(
      (field) => field === 'country' || values[field] === blankCustomer[field],
    );
    if (draftRead.current || !untouched) return;
    countryFromDraft.current = true;
    reset(prefilledValues(signedIn));
    setPrefilled(true);
  });
  useEffect(() => {
    if (account) prefill(account);
  }, [account]);
  return prefilled;
}

/**
 * The signed-in buyer's saved addresses to pick the delivery address from, and the offer to save
 * a new one with the order (unticked: saving is the buyer's choice, GDPR art. 25(2)).
 */
function useSavedAddresses(form: CustomerForm, account: CheckoutAccount | undefined, validate: boolean) {
  const { control, setValue, setFocus } = form;
  const addresses = account?.addresses ?? [];
  const country = useWatch({ control, name: 'country' });
  const address = useWatch({ control, name: 'address' });
  const picked = addresses.find((saved) => sameAddress(saved, { country, address }));
  const pickAddress = (id: string) => {
    const chosen = addresses.find((saved) => String(saved.id) === id);
    const options = { shouldDirty: true, shouldValidate: validate };
    if (!chosen) {
      // "Type an address": the field empties for the new one.
      setValue('address', '', options);
      setFocus('address');
      return;
    }
    setValue('country', chosen.country, options);
    setValue('address', chosen.address, options);
  };
  const [saveAddress, setSaveAddress] = useState(false);
  const offerSave =
    account !== undefined && address.trim() !== '' && !picked && addresses.length < MAX_SAVED_ADDRESSES;
  return {
    savedAddresses: addresses,
    pickedAddress: picked?.id,
    pickAddress,
    offerSave,
    saveAddress: offerSave && saveAddress,
    setSaveAddress,
  };
}

/**
 * The VIES answer for a well-formed EU VAT number, and whether the shop taxes EU distance sales in
 * the buyer's country (OSS).
 */
function useVatStatus(company: boolean, country: CountryCode, vatNumber: string) {
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
  return { viesInvalid, taxedAbroad };
}

/** The checkout form's state, effects and handlers: `CheckoutForm` and its sections render them. */
export function useCheckoutForm({
  total,
  onPaymentChange,
  formatPrice,
  onSubmit,
  onAskQuote,
  account,
}: Omit<CheckoutFormProps, 'note' | 'delivery'>) {
  const qt = useT(quoteMessages);
  const [askingQuote, setAskingQuote] = useState(false);
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const { locale } = useLocale();
  const t = useT(checkoutPageMessages);
  const form = useForm<CustomerFormValues, unknown, Customer>({
    // Validation speaks the page's language (react-hook-form takes the resolver of each render).
    resolver: resolvers[locale],
    defaultValues: blankCustomer,
    mode: 'onSubmit',
    // Focus goes to the first refused field on the page (below), not the first one registered: the
    // company fields register after the others when "Company" is picked.
    shouldFocusError: false,
  });
  const {
    register,
    handleSubmit,
    control,
    setError,
    trigger,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
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
  const prefilled = useCheckoutDraft(form, account);
  const saved = useSavedAddresses(form, account, isSubmitted);
  const { viesInvalid, taxedAbroad } = useVatStatus(company, country, vatNumber);
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
    const serverErrors = await onSubmit(customer, { saveAddress: saved.saveAddress });
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

  return {
    id,
    t,
    it,
    ct,
    qt,
    locale,
    register,
    errors,
    isSubmitting,
    trigger,
    type,
    company,
    country,
    separateBilling,
    payment,
    treatment,
    totalLabel,
    formatPrice,
    vatNumberRefused,
    viesInvalid,
    termsAccepted,
    setTermsAccepted,
    termsRefused,
    setTermsRefused,
    askingQuote,
    askQuote,
    submit,
    input,
    prefilled,
    ...saved,
  };
}

export type CheckoutFormState = ReturnType<typeof useCheckoutForm>;
