import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminPrivacyRequestsPath, type AdminPrivacyRequest } from '@/shared/account';
import { formatDate } from '@/shared/dates';
import { accountPrivacyMessages } from '@/shared/i18n/messages/account-privacy';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { ApiError, apiFetch } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { Button } from '@/client/components/ui/button';
import { ToolPanel } from '@/client/features/admin/shared/tool-panel';

const requestsKey = ['admin', 'privacy-requests'] as const;

/**
 * Buyers' requests to erase their personal data (issue 43, owner only): open ones first, each
 * carried out with one confirmed click. Invoiced orders within bokföringslagen's seven years keep
 * their invoicing fields (src/server/accounts/erasure.ts); the buyer is emailed.
 */
export function PrivacyRequestsPanel() {
  const t = useT(accountPrivacyMessages);
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const query = useQuery({
    queryKey: requestsKey,
    queryFn: () => apiFetch<{ requests: AdminPrivacyRequest[] }>(adminPrivacyRequestsPath),
  });
  const erase = async (request: AdminPrivacyRequest) => {
    if (!window.confirm(t.adminConfirm({ email: request.email ?? '' }))) return;
    setBusy(request.id);
    setProblem(undefined);
    try {
      await apiFetch(`${adminPrivacyRequestsPath}/${request.id}/erase`, { method: 'POST', json: {} });
      await queryClient.invalidateQueries({ queryKey: requestsKey });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(undefined);
    }
  };
  const date = (iso: string) => formatDate(iso, dateLocaleTag[locale]);
  const requests = query.data?.requests ?? [];
  return (
    <ToolPanel heading={t.adminHeading}>
      {problem && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      )}
      {query.data && requests.length === 0 && <p className="mt-3 text-sm text-slate-700">{t.adminEmpty}</p>}
      {requests.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="privacy-requests">
          {requests.map((request) => (
            <li
              key={request.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-testid="privacy-request"
              data-request-id={request.id}
            >
              <div className="min-w-0">
                <p className="font-semibold break-all text-slate-900">{request.email ?? t.adminErased}</p>
                <p className="text-slate-700">
                  {t.adminRequested}: {date(request.requestedAt)}
                  {request.completedAt === null && ` · ${t.adminOrders}: ${request.orders}`}
                </p>
                {request.completedAt !== null && request.outcome && (
                  <p className="text-slate-700">
                    {t.adminDone}: {date(request.completedAt)}
                    {request.completedBy && ` (${request.completedBy})`} ·{' '}
                    {t.adminOutcome({
                      kept: request.outcome.ordersKept,
                      anonymised: request.outcome.ordersAnonymised,
                    })}
                  </p>
                )}
              </div>
              {request.completedAt === null && (
                <Button
                  variant="danger"
                  size="sm"
                  disabled={busy !== undefined}
                  disabledLook="busy"
                  onClick={() => void erase(request)}
                >
                  {t.adminCarryOut}
                  <span className="sr-only"> {request.email}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </ToolPanel>
  );
}
