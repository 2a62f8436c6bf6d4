import { LockKeyhole } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { loginAdmin } from '@/client/features/admin/admin-api';
import { ApiError } from '@/client/lib/api';
import { notify } from '@/client/lib/notify';
import { ADMIN_PIN_MAX_LENGTH, ADMIN_PIN_MIN_LENGTH } from '@/shared/terms';
import { adminUiMessages } from '@/shared/i18n/messages/admin-ui';
import { useT } from '@/client/lib/i18n';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { inputLookClass } from '@/client/components/ui/field';

/** /admin-login: the PIN is checked by the server, which starts a session (httpOnly cookie). */
export function AdminLoginPage() {
  const [, navigate] = useLocation();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const t = useT(adminUiMessages);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pin.length < ADMIN_PIN_MIN_LENGTH || busy) return;
    setBusy(true);
    try {
      await loginAdmin(pin);
      notify.success(t.loggedIn, { description: t.welcome });
      navigate('/admin');
    } catch (error) {
      setPin('');
      if (error instanceof ApiError && error.status === 429)
        notify.error(t.wrongPin, { description: error.message });
      else if (error instanceof ApiError && error.status === 401)
        notify.error(t.wrongPin, { description: t.tryAgain });
      else notify.error(t.loginFailed, { description: t.checkConnection });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" className="flex min-h-[70vh] items-center justify-center bg-slate-50 px-4 py-16">
      <form
        onSubmit={(event) => void submit(event)}
        className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      >
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <LockKeyhole className="size-6" aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{t.heading}</h1>
        <p className="mt-1 text-sm text-slate-600">{t.enterPin}</p>
        <label htmlFor="admin-pin" className="sr-only">
          {t.pin}
        </label>
        <input
          id="admin-pin"
          type="password"
          inputMode="numeric"
          autoComplete="current-password"
          maxLength={ADMIN_PIN_MAX_LENGTH}
          value={pin}
          onChange={(event) => setPin(event.target.value)}
          placeholder={t.pin}
          // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the PIN is the page's only field: focus saves a click and surprises no one
          autoFocus
          className={cn(
            inputLookClass,
            'mt-6 block w-full px-3 py-3 text-center text-lg tracking-[0.3em] placeholder:tracking-normal',
          )}
        />
        <Button
          type="submit"
          disabled={pin.length < ADMIN_PIN_MIN_LENGTH || busy}
          aria-busy={busy}
          size="lg"
          block
          className="mt-4"
        >
          {t.login}
        </Button>
      </form>
    </main>
  );
}
