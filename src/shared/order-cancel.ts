/**
 * The buyer's cancellation (issue 45): the terms promise free cancellation until the proof is
 * approved, so before that the order page cancels the order itself (the admin's cancellation
 * path: the order cancelled, its invoices credited, the buyer and the shop emailed); afterwards
 * cancelling is a request to the shop. The route's schemas are in src/server/orders/buyer-cancel.ts
 * (kept out of here so the order page loads no zod).
 */

/** The longest reason a buyer may give (the admin's cancel reason has the same room). */
export const MAX_CANCEL_REASON = 1000;

/** POST `{ reason? }` with the order's token as `?token=` (or the x-order-token header). */
export const orderCancelPath = (orderNumber: string) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/cancel`;

/** What a cancellation answers (200): the order's state and its credit notes. */
export interface CancelOrderAnswer {
  orderNumber: string;
  status: 'cancelled';
  creditNotes: {
    number: string;
    /** Negative, as a credit note's total is ("-5718.75"). */
    total: string;
    /** The buyer's PDF of it (needs the order's token). */
    pdf: string;
  }[];
}
