-- Admin (issue: admin and partner applications).

-- Sessions: only the sha256 of the cookie's random token is stored, so a leaked table lets nobody
-- in. A session ends after 8 hours without a request (checked against last_seen_at) or at logout.
CREATE TABLE admin_sessions (
  token_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_sessions_last_seen_idx ON admin_sessions (last_seen_at);

-- Login throttling, one row per bucket ('client:<ip>' and 'global'), shared by every instance.
-- Each attempt is counted before the PIN is checked (and given back when it was right), so
-- concurrent guesses cannot slip past the limit.
CREATE TABLE admin_login_attempts (
  bucket text PRIMARY KEY,
  window_start timestamptz NOT NULL DEFAULT now(),
  failures integer NOT NULL DEFAULT 0
);

-- Status history: one row per change: the step taken and when.
CREATE TABLE order_status_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  from_status text NOT NULL,
  to_status text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_status_events_order_idx ON order_status_events (order_id, changed_at);

-- Dashboard totals without scanning orders. A trigger keeps count and sum in the same transaction
-- as each insert/delete/amount change, so the totals always add up exactly. The totals are spread
-- over 16 slots (chosen by order id) so concurrent checkouts do not all wait on one row lock;
-- the dashboard sums 16 rows.
CREATE TABLE order_totals (
  slot integer PRIMARY KEY CHECK (slot >= 0 AND slot < 16),
  order_count bigint NOT NULL DEFAULT 0,
  total_amount numeric(20, 2) NOT NULL DEFAULT 0
);
INSERT INTO order_totals (slot) SELECT generate_series(0, 15);
UPDATE order_totals t SET order_count = s.n, total_amount = s.total
  FROM (SELECT (id % 16)::integer AS slot, count(*) AS n, sum(total_amount) AS total FROM orders GROUP BY 1) s
  WHERE t.slot = s.slot;

CREATE FUNCTION order_totals_maintain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    UPDATE order_totals SET order_count = order_count + 1, total_amount = total_amount + NEW.total_amount
      WHERE slot = NEW.id % 16;
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    UPDATE order_totals SET order_count = order_count - 1, total_amount = total_amount - OLD.total_amount
      WHERE slot = OLD.id % 16;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER orders_totals_insert_delete AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION order_totals_maintain();
CREATE TRIGGER orders_totals_amount_update AFTER UPDATE OF total_amount ON orders
  FOR EACH ROW WHEN (OLD.total_amount IS DISTINCT FROM NEW.total_amount)
  EXECUTE FUNCTION order_totals_maintain();
