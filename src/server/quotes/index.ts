/**
 * Quotes' public face (issue 40): the email a quote sends (the outbox worker renders it). A quote
 * is priced through the orders domain's checkout pricing and becomes an order through its writer;
 * its routes (buyer's page, acceptance, staff's admin) are in ./routes. Staff's prices (negotiated
 * unit prices, free lines) are priced here for quotes and for staff's orders (issue 41); housekeeping
 * reminds buyers before a quote expires and marks expired quotes.
 */
export { buildQuoteEmail } from './email';
export { runQuoteHousekeeping } from './housekeeping';
export {
  FREE_LINE_CODE,
  priceStaffQuote,
  staffQuoteSchema,
  withStaffPrices,
  type NegotiatedPrice,
  type QuotePricingOptions,
  type StaffPrices,
  type StaffQuoteRequest,
} from './pricing';
export {
  acceptKeyHash,
  claimAcceptance,
  findQuoteByNumber,
  findQuoteForToken,
  newQuoteLink,
  QuoteError,
  quoteNumberOfOrder,
  quotesForCompany,
  quotesForEmail,
  recordAcceptedOrder,
  validUntilFor,
  type QuoteRow,
} from './service';
export { anonymiseQuotesOf } from './erasure';
