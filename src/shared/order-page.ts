import type { OrderStatus } from './order-status';
import type { OrderProof } from './proofs';

/**
 * The buyer's order page. The token travels in the URL fragment, which browsers never send to a
 * server (so no log, Referer or analytics sees it); the page reads it and sends it as a header.
 */
export function orderPagePath(orderNumber: string, token: string): string {
  return `/orders/${encodeURIComponent(orderNumber)}#${encodeURIComponent(token)}`;
}

export const orderPagePattern = /^\/orders\/INV-\d{1,19}$/;

/** One step of the order's life as the buyer's timeline shows it. */
export interface OrderTimelineEvent {
  status: OrderStatus;
  /** ISO time. */
  at: string;
  /** Shipped: carrier, tracking number and the carrier's tracking page when known. */
  shipment?: { carrier: string; trackingNumber: string; trackingUrl: string | null };
}

/** GET /api/orders/:number/activity: what happened to the order since it was placed, and its proofs (token in the header). */
export interface OrderActivity {
  events: OrderTimelineEvent[];
  /** Every proof version, oldest first, with the buyer's decision (the page shows them as events too). */
  proofs: OrderProof[];
  /** Money received (and paid back: negative), on the day it arrived, oldest first. */
  payments: { paidOn: string; amount: string }[];
}
