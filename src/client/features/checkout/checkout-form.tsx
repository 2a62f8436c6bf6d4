import '../../lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { customerSchema, type Customer, type CustomerType } from '../../../shared/checkout-schema';
import { countries, defaultCountry, type CountryCode } from '../../../shared/countries';
import { cn } from '../../lib/cn';

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
};

// The schema's input type is `unknown` per field (it trims anything); the form always holds strings.
const resolver = zodResolver(customerSchema) as unknown as Resolver<CustomerFormValues, unknown, Customer>;

export type FieldName = keyof CustomerFormValues;

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600';

function Field(props: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={props.className}>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {props.label}
      </label>
      {props.children}
      {props.error && (
        <p id={`${props.id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}

export interface CheckoutFormProps {
  /** Formatted total for the submit button. */
  totalLabel: string;
  /** Resolves with per-field server messages to show (empty when placed). */
  onSubmit: (customer: Customer) => Promise<Partial<Record<FieldName, string>>>;
  note?: ReactNode;
}

/** The contact and delivery form of the cart (SPEC §2, messages SPEC §5), validated by the shared schema. */
export function CheckoutForm({ totalLabel, onSubmit, note }: CheckoutFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CustomerFormValues, unknown, Customer>({
    resolver,
    defaultValues: emptyCustomer,
    mode: 'onSubmit',
  });
  const type = useWatch({ control, name: 'customerType' });
  const company = type === 'company';

  const submit = handleSubmit(async (customer) => {
    const serverErrors = await onSubmit(customer);
    for (const [field, message] of Object.entries(serverErrors)) {
      setError(field as FieldName, { type: 'server', message });
    }
  });

  const input = (
    name: FieldName,
    extra: {
      type?: string;
      placeholder?: string;
      autoComplete?: string;
      inputMode?: 'tel' | 'email' | 'numeric';
    } = {},
  ) => ({
    id: id(name),
    type: extra.type ?? 'text',
    required: true,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id(name)}-error` : undefined,
    className: inputClass,
    ...(extra.placeholder ? { placeholder: extra.placeholder } : {}),
    ...(extra.autoComplete ? { autoComplete: extra.autoComplete } : {}),
    ...(extra.inputMode ? { inputMode: extra.inputMode } : {}),
    ...register(name),
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby={id('title')} className="space-y-5">
      <h2 id={id('title')} className="text-xl font-semibold text-slate-900">
        Contact &amp; delivery
      </h2>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Customer type</legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {(
            [
              ['personal', 'Individual'],
              ['company', 'Company'],
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
          <Field id={id('companyName')} label="Company name" error={errors.companyName?.message}>
            <input {...input('companyName', { autoComplete: 'organization' })} />
          </Field>
          <Field id={id('orgNumber')} label="Organization number" error={errors.orgNumber?.message}>
            <input {...input('orgNumber', { placeholder: 'XXXXXX-XXXX', inputMode: 'numeric' })} />
          </Field>
        </div>
      )}
      {!company && (
        <Field id={id('personalNumber')} label="Personal ID number" error={errors.personalNumber?.message}>
          <input {...input('personalNumber', { placeholder: 'ÅÅÅÅMMDD-XXXX', inputMode: 'numeric' })} />
        </Field>
      )}

      <Field id={id('name')} label={company ? 'Contact Person' : 'Name'} error={errors.name?.message}>
        <input {...input('name', { autoComplete: 'name' })} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id('email')} label="Email" error={errors.email?.message}>
          <input {...input('email', { type: 'email', autoComplete: 'email', inputMode: 'email' })} />
        </Field>
        <Field id={id('phone')} label="Phone" error={errors.phone?.message}>
          <input {...input('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })} />
        </Field>
      </div>
      <Field id={id('country')} label="Country" error={errors.country?.message}>
        <select
          id={id('country')}
          required
          autoComplete="country"
          className={inputClass}
          aria-invalid={errors.country ? true : undefined}
          {...register('country')}
        >
          {countries.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id('address')} label="Delivery address" error={errors.address?.message}>
        <textarea
          id={id('address')}
          required
          rows={3}
          autoComplete="street-address"
          placeholder="Street, postal code, city"
          className={inputClass}
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={errors.address ? `${id('address')}-error` : undefined}
          {...register('address')}
        />
      </Field>

      {note}

      <button
        type="submit"
        disabled={isSubmitting}
        className="flex w-full items-center justify-center gap-2 rounded-xl bg-brand-700 px-6 py-3.5 text-base font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:opacity-80"
      >
        {isSubmitting && <Loader2 className="size-5 animate-spin" aria-hidden />}
        <span>Complete Order</span>
        <span aria-hidden>·</span>
        <span data-testid="checkout-total" className="whitespace-nowrap">
          {totalLabel}
        </span>
      </button>
    </form>
  );
}
