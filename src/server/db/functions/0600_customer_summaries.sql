-- Repeatable: applied after the migrations on every start (src/server/db/migrate.ts). The customer
-- register's summaries kept by triggers (migrations/6000_customer_register.sql says why).

-- A customer's row from scratch (a changed key or order date, a deleted order or document): rare.
CREATE OR REPLACE FUNCTION customer_summary_refresh(key text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_summaries WHERE customer_key = key;
  INSERT INTO customer_summaries (customer_key, orders, first_order, last_order, latest_order_id,
      documents, turnover, invoiced, paid)
    SELECT key, count(*), min(o.order_date), max(o.order_date),
      (array_agg(o.id ORDER BY o.order_date DESC, o.id DESC))[1],
      coalesce(sum(m.documents), 0), coalesce(sum(m.turnover), 0), coalesce(sum(m.invoiced), 0),
      coalesce(sum(m.paid), 0)
    FROM orders o
    LEFT JOIN LATERAL (
      SELECT count(*) AS documents, coalesce(sum(d.net) FILTER (WHERE d.kind <> 'reminder'), 0) AS turnover,
        coalesce(sum(d.total), 0) AS invoiced,
        coalesce(sum((SELECT sum(p.amount) FROM payments p WHERE p.document_id = d.id)), 0) AS paid
      FROM documents d WHERE d.order_id = o.id) m ON TRUE
    WHERE o.customer_key = key
    HAVING count(*) > 0;
END;
$$;

CREATE OR REPLACE FUNCTION customer_summaries_orders_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_summaries AS s (customer_key, orders, first_order, last_order, latest_order_id)
    SELECT customer_key, count(*), min(order_date), max(order_date),
      (array_agg(id ORDER BY order_date DESC, id DESC))[1]
    FROM new_rows GROUP BY customer_key
  ON CONFLICT (customer_key) DO UPDATE SET
    orders = s.orders + excluded.orders,
    first_order = least(s.first_order, excluded.first_order),
    latest_order_id = CASE WHEN s.last_order IS NULL OR excluded.last_order >= s.last_order
      THEN excluded.latest_order_id ELSE s.latest_order_id END,
    last_order = greatest(s.last_order, excluded.last_order);
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER customer_summaries_orders_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_summaries_orders_insert();

CREATE OR REPLACE FUNCTION customer_summaries_orders_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_summary_refresh(OLD.customer_key);
  IF TG_OP = 'UPDATE' THEN
    IF NEW.customer_key IS DISTINCT FROM OLD.customer_key THEN
      PERFORM customer_summary_refresh(NEW.customer_key);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
-- Only a changed customer or order date: a status change does not fire it.
CREATE OR REPLACE TRIGGER customer_summaries_orders_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN (OLD.customer_key IS DISTINCT FROM NEW.customer_key OR OLD.order_date IS DISTINCT FROM NEW.order_date)
  EXECUTE FUNCTION customer_summaries_orders_change();
CREATE OR REPLACE TRIGGER customer_summaries_orders_delete AFTER DELETE ON orders FOR EACH ROW
  EXECUTE FUNCTION customer_summaries_orders_change();

CREATE OR REPLACE FUNCTION customer_summaries_documents_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_summaries s SET documents = s.documents + n.documents, turnover = s.turnover + n.turnover,
      invoiced = s.invoiced + n.invoiced
    FROM (SELECT o.customer_key, count(*) AS documents,
        coalesce(sum(d.net) FILTER (WHERE d.kind <> 'reminder'), 0) AS turnover, sum(d.total) AS invoiced
      FROM new_rows d JOIN orders o ON o.id = d.order_id GROUP BY o.customer_key) n
    WHERE s.customer_key = n.customer_key;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER customer_summaries_documents_insert AFTER INSERT ON documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_summaries_documents_insert();

-- Issued documents are never changed; one deleted (a test's cleanup, an order deleted) refreshes.
CREATE OR REPLACE FUNCTION customer_summaries_documents_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_summary_refresh(o.customer_key) FROM orders o WHERE o.id = OLD.order_id;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER customer_summaries_documents_delete AFTER DELETE ON documents FOR EACH ROW
  EXECUTE FUNCTION customer_summaries_documents_delete();

CREATE OR REPLACE FUNCTION customer_summaries_payments_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_summaries s SET paid = s.paid + n.paid
    FROM (SELECT o.customer_key, sum(p.amount) AS paid
      FROM new_rows p JOIN documents d ON d.id = p.document_id JOIN orders o ON o.id = d.order_id
      GROUP BY o.customer_key) n
    WHERE s.customer_key = n.customer_key;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER customer_summaries_payments_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_summaries_payments_insert();

CREATE OR REPLACE FUNCTION customer_summaries_payments_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_summary_refresh(o.customer_key)
    FROM documents d JOIN orders o ON o.id = d.order_id WHERE d.id = OLD.document_id;
  IF TG_OP = 'UPDATE' AND NEW.document_id IS DISTINCT FROM OLD.document_id THEN
    PERFORM customer_summary_refresh(o.customer_key)
      FROM documents d JOIN orders o ON o.id = d.order_id WHERE d.id = NEW.document_id;
  END IF;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER customer_summaries_payments_change AFTER UPDATE OR DELETE ON payments FOR EACH ROW
  EXECUTE FUNCTION customer_summaries_payments_change();
