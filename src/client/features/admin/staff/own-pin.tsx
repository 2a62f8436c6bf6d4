import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { staffMessages } from '@/shared/i18n/messages/staff';
import { Button } from '@/client/components/ui/button';
import { ApiError } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
import { changeOwnPin } from '@/client/features/admin/admin-api';
import { PinField } from '@/client/features/admin/form-parts';
import { IssuedPinNotice } from './issued-pin';

/** Everyone gets a new PIN of their own here (the shop makes it), confirming the current one. */
export function OwnPinForm() {
  const t = useT(staffMessages);
  const id = useId();
  const [currentPin, setCurrentPin] = useState('');
  const [issuedPin, setIssuedPin] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => changeOwnPin(currentPin),
    onSuccess: (issued) => {
      setCurrentPin('');
      setIssuedPin(issued.pin);
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
      <p className="mt-1 text-sm text-slate-700">{t.ownPinIntro}</p>
      {/* While the new PIN is shown, the form waits: one thing to read, then Done. */}
      {issuedPin !== null ? (
        <div className="mt-3 max-w-md">
          <IssuedPinNotice
            heading={t.ownIssuedPinHeading}
            note={t.ownIssuedPinOnce}
            pin={issuedPin}
            onDone={() => setIssuedPin(null)}
          />
        </div>
      ) : (
        <form onSubmit={submit} className="mt-3 grid max-w-md gap-3">
          <PinField
            id={`${id}-current`}
            label={t.currentPin}
            value={currentPin}
            onChange={setCurrentPin}
            autoComplete="current-password"
            error={error?.fieldErrors.currentPin}
          />
          {error && !error.fieldErrors.currentPin && (
            <p role="alert" className="text-sm text-red-700">
              {error.message}
            </p>
          )}
          <div>
            <Button type="submit" size="sm" disabled={mutation.isPending} disabledLook="busy">
              {t.ownPinButton}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
