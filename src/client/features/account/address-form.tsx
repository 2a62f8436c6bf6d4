import '@/client/lib/zod-csp';
import { useId, useState, type FormEvent } from 'react';
import { defaultCountry, type CountryCode } from '@/shared/countries';
import { addressMessages } from '@/shared/i18n/messages/account-addresses';
import { localiseValidation } from '@/shared/i18n/messages/validation';
import { MAX_ADDRESS_LABEL, MAX_SAVED_ADDRESS, type SavedAddress } from '@/shared/saved-address';
import { addressMessageIn, savedAddressInput, type SavedAddressInput } from '@/shared/saved-address-schema';
import { CountryOptions } from '@/client/components/country-options';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';

type FieldErrors = Partial<Record<'label' | 'country' | 'address', string>>;

/**
 * Adds or changes one saved address: its name, country and lines, checked by the schema the
 * server checks with. `onSave` resolves when saved; a refusal's messages go on their fields.
 */
export function AddressForm({
  initial,
  onSave,
  onCancel,
}: {
  initial?: SavedAddress;
  onSave: (input: SavedAddressInput) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT(addressMessages);
  const { locale } = useLocale();
  const uid = useId();
  const [label, setLabel] = useState(initial?.label ?? '');
  const [country, setCountry] = useState<CountryCode>(initial?.country ?? defaultCountry);
  const [address, setAddress] = useState(initial?.address ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const worded = (message: string) => localiseValidation(locale, addressMessageIn(locale, message));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = savedAddressInput.safeParse({ label, country, address });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'label' || field === 'country' || field === 'address')
          found[field] ??= worded(issue.message);
      }
      setErrors(found);
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    setFailure(undefined);
    setBusy(true);
    try {
      await onSave(parsed.data);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fieldErrors);
        setFailure(error.message);
      } else setFailure(t.loadFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="address-form"
    >
      <Field id={`${uid}-label`} label={t.label} hint={t.labelHint} error={errors.label}>
        {(control) => (
          <input
            {...control}
            name="label"
            required
            maxLength={MAX_ADDRESS_LABEL}
            autoComplete="off"
            value={label}
            onChange={(event) => setLabel(event.target.value)}
          />
        )}
      </Field>
      <Field id={`${uid}-country`} label={t.country} error={errors.country}>
        {(control) => (
          <select
            {...control}
            name="country"
            required
            value={country}
            onChange={(event) => setCountry(event.target.value as CountryCode)}
          >
            <CountryOptions />
          </select>
        )}
      </Field>
      <Field id={`${uid}-address`} label={t.address} hint={t.addressHint} error={errors.address}>
        {(control) => (
          <textarea
            {...control}
            name="address"
            required
            rows={4}
            maxLength={MAX_SAVED_ADDRESS}
            autoComplete="street-address"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
        )}
      </Field>
      {failure && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy} disabledLook="busy">
          {busy ? t.saving : t.save}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
