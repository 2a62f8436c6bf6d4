import '@/client/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { Handshake } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useLocation } from 'wouter';
import { partnerMessages } from '@/shared/i18n/messages/partner';
import { localiseValidation } from '@/shared/i18n/messages/validation';
import { useLocale, useT } from '@/client/lib/i18n';
import {
  partnerApplicationSchema,
  type PartnerApplication,
  type PartnerApplicationInput,
} from '@/shared/partner-schema';
import { ApiError, apiFetch } from '@/client/lib/api';
import { Button } from '@/client/components/ui/button';
import { Field, fieldErrorId } from '@/client/components/ui/field';
import { CountryOptions } from '@/client/components/country-options';
import { notify } from '@/client/lib/notify';

const REDIRECT_DELAY_MS = 2000;

const defaultValues: PartnerApplicationInput = {
  companyName: '',
  orgNumber: '',
  contactPerson: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  country: 'SE',
  businessDescription: '',
  terms: false,
};

type FieldName = FieldPath<PartnerApplicationInput>;

/**
 * The form's state and sending: the shared schema checks it in the browser, the server's field
 * errors land on their fields, and a sent application thanks the visitor and returns to the start.
 */
function usePartnerApplication() {
  const { locale } = useLocale();
  const t = useT(partnerMessages);
  const [, navigate] = useLocation();
  const [submitted, setSubmitted] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const form = useForm<PartnerApplicationInput, unknown, PartnerApplication>({
    resolver: zodResolver(partnerApplicationSchema),
    defaultValues,
    // Errors show after Submit and clear when their field is edited (not re-checked while typing).
    reValidateMode: 'onSubmit',
  });
  const { setError } = form;

  const onValid = async (application: PartnerApplication) => {
    try {
      await apiFetch('/api/partner-applications', { method: 'POST', json: application });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        for (const [name, message] of Object.entries(error.fieldErrors)) {
          if (name in defaultValues) setError(name as FieldName, { message });
        }
        notify.error(t.correctErrors);
      } else {
        notify.error(error instanceof ApiError ? localiseValidation(locale, error.message) : t.sendFailed);
      }
      return;
    }
    setSubmitted(true);
    notify.success(t.thanks);
    timer.current = window.setTimeout(() => navigate('/'), REDIRECT_DELAY_MS);
  };
  const onInvalid = () => notify.error(t.correctErrors);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(onValid, onInvalid)(event);
  return { form, submitted, onSubmit, cancel: () => navigate('/') };
}

type PartnerForm = UseFormReturn<PartnerApplicationInput, unknown, PartnerApplication>;

/** /partner and /partner-application: the partner application (SPEC §2, rules SPEC §5). */
export function PartnerPage() {
  const t = useT(partnerMessages);
  const { form, submitted, onSubmit, cancel } = usePartnerApplication();
  const { isSubmitting } = form.formState;

  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 sm:flex">
          <Handshake className="size-6" aria-hidden />
        </span>
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t.heading}</h1>
          <p className="mt-2 text-slate-600">{t.intro}</p>
        </div>
      </div>

      <form
        noValidate
        onSubmit={onSubmit}
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <fieldset disabled={isSubmitting || submitted} className="grid gap-5 sm:grid-cols-2">
          <legend className="sr-only">{t.legend}</legend>
          <CompanyFields form={form} />
          <TermsField form={form} />
          <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" size="lg" onClick={cancel}>
              {t.cancel}
            </Button>
            <Button type="submit" size="lg" disabledLook="busy">
              {isSubmitting ? t.sending : t.submit}
            </Button>
          </div>
        </fieldset>
      </form>
    </main>
  );
}

/** register() plus: editing a field clears its error; and a field's message in the reader's language. */
function useFieldHelpers({ register, clearErrors }: PartnerForm) {
  const { locale } = useLocale();
  return {
    field: (name: FieldName) => register(name, { onChange: () => clearErrors(name) }),
    message: (text: string | undefined) => text && localiseValidation(locale, text),
  };
}

/** The company, its contact person, address and business. */
function CompanyFields({ form }: { form: PartnerForm }) {
  const t = useT(partnerMessages);
  const { register, control, clearErrors } = form;
  const { errors } = form.formState;
  const { field, message } = useFieldHelpers(form);
  // A Swedish company gives its organisationsnummer and a Swedish postcode; a company abroad its
  // own registration number and postcode, whatever their form.
  const swedish = useWatch({ control, name: 'country' }) === 'SE';
  return (
    <>
      <Field id="companyName" label={t.companyName} error={message(errors.companyName?.message)}>
        {(control) => (
          <input {...control} {...field('companyName')} type="text" autoComplete="organization" />
        )}
      </Field>
      <Field
        id="orgNumber"
        label={swedish ? t.orgNumber : t.registrationNumber}
        error={message(errors.orgNumber?.message)}
      >
        {(control) => (
          <input
            {...control}
            {...field('orgNumber')}
            type="text"
            {...(swedish ? { inputMode: 'numeric', placeholder: 'XXXXXX-XXXX' } : {})}
          />
        )}
      </Field>
      <Field id="contactPerson" label={t.contactPerson} error={message(errors.contactPerson?.message)}>
        {(control) => <input {...control} {...field('contactPerson')} type="text" autoComplete="name" />}
      </Field>
      <Field id="email" label={t.email} error={message(errors.email?.message)}>
        {(control) => <input {...control} {...field('email')} type="email" autoComplete="email" />}
      </Field>
      <Field id="phone" label={t.phone} error={message(errors.phone?.message)}>
        {(control) => <input {...control} {...field('phone')} type="tel" autoComplete="tel" />}
      </Field>
      <Field id="address" label={t.address} error={message(errors.address?.message)}>
        {(control) => <input {...control} {...field('address')} type="text" autoComplete="street-address" />}
      </Field>
      <Field id="city" label={t.city} error={message(errors.city?.message)}>
        {(control) => <input {...control} {...field('city')} type="text" autoComplete="address-level2" />}
      </Field>
      <Field id="postalCode" label={t.postalCode} error={message(errors.postalCode?.message)}>
        {(control) => (
          <input
            {...control}
            {...field('postalCode')}
            type="text"
            autoComplete="postal-code"
            {...(swedish ? { inputMode: 'numeric', placeholder: 'XXX XX' } : {})}
          />
        )}
      </Field>
      <Field id="country" label={t.country} error={message(errors.country?.message)}>
        {(control) => (
          <select
            {...control}
            {...register('country', {
              // The number and postcode are checked for the country: a change clears their errors.
              onChange: () => clearErrors(['country', 'orgNumber', 'postalCode']),
            })}
            autoComplete="country"
          >
            <CountryOptions />
          </select>
        )}
      </Field>
      <Field
        id="businessDescription"
        label={t.businessDescription}
        error={message(errors.businessDescription?.message)}
        className="sm:col-span-2"
      >
        {(control) => (
          <textarea
            {...control}
            {...field('businessDescription')}
            rows={5}
            placeholder={t.descriptionPlaceholder}
          />
        )}
      </Field>
    </>
  );
}

/** The partner terms: accepted with a tick, readable in a new tab. */
function TermsField({ form }: { form: PartnerForm }) {
  const t = useT(partnerMessages);
  const { errors } = form.formState;
  const { field, message } = useFieldHelpers(form);
  return (
    <div className="sm:col-span-2">
      <div className="flex items-start gap-3">
        <input
          {...field('terms')}
          id="terms"
          type="checkbox"
          aria-invalid={errors.terms ? true : undefined}
          aria-describedby={errors.terms ? fieldErrorId('terms') : undefined}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
        />
        <span className="text-sm text-slate-800">
          <label htmlFor="terms">{t.terms}</label> {/* A new tab, so the half-filled form stays. */}
          <a
            href="/terms#partner"
            target="_blank"
            rel="noopener"
            className="block text-brand-800 underline underline-offset-2"
          >
            {t.readTerms}
          </a>
        </span>
      </div>
      {errors.terms?.message && (
        <p id={fieldErrorId('terms')} className="mt-1.5 text-sm font-medium text-red-700">
          {message(errors.terms.message)}
        </p>
      )}
    </div>
  );
}
