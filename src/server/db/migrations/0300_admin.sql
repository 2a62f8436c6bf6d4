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

-- Dashboard totals without scanning orders. Triggers keep count and sum in the same transaction
-- as each insert/delete/amount change, so the totals always add up exactly. They are statement-level
-- triggers over transition tables: one UPDATE per statement (not per row), so a bulk load of many
-- orders costs one aggregate. The totals are spread over 16 slots (by order id) so concurrent
-- checkouts do not all wait on one row lock; the dashboard sums 16 rows. fillfactor leaves room on
-- the page for HOT updates, so the many small updates do not bloat the table.
CREATE TABLE order_totals (
  slot integer PRIMARY KEY CHECK (slot >= 0 AND slot < 16),
  order_count bigint NOT NULL DEFAULT 0,
  total_amount numeric(20, 2) NOT NULL DEFAULT 0
) WITH (fillfactor = 50);
INSERT INTO order_totals (slot) SELECT generate_series(0, 15);
UPDATE order_totals t SET order_count = s.n, total_amount = s.total
  FROM (SELECT (id % 16)::integer AS slot, count(*) AS n, sum(total_amount) AS total FROM orders GROUP BY 1) s
  WHERE t.slot = s.slot;

CREATE FUNCTION order_totals_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_totals t SET order_count = t.order_count + d.n, total_amount = t.total_amount + d.total
    FROM (SELECT (id % 16)::integer AS slot, count(*) AS n, sum(total_amount) AS total FROM new_rows GROUP BY 1) d
    WHERE t.slot = d.slot;
  RETURN NULL;
END;
$$;

CREATE FUNCTION order_totals_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_totals t SET order_count = t.order_count - d.n, total_amount = t.total_amount - d.total
    FROM (SELECT (id % 16)::integer AS slot, count(*) AS n, sum(total_amount) AS total FROM old_rows GROUP BY 1) d
    WHERE t.slot = d.slot;
  RETURN NULL;
END;
$$;

CREATE FUNCTION order_totals_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_totals t SET total_amount = t.total_amount + d.delta
    FROM (SELECT (n.id % 16)::integer AS slot, sum(n.total_amount - o.total_amount) AS delta
          FROM new_rows n JOIN old_rows o ON o.id = n.id GROUP BY 1) d
    WHERE t.slot = d.slot AND d.delta <> 0;
  RETURN NULL;
END;
$$;

CREATE TRIGGER orders_totals_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_totals_after_insert();
CREATE TRIGGER orders_totals_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_totals_after_delete();
CREATE TRIGGER orders_totals_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_totals_after_update();
