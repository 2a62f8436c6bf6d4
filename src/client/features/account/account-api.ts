import {
  accountApiPaths,
  type AccountView,
  type CompanyClaimKind,
  type CompanyClaimState,
  type ReorderAnswer,
} from '@/shared/account';
import { orderTokenHeader } from '@/shared/order-view';
import { ApiError, apiFetch } from '@/client/lib/api';

/** The signed-in buyer's account, or null when no session (401). */
export async function fetchAccount(): Promise<AccountView | null> {
  try {
    return await apiFetch<AccountView>(accountApiPaths.account);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const askForSignInLink = (email: string) =>
  apiFetch<{ accepted: true }>(accountApiPaths.signIn, { method: 'POST', json: { email } });

export const signOut = (everywhere: boolean) =>
  apiFetch<undefined>(accountApiPaths.signOut, { method: 'POST', json: { everywhere } });

export const reorder = (orderNumber: string) =>
  apiFetch<ReorderAnswer>(accountApiPaths.reorder(orderNumber), { method: 'POST', json: {} });

export const inviteColleague = (email: string) =>
  apiFetch<{ accepted: true }>(accountApiPaths.companyMembers, { method: 'POST', json: { email } });

export const removeColleague = (email: string) =>
  apiFetch<undefined>(accountApiPaths.companyMember(email), { method: 'DELETE' });

/** Whether the order or quote (its token opens it) is the reader's company's or may be claimed ('none' signed out). */
export async function fetchClaimState(
  kind: CompanyClaimKind,
  number: string,
  token: string,
): Promise<CompanyClaimState> {
  const answer = await apiFetch<{ state: CompanyClaimState }>(
    accountApiPaths.companyClaimState(kind, number),
    { headers: { [orderTokenHeader]: token } },
  );
  return answer.state;
}

export const claimForCompany = (kind: CompanyClaimKind, number: string, token: string) =>
  apiFetch<{ state: CompanyClaimState }>(accountApiPaths.companyClaim(kind, number), {
    method: 'POST',
    headers: { [orderTokenHeader]: token },
  });

/** The signed-in buyer asks for erasure of their personal data (202; an open request answers as it is). */
export const requestErasure = () =>
  apiFetch<{ requestedAt: string }>(accountApiPaths.erasure, { method: 'POST', json: {} });
