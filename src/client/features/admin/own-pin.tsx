import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { staffMessages } from '@/shared/i18n/messages/staff';
import { Button } from '@/client/components/ui/button';
import { ApiError } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { changeOwnPin } from './admin-api';
import { PinField } from './form-parts';

/** Everyone changes their own PIN here, confirming the current one. */
export function OwnPinForm() {
  const t = useT(staffMessages);
  const id = useId();
  const [currentPin, setCurrentPin] = useState('');
  const [newPin, setNewPin] = useState('');
  const mutation = useMutation({
    mutationFn: () => changeOwnPin(currentPin, newPin),
    onSuccess: () => {
      notify.success(t.ownPinChanged);
      setCurrentPin('');
      setNewPin('');
    },
  });
  const error = mutation.error instanceof ApiError ? mutation.error : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  return (
    <section
      aria-labelledby="own-pin-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="own-pin-heading" className="text-lg font-bold text-slate-900">
        {t.ownPinHeading}
      </h2>
      <form onSubmit={submit} className="mt-3 grid max-w-md gap-3">
        <PinField
          id={`${id}-current`}
          label={t.currentPin}
          value={currentPin}
          onChange={setCurrentPin}
          autoComplete="current-password"
          error={error?.fieldErrors.currentPin}
        />
        <PinField
          id={`${id}-new`}
          label={t.newPin}
          value={newPin}
          onChange={setNewPin}
          autoComplete="new-password"
          error={error?.fieldErrors.newPin}
        />
        {error && !error.fieldErrors.currentPin && !error.fieldErrors.newPin && (
          <p role="alert" className="text-sm text-red-700">
            {error.message}
          </p>
        )}
        <div>
          <Button type="submit" size="sm" disabled={mutation.isPending} disabledLook="busy">
            {t.save}
          </Button>
        </div>
      </form>
    </section>
  );
}
