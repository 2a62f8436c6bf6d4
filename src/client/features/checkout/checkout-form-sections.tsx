import { Loader2 } from 'lucide-react';
import { isOtherEuCountry, vatPrefix } from '@/shared/invoicing/vat-number';
import { pricesIncludeVat } from '@/shared/invoicing/vat-treatment';
import { rateText } from '@/shared/invoicing/eu-vat-rates';
import { cn } from '@/client/lib/cn';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { CountryOptions } from '@/client/components/country-options';
import { addressMessages } from '@/shared/i18n/messages/account-addresses';
import { MAX_ADDRESS_LINES } from '@/shared/stranger-text';
import { useT } from '@/client/lib/i18n';
import type { CheckoutFormState } from './use-checkout-form';

/** Personal or company, the company or personal number, the contact person, email and phone. */
export function CustomerFields({ form }: { form: CheckoutFormState }) {
  const { id, t, type, company, country, errors, input, register } = form;
  return (
    <>
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
    </>
  );
}

/** Said once the form was filled in from the signed-in buyer's last order. */
export function PrefilledNote({ form }: { form: CheckoutFormState }) {
  const at = useT(addressMessages);
  if (!form.prefilled) return null;
  return (
    <p
      role="status"
      className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900"
      data-testid="checkout-prefilled"
    >
      {at.prefilled}
    </p>
  );
}

/** A signed-in buyer's saved addresses, picked from as the delivery address. */
function SavedAddressPicker({ form }: { form: CheckoutFormState }) {
  const { id, savedAddresses, pickedAddress, pickAddress } = form;
  const at = useT(addressMessages);
  if (savedAddresses.length === 0) return null;
  return (
    <Field id={id('savedAddress')} label={at.pickLabel}>
      {(control) => (
        <select
          {...control}
          value={pickedAddress === undefined ? '' : String(pickedAddress)}
          onChange={(event) => pickAddress(event.target.value)}
          data-testid="saved-address-picker"
        >
          <option value="">{at.pickNone}</option>
          {savedAddresses.map((saved) => (
            <option key={saved.id} value={String(saved.id)}>
              {saved.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The delivery country and address, picked from the saved ones or typed, and the offer to save it. */
export function AddressFields({ form }: { form: CheckoutFormState }) {
  const { id, t, errors, register, offerSave, saveAddress, setSaveAddress } = form;
  const at = useT(addressMessages);
  return (
    <>
      <SavedAddressPicker form={form} />
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
            // A picked or prefilled address shows whole: as many rows as an address may have lines.
            rows={MAX_ADDRESS_LINES}
            autoComplete="street-address"
            placeholder={t.addressPlaceholder}
            {...register('address')}
          />
        )}
      </Field>
      {offerSave && (
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={saveAddress}
            onChange={(event) => setSaveAddress(event.target.checked)}
            data-testid="save-address"
          />
          {at.saveForLater}
        </label>
      )}
    </>
  );
}

/** A company's VAT number and invoice references, and a separate billing address. */
export function InvoicingFields({ form }: { form: CheckoutFormState }) {
  const { id, it, company, country, errors, input, register, trigger, separateBilling } = form;
  return (
    <>
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
    </>
  );
}

/** What this buyer pays, with the VAT treatment and any refused VAT number. */
export function PaymentSummary({ form }: { form: CheckoutFormState }) {
  const { it, treatment, vatNumberRefused, viesInvalid, payment, formatPrice, locale, totalLabel } = form;
  return (
    <>
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
    </>
  );
}

/** The terms of purchase to accept, and the Complete Order button with the total. */
export function TermsAndSubmit({ form }: { form: CheckoutFormState }) {
  const {
    id,
    t,
    ct,
    termsAccepted,
    setTermsAccepted,
    termsRefused,
    setTermsRefused,
    isSubmitting,
    totalLabel,
  } = form;
  return (
    <>
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
    </>
  );
}

/** "Ask for a quote": the same form, checked the same way, without the terms. */
export function AskQuote({ form }: { form: CheckoutFormState }) {
  const { qt, isSubmitting, askingQuote, askQuote } = form;
  return (
    <>
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
    </>
  );
}
