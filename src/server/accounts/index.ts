/**
 * Buyer accounts (issue 43, docs/accounts.md): the sign-in link's email, which the outbox worker
 * renders. Sessions, the account's orders and quotes and reordering are in ./routes.
 */
export { buildAccountSignInEmail } from './email';
export { buildErasureDoneEmail, forgetErasureAddress } from './erasure';
export { reusableOrdersSql } from './design-library';
export { accountHintRepair, hasAccountSessionCookie } from './service';
