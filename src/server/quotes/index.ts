/**
 * Quotes' public face (issue 40): the email a quote sends (the outbox worker renders it). A quote
 * is priced through the orders domain's checkout pricing and becomes an order through its writer;
 * its routes (buyer's page, acceptance, staff's admin) are in ./routes.
 */
export { buildQuoteEmail } from './email';
export { findQuoteByNumber, newQuoteLink, quotesForEmail } from './service';
