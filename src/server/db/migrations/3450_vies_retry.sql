-- The orders whose VAT number VIES did not answer for at checkout, for the background retry
-- (src/server/orders/vies-retry.ts): oldest check first, without reading every order.
CREATE INDEX orders_vies_unavailable_idx ON orders (vies_checked_at, id) WHERE vies_status = 'unavailable';
