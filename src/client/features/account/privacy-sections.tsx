import { useState } from 'react';
import { formatDate } from '@/shared/dates';
import { accountPrivacyMessages } from '@/shared/i18n/messages/account-privacy';
import { customerRegisterMessages } from '@/shared/i18n/messages/customer-register';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { useLocale, useT } from '@/client/lib/i18n';
import { Button, buttonClass } from '@/client/components/ui/button';
import { requestErasure } from './account-api';
import { AccountSection } from './account-section';

/** The privacy page's right to a copy: everything kept about the address, as a JSON download. */
export function PersonalDataSection() {
  const t = useT(customerRegisterMessages);
  return (
    <AccountSection id="account-data" heading={t.dataHeading} intro={t.dataIntro}>
      <a
        href="/api/account/data"
        download
        className={`mt-3 ${buttonClass({ variant: 'secondary', size: 'sm' })}`}
      >
        {t.download}
      </a>
    </AccountSection>
  );
}

/**
 * The privacy page's right to erasure (GDPR art. 17): the buyer asks, staff carry it out and the
 * buyer is emailed. What bokföringslagen keeps (invoices, seven years) stays; the text says so.
 */
export function ErasureSection({
  requestedAt,
  onRequested,
}: {
  requestedAt: string | undefined;
  onRequested: () => void;
}) {
  const t = useT(accountPrivacyMessages);
  const { locale } = useLocale();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const ask = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await requestErasure();
      setConfirming(false);
      onRequested();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AccountSection
      id="account-erasure"
      heading={t.erasureHeading}
      intro={t.erasureIntro}
      testId="account-erasure"
    >
      {requestedAt ? (
        <p
          role="status"
          className="mt-3 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
        >
          {t.erasureRequested({ date: formatDate(requestedAt, dateLocaleTag[locale], 'long') })}
        </p>
      ) : confirming ? (
        <div className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3">
          <p className="text-sm font-semibold text-red-950" data-testid="erasure-question">
            {t.erasureQuestion}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="danger" size="sm" disabled={busy} disabledLook="busy" onClick={() => void ask()}>
              {t.erasureConfirm}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
              {t.erasureCancel}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => setConfirming(true)}>
          {t.erasureButton}
        </Button>
      )}
      {failed && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {t.erasureFailed}
        </p>
      )}
    </AccountSection>
  );
}
