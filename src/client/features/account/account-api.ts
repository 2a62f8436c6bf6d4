import {
  accountApiPaths,
  accountCookieNames,
  type AccountView,
  type CheckoutPrefill,
  type CompanyClaimKind,
  type CompanyClaimState,
  type ReorderAnswer,
} from '@/shared/account';
import { cookieValue } from '@/shared/cookie-value';
import { orderTokenHeader } from '@/shared/order-view';
import type { SavedAddress } from '@/shared/saved-address';
import { ApiError, apiFetch } from '@/client/lib/api';

/** A saved address as the forms send it. */
export interface SavedAddressFields {
  label: string;
  country: string;
  address: string;
}

/** Whether the browser holds an account session (its readable hint; the session cookie is httpOnly). */
export const mayBeSignedIn = (): boolean =>
  typeof document !== 'undefined' && cookieValue(document.cookie, accountCookieNames.hint) !== null;

/** The signed-in buyer's account, or null when no session (none held, or the API's 401). */
export async function fetchAccount(): Promise<AccountView | null> {
  if (!mayBeSignedIn()) return null;
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

/** The reader's saved delivery addresses (GET /api/account/addresses). */
export const listAddresses = () =>
  apiFetch<{ addresses: SavedAddress[]; max: number }>(accountApiPaths.addresses);

export const addAddress = (input: SavedAddressFields) =>
  apiFetch<{ address: SavedAddress }>(accountApiPaths.addresses, { method: 'POST', json: input });

export const changeAddress = (id: number, input: SavedAddressFields) =>
  apiFetch<{ address: SavedAddress }>(accountApiPaths.address(id), { method: 'PUT', json: input });

export const removeAddress = (id: number) =>
  apiFetch<undefined>(accountApiPaths.address(id), { method: 'DELETE' });

/** What a signed-in buyer's checkout starts from; `{ signedIn: false }` signed out (asked only with a session). */
export const fetchCheckoutPrefill = async (): Promise<CheckoutPrefill> =>
  mayBeSignedIn() ? apiFetch<CheckoutPrefill>(accountApiPaths.checkout) : { signedIn: false };
