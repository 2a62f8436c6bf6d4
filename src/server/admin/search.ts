import { sql, type SQL } from 'drizzle-orm';

/**
 * The four searched fields joined by U+001F: character for character the expression of the
 * trigram index orders_search_idx (migration 0600_admin_search.sql). PostgreSQL uses an expression
 * index only for an identical expression, so change both together. Search terms never contain a
 * control character (refused by the route), so a match of the joined text is a match within one
 * field: exactly what `order_number ILIKE … OR customer_name ILIKE … OR …` answered before.
 */
const searchedText = sql.raw(
  `(orders.order_number || E'\\x1f' || orders.customer_name || E'\\x1f' || orders.customer_email || E'\\x1f' || coalesce(orders.customer_organization, ''))`,
);

/** `%term%` for ILIKE with the pattern characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Orders whose number, customer name, email or organisation contains `term`, case-insensitively.
 * The planner answers a rare term from the trigram index and a common one by reading orders newest
 * first until the page is full (both index scans; see the plan test in admin-plans.test.ts).
 */
export function searchCondition(term: string): SQL {
  return sql`${searchedText} ILIKE ${containsPattern(term)}`;
}
