/** The orders domain's public face for other domains: finding a stored order, the buyer's by its token (every buyer route), its access links and the job's state machine (transition). Its routes are in ./routes. */
export { findOrderByNumber, findOrderForToken, orderNumberPattern, type OrderRow } from './service';
export {
  orderById,
  orderLookupListing,
  orderNumbersSql,
  orderShippedOn,
  orderStatusHistory,
  statusEventDetails,
  statusHistoryQuery,
  type LookedUpOrder,
  type OrderStatusEvent,
} from './facts';
export { newOrderLink, redactUrl } from './links';
export { buyerOrderToken, findBuyerOrder, type OrderTokenSource } from './buyer-token';
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
