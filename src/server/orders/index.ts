/** The orders domain's public face for other domains: pricing a checkout (quotes price by it) and placing a quote's order, finding a stored order, the buyer's by its token (every buyer route), its access links and the job's state machine (transition). Its routes are in ./routes. */
export {
  findOrderByNumber,
  findOrderForToken,
  orderNumberPattern,
  OrderError,
  placeQuotedOrder,
  priceCheckout,
  priceOrderLinesOnly,
  type CheckoutPricingRequest,
  type OrderRow,
  type PlacedOrder,
  type PricedCheckout,
  type QuotedOrderRequest,
} from './service';
export {
  orderById,
  orderLookupListing,
  orderNumbersSql,
  cancelledOrderIdsSql,
  companyOrders,
  newestCompanyOrgNumber,
  orderShippedOn,
  ordersPlacedWith,
  orderStatusHistory,
  statusEventDetails,
  statusHistoryQuery,
  type CompanyOrder,
  type LookedUpOrder,
  type OrderStatusEvent,
} from './facts';
export { newOrderLink, redactUrl } from './links';
export { orderImageIdsSql, ordersOfAddressSql } from './reuse';
export {
  changeOrderLines,
  orderLineChangeById,
  orderLineChangesOf,
  previewOrderLines,
  type ChangedOrder,
  type LineChangePreview,
  type OrderLineChangeRow,
} from './line-change';
export { buyerOrderToken, findBuyerOrder, type OrderTokenSource } from './buyer-token';
export { orderMessageSchema, placedOrderAnswer } from './contract';
export { recheckUnverifiedVatNumbers } from './vies-retry';
export {
  lockOrder,
  transition,
  type LockedOrder,
  type StatusChange,
  type StatusGuard,
  type StatusRefusal,
  type TransitionOptions,
} from './transition';
export { anonymiseOrders, ERASED_TEXT, orderIdsPlacedWith, readErasable } from './erasure';
