-- The buyer's order page (issue: the print job, part 2). Every email about an order carries a link
-- to the order page with a fresh random token; only its sha256 is kept here, beside the checkout's own
-- access token (orders.access_token_hash), so a copy of the database still opens no order.
CREATE TABLE order_links (
  token_hash text PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_links_order_idx ON order_links (order_id);
