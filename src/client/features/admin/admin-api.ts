import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminOrderAnswer,
  AdminOrderDetail,
  AdminOrderListAnswer,
  AdminPartnerPage,
  AdminStats,
  OrderStatus,
} from '@/shared/admin';
import type { StatusDetails } from '@/shared/carriers';
import type { CreditNoteRequest, OrderMoney, RecordPaymentRequest, RefundRequest } from '@/shared/ledger';
import {
  adminStaffPaths,
  type AdminSessionAnswer,
  type AuditAction,
  type AuditEvent,
  type AuditPage,
  type StaffMember,
  type StaffRole,
} from '@/shared/staff';
import { apiFetch } from '@/client/lib/api';
import { localeQueryParam, type Locale } from '@/shared/i18n/locale';

/**
 * Answers with names and messages in the page's language (product names, refusals): asked for
 * explicitly, and part of the cache key, so a switch of language fetches them again.
 */
const inLanguage = (path: string, locale: Locale) =>
  `${path}${path.includes('?') ? '&' : '?'}${localeQueryParam}=${locale}`;

/** POST /api/admin-login: the server checks the PIN and sets the httpOnly session cookie. */
export function loginAdmin(pin: string): Promise<void> {
  return apiFetch<void>('/api/admin-login', { method: 'POST', json: { pin } });
}

export function logoutAdmin(): Promise<void> {
  return apiFetch<void>('/api/admin/logout', { method: 'POST', json: {} });
}

/** Ends every admin session on every device, this one included. */
export function logoutAllAdmin(): Promise<void> {
  return apiFetch<void>('/api/admin/logout-all', { method: 'POST', json: {} });
}

export interface OrderFilter {
  q: string;
  status: OrderStatus | '';
}

/** Query string for the orders list and the CSV export. */
export function orderFilterParams(filter: OrderFilter, cursor?: string): string {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.status) params.set('status', filter.status);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

export const adminKeys = {
  all: ['admin'] as const,
  session: () => [...adminKeys.all, 'session'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  orders: (filter?: OrderFilter, locale?: Locale) =>
    filter
      ? ([...adminKeys.all, 'orders', filter, locale] as const)
      : ([...adminKeys.all, 'orders'] as const),
  /** Without a language: the order in every language (to invalidate them all). */
  order: (number: string, locale?: Locale) =>
    locale
      ? ([...adminKeys.all, 'order', number, locale] as const)
      : ([...adminKeys.all, 'order', number] as const),
  partners: () => [...adminKeys.all, 'partners'] as const,
};

export const sessionQuery = () =>
  queryOptions({
    queryKey: adminKeys.session(),
    queryFn: () => apiFetch<AdminSessionAnswer>('/api/admin/session'),
    retry: false,
    gcTime: 0,
  });

export const statsQuery = () =>
  queryOptions({ queryKey: adminKeys.stats(), queryFn: () => apiFetch<AdminStats>('/api/admin/stats') });

export const ordersQuery = (filter: OrderFilter, locale: Locale) =>
  infiniteQueryOptions({
    queryKey: adminKeys.orders(filter, locale),
    queryFn: ({ pageParam }) =>
      apiFetch<AdminOrderListAnswer>(
        inLanguage(`/api/admin/orders?${orderFilterParams(filter, pageParam)}`, locale),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // While a new search loads, the table keeps showing the previous result instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const orderQuery = (number: string, locale: Locale) =>
  queryOptions({
    queryKey: adminKeys.order(number, locale),
    queryFn: () =>
      apiFetch<AdminOrderAnswer>(inLanguage(`/api/admin/orders/${encodeURIComponent(number)}`, locale)),
  });

export const partnersQuery = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.partners(),
    queryFn: ({ pageParam }) =>
      apiFetch<AdminPartnerPage>(
        `/api/admin/partner-applications${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** What a step records besides the status (the server requires a reason to cancel, a tracking number to ship). */
export type StatusChangeDetails = StatusDetails;

export function changeOrderStatus(
  number: string,
  status: OrderStatus,
  details: StatusChangeDetails,
  locale: Locale,
): Promise<AdminOrderAnswer> {
  return apiFetch<AdminOrderAnswer>(
    inLanguage(`/api/admin/orders/${encodeURIComponent(number)}/status`, locale),
    { method: 'PATCH', json: { status, ...details } },
  );
}

/** Flags the order for the owner's attention with why; answers the order as this role reads it. */
export function flagOrderForOwner(number: string, reason: string, locale: Locale): Promise<AdminOrderAnswer> {
  return apiFetch<AdminOrderAnswer>(
    inLanguage(`/api/admin/orders/${encodeURIComponent(number)}/attention`, locale),
    { method: 'POST', json: { reason } },
  );
}

/** Clears the order's flag (the owner's and the bookkeeper's). */
export function clearOrderFlag(number: string, locale: Locale): Promise<AdminOrderAnswer> {
  return apiFetch<AdminOrderAnswer>(
    inLanguage(`/api/admin/orders/${encodeURIComponent(number)}/attention`, locale),
    { method: 'DELETE' },
  );
}

/** Records money received on the order's invoice (or `invoice`, a supplementary one); answers the order's money. */
export function recordPayment(
  orderNumber: string,
  payment: RecordPaymentRequest,
  locale: Locale,
): Promise<OrderMoney> {
  return apiFetch<OrderMoney>(
    inLanguage(`/api/admin/orders/${encodeURIComponent(orderNumber)}/payments`, locale),
    { method: 'POST', json: payment },
  );
}

/** Records money paid back to the buyer; answers the order's money. */
export function recordRefund(
  orderNumber: string,
  refund: RefundRequest,
  locale: Locale,
): Promise<OrderMoney> {
  return apiFetch<OrderMoney>(
    inLanguage(`/api/admin/orders/${encodeURIComponent(orderNumber)}/refunds`, locale),
    { method: 'POST', json: refund },
  );
}

/** Issues a credit note (whole lines, an amount, or what is left); answers its number and the order's money. */
export function issueCreditNote(
  orderNumber: string,
  credit: CreditNoteRequest,
  locale: Locale,
): Promise<OrderMoney & { creditNote: string }> {
  return apiFetch<OrderMoney & { creditNote: string }>(
    inLanguage(`/api/admin/orders/${encodeURIComponent(orderNumber)}/credit-notes`, locale),
    { method: 'POST', json: credit },
  );
}

/** Staff (issue 30): the people, their roles and PINs; the audit record; the order's history. */
export const staffKeys = {
  staff: () => [...adminKeys.all, 'staff'] as const,
  audit: (filter: AuditFilter) => [...adminKeys.all, 'audit', filter] as const,
  history: (number: string) => [...adminKeys.all, 'history', number] as const,
};

export const staffQuery = () =>
  queryOptions({
    queryKey: staffKeys.staff(),
    queryFn: () => apiFetch<{ staff: StaffMember[] }>(adminStaffPaths.list).then((answer) => answer.staff),
  });

/** Adds a person; the answer carries the PIN the shop made for them (shown once). */
export function addStaffMember(person: {
  name: string;
  email: string;
  role: StaffRole;
}): Promise<StaffMember & IssuedPin> {
  return apiFetch<StaffMember & IssuedPin>(adminStaffPaths.list, { method: 'POST', json: person });
}

export function changeStaffRole(id: number, role: StaffRole): Promise<StaffMember> {
  return apiFetch<StaffMember>(adminStaffPaths.one(id), { method: 'PATCH', json: { role } });
}

/** A PIN the shop made: in the answer once, never stored in plain. */
export interface IssuedPin {
  pin: string;
}

export function resetStaffPin(id: number): Promise<IssuedPin> {
  return apiFetch<IssuedPin>(adminStaffPaths.resetPin(id), { method: 'POST', json: {} });
}

export function removeStaffMember(id: number): Promise<void> {
  return apiFetch<void>(adminStaffPaths.one(id), { method: 'DELETE' });
}

/** A new PIN of one's own, made by the shop, confirmed with the current one. */
export function changeOwnPin(currentPin: string): Promise<IssuedPin> {
  return apiFetch<IssuedPin>(adminStaffPaths.ownPin, { method: 'POST', json: { currentPin } });
}

export interface AuditFilter {
  staff: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

/** Query string of the audit view and its CSV export. */
export function auditFilterParams(filter: AuditFilter, cursor?: string): string {
  const params = new URLSearchParams();
  if (filter.staff) params.set('staff', filter.staff);
  if (filter.action) params.set('action', filter.action);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

export const auditQuery = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: staffKeys.audit(filter),
    queryFn: ({ pageParam }) =>
      apiFetch<AuditPage>(`${adminStaffPaths.audit}?${auditFilterParams(filter, pageParam)}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const historyQuery = (number: string) =>
  queryOptions({
    queryKey: staffKeys.history(number),
    queryFn: () =>
      apiFetch<{ events: AuditEvent[] }>(adminStaffPaths.orderHistory(number)).then(
        (answer) => answer.events,
      ),
  });

/** A change of an order's lines (issue 41): the lines as they shall be, free lines, and why. */
export interface LineChangeBody {
  lines: {
    productId: string;
    quantity: number;
    sizes?: Record<string, number>;
    options?: Record<string, string>;
    customisation?: unknown;
    notes?: string;
    group?: unknown;
    unitPrice?: string;
    reason?: string;
  }[];
  freeLines: { description: string; quantity: number; unitPrice: string; vatRate: number }[];
  reason: string;
}

/** What saving the change would do (nothing is stored). */
export interface LineChangePreview {
  totalBefore: string;
  totalAfter: string;
  difference: string;
  settledBy: 'supplementary_invoice' | 'credit_note' | 'none';
  lines: {
    productId: string;
    name: string;
    /** The names in both languages the line is sold with (the catalogue's). */
    names?: Readonly<Record<'sv' | 'en', string>>;
    quantity: number;
    sizes?: Record<string, number>;
    lineTotal: string;
    fee?: string;
  }[];
}

export function previewLineChange(
  number: string,
  body: LineChangeBody,
  locale: Locale,
): Promise<LineChangePreview> {
  return apiFetch<LineChangePreview>(
    inLanguage(`/api/admin/orders/${encodeURIComponent(number)}/lines/preview`, locale),
    { method: 'POST', json: body },
  );
}

/** Saves the change: the order's new lines, the difference settled by a document; answers the order. */
export function changeOrderLines(
  number: string,
  body: LineChangeBody,
  locale: Locale,
): Promise<AdminOrderDetail> {
  return apiFetch<AdminOrderDetail>(
    inLanguage(`/api/admin/orders/${encodeURIComponent(number)}/lines`, locale),
    { method: 'PATCH', json: body },
  );
}
