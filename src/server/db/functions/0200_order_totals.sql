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

-- Row by row, and only when an order's status or total changes: as a statement trigger with
-- transition tables (which take no column list) it copied every updated row, about 2 kB each, for
-- every update of orders, the ledger's touches of the export line included (decision 0088).
CREATE OR REPLACE FUNCTION order_totals_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_totals t
    SET order_count = t.order_count + (NEW.status <> 'cancelled')::integer - (OLD.status <> 'cancelled')::integer,
      total_amount = t.total_amount + CASE WHEN NEW.status <> 'cancelled' THEN NEW.total_amount ELSE 0 END
        - CASE WHEN OLD.status <> 'cancelled' THEN OLD.total_amount ELSE 0 END
    WHERE t.slot = (NEW.id % 16)::integer;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER orders_totals_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_totals_after_insert();
CREATE OR REPLACE TRIGGER orders_totals_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_totals_after_delete();
CREATE OR REPLACE TRIGGER orders_totals_update AFTER UPDATE OF status, total_amount ON orders FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.total_amount IS DISTINCT FROM NEW.total_amount)
  EXECUTE FUNCTION order_totals_after_update();
