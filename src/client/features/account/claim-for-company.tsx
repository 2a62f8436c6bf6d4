import { Building2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { CompanyClaimKind, CompanyClaimState } from '@/shared/account';
import { accountMessages } from '@/shared/i18n/messages/account';
import { ApiError } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
import { Button } from '@/client/components/ui/button';
import { claimForCompany, fetchClaimState } from './account-api';

/**
 * "Claim for my company" on an order's or a quote's page (issue 43, decision 0078): shown to a
 * signed-in company member when it was made with the company's organisation number for someone
 * else. Its token (the page's own) proves it; nothing shows for anyone else.
 */
export function ClaimForCompany({
  kind = 'order',
  number,
  token,
  className = '',
}: {
  kind?: CompanyClaimKind;
  number: string;
  token: string;
  className?: string;
}) {
  const t = useT(accountMessages);
  const text = kind === 'order' ? t.claimText : t.quoteClaimText;
  const claimed = kind === 'order' ? t.claimed : t.quoteClaimed;
  const [state, setState] = useState<CompanyClaimState | null>(null);
  const [justClaimed, setJustClaimed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    let live = true;
    // Signed out, or the account is unreachable: the page stays as it is.
    fetchClaimState(kind, number, token).then(
      (answer) => live && setState(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [kind, number, token]);

  const claim = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      setState((await claimForCompany(kind, number, token)).state);
      setJustClaimed(true);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  if (state === 'company' && justClaimed)
    return (
      <p
        role="status"
        className={`rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950 ${className}`}
        data-testid="company-claimed"
      >
        {claimed}
      </p>
    );
  if (state !== 'claimable') return null;
  return (
    <section
      aria-labelledby="claim-for-company"
      className={`rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sky-950 sm:p-5 ${className}`}
      data-testid="claim-for-company"
    >
      <h2 id="claim-for-company" className="flex items-center gap-2 font-semibold">
        <Building2 className="size-5" aria-hidden />
        {t.claimHeading}
      </h2>
      <p className="mt-1 text-sm">{text}</p>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {problem}
        </p>
      )}
      <Button size="sm" className="mt-3" disabled={busy} disabledLook="busy" onClick={() => void claim()}>
        {busy ? t.claiming : t.claimButton}
      </Button>
    </section>
  );
}
