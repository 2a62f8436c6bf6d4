import { apiFetch } from '@/client/lib/api';
import type { CreatedGroupOrder, GroupOrderView, OwnEntryView } from '@/shared/group-orders';
import type { GroupOrderLine } from './group-types';

const token = (value: string) => `?token=${encodeURIComponent(value)}`;
const base = (id: string) => `/api/group-orders/${encodeURIComponent(id)}`;

export interface EntryFields {
  name: string;
  size: string;
  quantity: number;
  printName?: string;
  printNumber?: string;
  /** A new entry only: where to send the member's receipt (empty: none). */
  email?: string;
}

export function createGroup(body: {
  title: string;
  closesOn: string;
  line: { productId: string; customisation?: unknown; options?: unknown };
  personalisation: { name: boolean; number: boolean };
  showPrice: boolean;
}): Promise<CreatedGroupOrder> {
  return apiFetch<CreatedGroupOrder>('/api/group-orders', { method: 'POST', json: body });
}

export function fetchGroup(id: string, accessToken: string): Promise<GroupOrderView> {
  return apiFetch<GroupOrderView>(`${base(id)}${token(accessToken)}`);
}

export function addEntry(
  id: string,
  shareToken: string,
  entry: EntryFields,
): Promise<{ entryId: string; editToken: string }> {
  return apiFetch(`${base(id)}/entries${token(shareToken)}`, { method: 'POST', json: entry });
}

export function fetchOwnEntry(id: string, entryId: string, editToken: string): Promise<OwnEntryView> {
  return apiFetch<OwnEntryView>(`${base(id)}/entries/${encodeURIComponent(entryId)}${token(editToken)}`);
}

export function changeEntry(
  id: string,
  entryId: string,
  editToken: string,
  entry: EntryFields,
): Promise<OwnEntryView> {
  return apiFetch<OwnEntryView>(`${base(id)}/entries/${encodeURIComponent(entryId)}${token(editToken)}`, {
    method: 'PUT',
    json: entry,
  });
}

export function removeEntry(id: string, entryId: string, accessToken: string): Promise<unknown> {
  return apiFetch(`${base(id)}/entries/${encodeURIComponent(entryId)}${token(accessToken)}`, {
    method: 'DELETE',
  });
}

export function closeGroup(id: string, organiserToken: string): Promise<{ lines: GroupOrderLine[] }> {
  return apiFetch(`${base(id)}/close${token(organiserToken)}`, { method: 'POST' });
}
