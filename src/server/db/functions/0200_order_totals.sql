-- Repeatable: applied after the migrations on every start (src/server/db/migrate.ts). The dashboard's
-- running totals in 16 slots (migrations/0300_admin.sql says why): kept by statement triggers.
-- Cancelled orders leave the dashboard's turnover and average order value: the totals count only
-- orders that are not cancelled, and a status change moves an order in or out of them
-- (migrations/1500_order_status_emails.sql).
CREATE OR REPLACE FUNCTION order_totals_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_totals t SET order_count = t.order_count + d.n, total_amount = t.total_amount + d.total
    FROM (SELECT (id % 16)::integer AS slot, count(*) AS n, sum(total_amount) AS total FROM new_rows
          WHERE status <> 'cancelled' GROUP BY 1) d
    WHERE t.slot = d.slot;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION order_totals_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_totals t SET order_count = t.order_count - d.n, total_amount = t.total_amount - d.total
    FROM (SELECT (id % 16)::integer AS slot, count(*) AS n, sum(total_amount) AS total FROM old_rows
          WHERE status <> 'cancelled' GROUP BY 1) d
    WHERE t.slot = d.slot;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION order_totals_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_totals t SET order_count = t.order_count + d.count_delta, total_amount = t.total_amount + d.delta
    FROM (SELECT (n.id % 16)::integer AS slot,
            sum(CASE WHEN n.status <> 'cancelled' THEN 1 ELSE 0 END
              - CASE WHEN o.status <> 'cancelled' THEN 1 ELSE 0 END) AS count_delta,
            sum(CASE WHEN n.status <> 'cancelled' THEN n.total_amount ELSE 0 END
              - CASE WHEN o.status <> 'cancelled' THEN o.total_amount ELSE 0 END) AS delta
          FROM new_rows n JOIN old_rows o ON o.id = n.id GROUP BY 1) d
    WHERE t.slot = d.slot AND (d.delta <> 0 OR d.count_delta <> 0);
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER orders_totals_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_totals_after_insert();
CREATE OR REPLACE TRIGGER orders_totals_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_totals_after_delete();
CREATE OR REPLACE TRIGGER orders_totals_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_totals_after_update();
