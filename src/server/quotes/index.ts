/**
 * Quotes' public face (issue 40): the email a quote sends (the outbox worker renders it). A quote
 * is priced through the orders domain's checkout pricing and becomes an order through its writer;
 * its routes (buyer's page, acceptance, staff's admin) are in ./routes; housekeeping reminds buyers
 * before a quote expires and marks expired quotes.
 */
export { buildQuoteEmail } from './email';
export { runQuoteHousekeeping } from './housekeeping';
