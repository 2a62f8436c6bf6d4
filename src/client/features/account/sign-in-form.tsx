import '@/client/lib/zod-csp';
import { Mail, MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { accountMessages } from '@/shared/i18n/messages/account';
import { localiseValidation } from '@/shared/i18n/messages/validation';
import { orderLookupSchema } from '@/shared/order-lookup-schema';
import { ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { askForSignInLink } from './account-api';

type SignInState = { step: 'asking'; error?: string } | { step: 'sending' } | { step: 'sent'; email: string };

/**
 * "Email me a sign-in link": one address in, the same answer out for every address (whether it
 * has orders shows only once signed in).
 */
export function SignInForm({ linkExpired }: { linkExpired: boolean }) {
  const t = useT(accountMessages);
  const { locale } = useLocale();
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<SignInState>({ step: 'asking' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = orderLookupSchema.safeParse({ email });
    if (!parsed.success) {
      setState({ step: 'asking', error: localiseValidation(locale, parsed.error.issues[0]?.message ?? '') });
      return;
    }
    setState({ step: 'sending' });
    try {
      await askForSignInLink(parsed.data.email);
      setState({ step: 'sent', email: parsed.data.email });
    } catch (error) {
      setState({ step: 'asking', error: error instanceof ApiError ? error.message : String(error) });
    }
  };

  if (state.step === 'sent') {
    return (
      <section
        role="status"
        className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-950 sm:p-8"
        data-testid="sign-in-sent"
      >
        <MailCheck className="size-8 text-emerald-700" aria-hidden />
        <h2 className="mt-3 text-xl font-semibold">{t.sentHeading}</h2>
        <p className="mt-2 break-words">{t.sentText({ email: state.email })}</p>
        <Button variant="secondary" onClick={() => setState({ step: 'asking' })} className="mt-5">
          {t.another}
        </Button>
      </section>
    );
  }

  const error = state.step === 'asking' ? state.error : undefined;
  return (
    <>
      {linkExpired && (
        <p role="alert" className="mb-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
          {t.linkExpired}
        </p>
      )}
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <Field id={inputId} label={t.emailLabel} error={error} announceError>
          {(control) => (
            <input
              {...control}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              required
              maxLength={255}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <Button
          type="submit"
          disabled={state.step === 'sending'}
          size="lg"
          disabledLook="busy"
          className="mt-5 w-full sm:w-auto"
        >
          <Mail className="size-5" aria-hidden />
          {state.step === 'sending' ? t.sending : t.submit}
        </Button>
      </form>
    </>
  );
}
