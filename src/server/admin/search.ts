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
  return `%${escapeLike(term)}%`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The match itself, field by field, for the exact paths below: no index serves this form, so the
 * planner reads the rows their btree conditions found and never the trigram index as well.
 */
function fieldsContain(term: string): SQL {
  const like = containsPattern(term);
  return sql`(orders.order_number ILIKE ${like} OR orders.customer_name ILIKE ${like}
    OR orders.customer_email ILIKE ${like} OR orders.customer_organization ILIKE ${like})`;
}

/** A whole order number as checkout makes them (INV-<digits>, no leading zero), in any case. */
const wholeOrderNumber = /^inv-([1-9][0-9]{5,18})$/i;
/**
 * A whole email address in printable ASCII (lower-cased alike here and by the database); its
 * domain holds a dot between two characters (checked apart: one pattern for both backtracks).
 */
const wholeEmail = /^([\x21-\x3f\x41-\x7e]{2,})@([\x21-\x3f\x41-\x7e]+)$/;
const largestInvoiceSeq = 2n ** 63n - 1n;

/**
 * The invoice_seq values whose digits start with `digits`: the number itself, then each length
 * beyond it (1234 → 1234, 12340–12349, 123400–123499 …) up to the largest bigint.
 */
export function digitPrefixRanges(digits: string): [bigint, bigint][] {
  const ranges: [bigint, bigint][] = [];
  const start = BigInt(digits);
  for (let scale = 1n; start * scale <= largestInvoiceSeq; scale *= 10n) {
    const end = (start + 1n) * scale - 1n;
    ranges.push([start * scale, end < largestInvoiceSeq ? end : largestInvoiceSeq]);
  }
  return ranges;
}

/**
 * Where the orders matching a whole order number or email can be, as btree conditions
 * (migration 1830_admin_exact_search.sql argues why they hold every match); undefined for any
 * other term. Always with the outliers those arguments do not cover.
 */
function exactCandidates(term: string): SQL | undefined {
  const orderNumber = wholeOrderNumber.exec(term);
  if (orderNumber?.[1]) {
    const ranges = digitPrefixRanges(orderNumber[1]).map(
      ([from, to]) => sql`orders.invoice_seq BETWEEN ${from.toString()}::bigint AND ${to.toString()}::bigint`,
    );
    return sql`(${sql.join([...ranges, sql`orders.search_outlier`], sql` OR `)})`;
  }
  const email = wholeEmail.exec(term);
  if (email?.[1] && email[2]?.slice(1, -1).includes('.')) {
    // Split at the term's first "@": a second one in the term can only match an outlier.
    const local = email[1].toLowerCase();
    const domain = email[2].toLowerCase();
    const reversedLocal = [...local].reverse().join('');
    return sql`((reverse(lower(split_part(orders.customer_email, '@', 1))) LIKE ${`${escapeLike(reversedLocal)}%`}
        AND lower(split_part(orders.customer_email, '@', 2)) LIKE ${`${escapeLike(domain)}%`})
      OR orders.search_outlier)`;
  }
  return undefined;
}

/**
 * Orders whose number, customer name, email or organisation contains `term`, case-insensitively.
 * A whole order number or email is read from btree indexes (exactCandidates); any other term the
 * planner answers from the trigram index when rare and by reading orders newest first until the
 * page is full when common (all index scans; see the plan test in admin-plans.test.ts).
 */
export function searchCondition(term: string): SQL {
  const candidates = exactCandidates(term);
  if (candidates) return sql`${candidates} AND ${fieldsContain(term)}`;
  return sql`${searchedText} ILIKE ${containsPattern(term)}`;
}
