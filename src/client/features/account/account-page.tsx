import { LogOut } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { AccountView, ReorderAnswer } from '@/shared/account';
import { accountMessages } from '@/shared/i18n/messages/account';
import { useLocale, useT } from '@/client/lib/i18n';
import { Button } from '@/client/components/ui/button';
import { fetchAccount, mayBeSignedIn, signOut } from './account-api';
import { AddressBook } from './address-book';
import { OrdersSection, QuotesSection } from './account-orders';
import { CompanyPanel } from './company-panel';
import { DesignLibrarySection } from './design-library';
import { ErasureSection, PersonalDataSection } from './privacy-sections';
import { SignInForm } from './sign-in-form';
import { LoadFailed } from './account-section';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'signed-out' }
  | { state: 'ready'; account: AccountView };

/**
 * /account: the sign-in form, or the signed-in buyer's orders (each with its page and "Order
 * again") and quotes. `onReorder` puts a reorder's lines in the cart (the app composes it with the
 * cart and the checkout form, which this feature does not know).
 */
export function AccountPage({
  linkExpired,
  onReorder,
}: {
  linkExpired: boolean;
  onReorder: (answer: ReorderAnswer) => void;
}) {
  const t = useT(accountMessages);
  const { locale } = useLocale();
  // A stranger's browser holds no session: the sign-in form shows at once, with no request.
  const [loaded, setLoaded] = useState<Loaded>(() =>
    mayBeSignedIn() ? { state: 'loading' } : { state: 'signed-out' },
  );

  const fetchInto = useCallback(() => {
    fetchAccount().then(
      (account) => setLoaded(account ? { state: 'ready', account } : { state: 'signed-out' }),
      () => setLoaded({ state: 'failed' }),
    );
  }, []);
  const load = () => {
    setLoaded({ state: 'loading' });
    fetchInto();
  };
  // The statuses come worded in the reader's language: a switch of language asks again.
  useEffect(() => fetchInto(), [fetchInto, locale]);

  const leave = async (everywhere: boolean) => {
    await signOut(everywhere);
    setLoaded({ state: 'signed-out' });
  };

  if (loaded.state === 'loading') return <p className="text-slate-600" aria-busy="true" />;
  if (loaded.state === 'failed') return <LoadFailed text={t.loadFailed} retry={t.retry} onRetry={load} />;
  if (loaded.state === 'signed-out')
    return (
      <>
        <h2 className="mb-2 text-xl font-semibold text-slate-900">{t.signInHeading}</h2>
        <p className="mb-6 text-slate-700">{t.signInIntro}</p>
        <SignInForm linkExpired={linkExpired} />
      </>
    );

  const { account } = loaded;
  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="break-all text-slate-700" data-testid="signed-in-as">
          {t.signedInAs({ email: account.email })}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => void leave(false)}>
            <LogOut className="size-4" aria-hidden />
            {t.signOut}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void leave(true)}>
            {t.signOutEverywhere}
          </Button>
        </div>
      </div>

      {account.company && (
        <CompanyPanel company={account.company} email={account.email} onChanged={fetchInto} />
      )}

      <OrdersSection account={account} onReorder={onReorder} />
      <DesignLibrarySection />
      <QuotesSection account={account} />
      <AddressBook />

      <PersonalDataSection />
      <ErasureSection requestedAt={account.erasureRequestedAt} onRequested={fetchInto} />
    </div>
  );
}
