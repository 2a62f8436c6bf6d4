import { apiFetch } from '@/client/lib/api';
import { readStoredJson, writeStored } from '@/client/lib/storage';
import type { OrderRequestInput } from '@/shared/checkout-schema';
import { invoicePaths, type PlacedOrderAnswer } from '@/shared/order-view';

export const LAST_ORDER_STORAGE_KEY = 'lastOrder';

export interface LastOrder {
  orderNumber: string;
  accessToken: string;
}

export function placeOrder(body: OrderRequestInput): Promise<PlacedOrderAnswer> {
  return apiFetch<PlacedOrderAnswer>('/api/orders', { method: 'POST', json: body });
}

export function invoiceUrl(order: LastOrder): string {
  return `/api/orders/${encodeURIComponent(order.orderNumber)}/invoice?token=${encodeURIComponent(order.accessToken)}`;
}

/** The invoice as a PDF download (the server sends it as an attachment). */
export function invoicePdfUrl(order: LastOrder): string {
  return `${invoicePaths(order.orderNumber).pdf}?token=${encodeURIComponent(order.accessToken)}`;
}

export async function fetchInvoiceHtml(order: LastOrder): Promise<string> {
  const response = await fetch(invoiceUrl(order), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Invoice request failed (${response.status})`);
  return response.text();
}

/** The last placed order, kept so the confirmation page survives a reload. Validated on read. */
export function readLastOrder(): LastOrder | undefined {
  const value = readStoredJson(LAST_ORDER_STORAGE_KEY);
  if (typeof value !== 'object' || value === null) return undefined;
  const { orderNumber, accessToken } = value as Record<string, unknown>;
  if (typeof orderNumber !== 'string' || !/^INV-\d+$/.test(orderNumber)) return undefined;
  if (typeof accessToken !== 'string' || !/^[A-Za-z0-9_-]{16,200}$/.test(accessToken)) return undefined;
  return { orderNumber, accessToken };
}

export function saveLastOrder(order: LastOrder | null): void {
  writeStored(LAST_ORDER_STORAGE_KEY, order ? JSON.stringify(order) : null);
}

/** A fresh idempotency key: 128 random bits (works outside secure contexts, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
