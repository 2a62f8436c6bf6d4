import '@/client/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { Handshake } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
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
import { cn } from '@/client/lib/cn';
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
  businessDescription: '',
  terms: false,
};

type FieldName = FieldPath<PartnerApplicationInput>;

const inputClass =
  'mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

function Field(props: {
  name: FieldName;
  label: string;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={props.className}>
      <label htmlFor={props.name} className="block text-sm font-semibold text-slate-800">
        {props.label}
      </label>
      {props.children}
      {props.error && (
        <p id={`${props.name}-error`} className="mt-1.5 text-sm text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** /partner and /partner-application: the partner application (SPEC §2, rules SPEC §5). */
export function PartnerPage() {
  const { locale } = useLocale();
  const t = useT(partnerMessages);
  const message = (text: string | undefined) => text && localiseValidation(locale, text);
  const [, navigate] = useLocation();
  const [submitted, setSubmitted] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PartnerApplicationInput, unknown, PartnerApplication>({
    resolver: zodResolver(partnerApplicationSchema),
    defaultValues,
    // Errors show after Submit and clear when their field is edited (not re-checked while typing).
    reValidateMode: 'onSubmit',
  });

  /** register() plus: editing a field clears its error; the error is announced and linked. */
  const field = (name: FieldName) => {
    const error = errors[name]?.message;
    return {
      ...register(name, { onChange: () => clearErrors(name) }),
      id: name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${name}-error` : undefined,
    };
  };
  const border = (name: FieldName) => (errors[name] ? 'border-red-600' : 'border-slate-300');

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
        onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <fieldset disabled={isSubmitting || submitted} className="grid gap-5 sm:grid-cols-2">
          <legend className="sr-only">{t.legend}</legend>
          <Field name="companyName" label={t.companyName} error={message(errors.companyName?.message)}>
            <input
              {...field('companyName')}
              type="text"
              autoComplete="organization"
              className={cn(inputClass, border('companyName'))}
            />
          </Field>
          <Field name="orgNumber" label={t.orgNumber} error={message(errors.orgNumber?.message)}>
            <input
              {...field('orgNumber')}
              type="text"
              inputMode="numeric"
              placeholder="XXXXXX-XXXX"
              className={cn(inputClass, border('orgNumber'))}
            />
          </Field>
          <Field name="contactPerson" label={t.contactPerson} error={message(errors.contactPerson?.message)}>
            <input
              {...field('contactPerson')}
              type="text"
              autoComplete="name"
              className={cn(inputClass, border('contactPerson'))}
            />
          </Field>
          <Field name="email" label={t.email} error={message(errors.email?.message)}>
            <input
              {...field('email')}
              type="email"
              autoComplete="email"
              className={cn(inputClass, border('email'))}
            />
          </Field>
          <Field name="phone" label={t.phone} error={message(errors.phone?.message)}>
            <input
              {...field('phone')}
              type="tel"
              autoComplete="tel"
              className={cn(inputClass, border('phone'))}
            />
          </Field>
          <Field name="address" label={t.address} error={message(errors.address?.message)}>
            <input
              {...field('address')}
              type="text"
              autoComplete="street-address"
              className={cn(inputClass, border('address'))}
            />
          </Field>
          <Field name="city" label={t.city} error={message(errors.city?.message)}>
            <input
              {...field('city')}
              type="text"
              autoComplete="address-level2"
              className={cn(inputClass, border('city'))}
            />
          </Field>
          <Field name="postalCode" label={t.postalCode} error={message(errors.postalCode?.message)}>
            <input
              {...field('postalCode')}
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="XXX XX"
              className={cn(inputClass, border('postalCode'))}
            />
          </Field>
          <Field
            name="businessDescription"
            label={t.businessDescription}
            error={message(errors.businessDescription?.message)}
            className="sm:col-span-2"
          >
            <textarea
              {...field('businessDescription')}
              rows={5}
              placeholder={t.descriptionPlaceholder}
              className={cn(inputClass, border('businessDescription'))}
            />
          </Field>
          <div className="sm:col-span-2">
            <div className="flex items-start gap-3">
              <input
                {...field('terms')}
                type="checkbox"
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
              <p id="terms-error" className="mt-1.5 text-sm text-red-700">
                {message(errors.terms.message)}
              </p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={() => navigate('/')}
              className="rounded-xl px-6 py-3 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              {t.cancel}
            </button>
            <button
              type="submit"
              className="rounded-xl bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-60"
            >
              {isSubmitting ? t.sending : t.submit}
            </button>
          </div>
        </fieldset>
      </form>
    </main>
  );
}
