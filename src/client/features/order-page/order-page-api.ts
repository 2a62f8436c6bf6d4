import { apiFetch } from '@/client/lib/api';
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

export function fetchOrderView(access: OrderAccess, signal?: AbortSignal): Promise<OrderView> {
  return apiFetch<OrderView>(base(access), { headers: headers(access), ...(signal ? { signal } : {}) });
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
