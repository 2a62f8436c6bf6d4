/** Group orders (issue 44): no other domain uses them yet; their routes are in ./routes. */
export { groupLine, type GroupOrderLine } from './service';
