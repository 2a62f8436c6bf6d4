-- Admin search for a whole order number or email address at ten million orders.
--
-- The trigram index (0600_admin_search.sql) answers a long term slowly: "INV-1748161238670" or
-- "nils.hakansson@gotlandsfrisor.se" share their trigrams with most orders, and reading those
-- posting lists took 130 ms p95 at 10 000 000 orders. For these two shapes of term the admin's
-- search reads btree indexes instead (src/server/admin/search.ts), and still answers exactly the
-- substring search over number, name, email and organisation:
--
-- * A whole order number "INV-<digits>" occurs in an order number "INV-<invoice_seq>" only at its
--   start, so its orders have an invoice_seq whose digits start with the term's: a few ranges of
--   the existing unique index on invoice_seq.
-- * An email "local@domain" occurs in an address with one "@" only where the two "@" meet: the
--   address's local part ends with the term's and its domain starts with the term's domain. The
--   index below holds the local part reversed (an "ends with" becomes a prefix range) and the domain.
--
-- search_outlier marks every order those two arguments miss: a number that is not INV-<invoice_seq>,
-- an address with two "@", or an "@" or "inv-" in the name, organisation or address. The search
-- reads these (none in a shop's real data) from a partial index beside the ranges. A stored column
-- rather than a partial index on the expression: the planner keeps its statistics, and a bare
-- column is one arm of the search's OR (an expression of ORs would be merged into it).
ALTER TABLE orders ADD COLUMN search_outlier boolean NOT NULL GENERATED ALWAYS AS (
  order_number IS DISTINCT FROM 'INV-' || invoice_seq
  OR customer_email ~* '@.*@|inv-'
  OR (customer_name || E'\x1f' || coalesce(customer_organization, '')) ~* '@|inv-'
) STORED;

CREATE INDEX orders_search_outliers_idx ON orders (order_date DESC, id DESC) WHERE search_outlier;

CREATE INDEX orders_email_parts_idx ON orders (
  reverse(lower(split_part(customer_email, '@', 1))) text_pattern_ops,
  lower(split_part(customer_email, '@', 2)) text_pattern_ops
);
