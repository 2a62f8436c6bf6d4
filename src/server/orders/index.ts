/** The orders domain's public face for other domains: finding a stored order and its access links. Its routes are in ./routes. */
export { findOrderByNumber, findOrderForToken, orderNumberPattern, type OrderRow } from './service';
export { newOrderLink, redactUrl } from './links';
