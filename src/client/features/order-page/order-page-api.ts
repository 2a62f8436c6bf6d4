import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api';
import { useLocale } from '@/client/lib/i18n';
import { localeQueryParam, type Locale } from '@/shared/i18n/locale';
import type { OrderActivity } from '@/shared/order-page';
import { invoicePaths, orderTokenHeader, type OrderView } from '@/shared/order-view';

/** An order as the page knows it: its number (from the path) and token (from the URL fragment). */
export interface OrderAccess {
  orderNumber: string;
  token: string;
}

/** The token from the address's fragment (`#<token>`); the fragment never reaches a server. */
export function tokenFromHash(hash: string): string | undefined {
  let token: string;
  try {
    token = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return undefined;
  }
  return /^[A-Za-z0-9_-]{16,200}$/.test(token) ? token : undefined;
}

const base = (access: OrderAccess) => `/api/orders/${encodeURIComponent(access.orderNumber)}`;
const headers = (access: OrderAccess) => ({ [orderTokenHeader]: access.token });

/** The order in the reader's language: the server words its lines, statuses and labels. */
export function fetchOrderView(
  access: OrderAccess,
  locale: Locale,
  signal?: AbortSignal,
): Promise<OrderView> {
  return apiFetch<OrderView>(`${base(access)}?${localeQueryParam}=${locale}`, {
    headers: headers(access),
    ...(signal ? { signal } : {}),
  });
}

export function fetchActivity(access: OrderAccess, signal?: AbortSignal): Promise<OrderActivity> {
  return apiFetch<OrderActivity>(`${base(access)}/activity`, {
    headers: headers(access),
    ...(signal ? { signal } : {}),
  });
}

/**
 * Invoice documents open in a new tab, so they are plain links with the token in the query (the
 * server takes it out of its logs and the documents send no Referer).
 */
export function invoiceLinks(access: OrderAccess) {
  const paths = invoicePaths(access.orderNumber);
  const query = `?token=${encodeURIComponent(access.token)}`;
  return { html: paths.html + query, pdf: paths.pdf + query };
}

/** Every query of one order starts with this key, so a change to the order refreshes them all. */
const orderKey = (access: OrderAccess) => ['order', access.orderNumber, access.token] as const;

export const orderViewQuery = (access: OrderAccess, locale: Locale) =>
  queryOptions({
    queryKey: [...orderKey(access), 'view', locale],
    queryFn: ({ signal }) => fetchOrderView(access, locale, signal),
  });

export const orderActivityQuery = (access: OrderAccess) =>
  queryOptions({
    queryKey: [...orderKey(access), 'activity'],
    queryFn: ({ signal }) => fetchActivity(access, signal),
  });

/** GET /api/orders/:number in the page's language (a language switch asks again). */
export function useOrderView(access: OrderAccess, options: { enabled?: boolean } = {}) {
  const { locale } = useLocale();
  return useQuery({
    ...orderViewQuery(access, locale),
    enabled: options.enabled ?? true,
    // On a language switch the page keeps the order in view until its words arrive in the new one.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/orders/:number/activity: the timeline's events and the proofs. */
export function useOrderActivity(access: OrderAccess) {
  return useQuery(orderActivityQuery(access));
}

/** After the buyer acts on the order (a proof decided, a file sent): ask again for all of it. */
export function useRefreshOrder(access: OrderAccess): () => void {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: orderKey(access) });
}
