import { accountMessages } from '@/shared/i18n/messages/account';
import { useT } from '@/client/lib/i18n';
import { EmailLinkForm } from '@/client/components/email-link-form';
import { askForSignInLink } from './account-api';

/**
 * "Email me a sign-in link": one address in, the same answer out for every address (whether it
 * has orders shows only once signed in).
 */
export function SignInForm({ linkExpired }: { linkExpired: boolean }) {
  const t = useT(accountMessages);
  return (
    <>
      {linkExpired && (
        <p role="alert" className="mb-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
          {t.linkExpired}
        </p>
      )}
      <EmailLinkForm texts={t} send={askForSignInLink} sentTestId="sign-in-sent" />
    </>
  );
}
