import { accountApiPaths, type AccountView, type ReorderAnswer } from '@/shared/account';
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
