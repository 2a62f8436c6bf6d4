import '@/client/lib/zod-csp';
import { Mail, MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { localiseValidation } from '@/shared/i18n/messages/validation';
import { orderLookupSchema } from '@/shared/order-lookup-schema';
import { ApiError } from '@/client/lib/api';
import { useLocale } from '@/client/lib/i18n';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';

type EmailLinkState =
  { step: 'asking'; error?: string } | { step: 'sending' } | { step: 'sent'; email: string };

/** The words of an "email me a link" form, in the reader's language. */
export interface EmailLinkTexts {
  emailLabel: string;
  submit: string;
  sending: string;
  sentHeading: string;
  sentText: (p: { email: string }) => string;
  another: string;
}

/**
 * One address in, a link by email out, and the same answer for every address (whether it has
 * orders or an account shows only in the mail): the account's sign-in and the order lookup.
 */
export function EmailLinkForm({
  texts,
  send,
  sentTestId,
  footer,
}: {
  texts: EmailLinkTexts;
  /** Asks the server to mail the link; an ApiError's message is shown on the field. */
  send: (email: string) => Promise<unknown>;
  sentTestId: string;
  /** Said under the form and again in the answer (the shop's contact address). */
  footer?: ReactNode;
}) {
  const { locale } = useLocale();
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<EmailLinkState>({ step: 'asking' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = orderLookupSchema.safeParse({ email });
    if (!parsed.success) {
      setState({ step: 'asking', error: localiseValidation(locale, parsed.error.issues[0]?.message ?? '') });
      return;
    }
    setState({ step: 'sending' });
    try {
      await send(parsed.data.email);
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
        data-testid={sentTestId}
      >
        <MailCheck className="size-8 text-emerald-700" aria-hidden />
        <h2 className="mt-3 text-xl font-semibold">{texts.sentHeading}</h2>
        <p className="mt-2 break-words">{texts.sentText({ email: state.email })}</p>
        {footer && <p className="mt-3 text-sm">{footer}</p>}
        <Button variant="secondary" onClick={() => setState({ step: 'asking' })} className="mt-5">
          {texts.another}
        </Button>
      </section>
    );
  }

  const error = state.step === 'asking' ? state.error : undefined;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <Field id={inputId} label={texts.emailLabel} error={error} announceError>
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
        {state.step === 'sending' ? texts.sending : texts.submit}
      </Button>
      {footer && <p className="mt-5 text-sm text-slate-600">{footer}</p>}
    </form>
  );
}
