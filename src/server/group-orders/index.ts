/** Group orders (issue 44): the order line a group becomes and the member's receipt email (the outbox builds it); their routes are in ./routes. */
export { groupLine, type GroupOrderLine } from './service';
export { buildGroupReceiptEmail } from './receipt';
export { eraseGroupEntriesOf } from './erasure';
