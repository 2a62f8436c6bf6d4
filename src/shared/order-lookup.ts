/**
 * Order lookup: a visitor who lost the link to an order asks for links by email. The page is at
 * `orderLookupPath` (beside the order pages at /orders/INV-…); the API answers the same whatever
 * the address, and the email goes only to the address stored on the orders.
 */
export const orderLookupPath = '/orders';

/** POST here with `{ email }`; the answer is always 202 `{ accepted: true }` (or 400/429). */
export const orderLookupApiPath = '/api/order-links';

/** The email lists at most this many orders, newest first. */
export const ORDER_LOOKUP_MAX_ORDERS = 20;

export interface OrderLookupAnswer {
  accepted: true;
}
