-- The customer register, personal data requests and saved delivery addresses (issue 43,
-- docs/customers.md, docs/accounts.md).

-- The customer an order belongs to, as the customer ledger has always computed it
-- (src/server/customers/ledger.ts): a company by country and organisation number, else an individual
-- by personnummer, else by email address. Stored so the register groups orders by an indexed column
-- instead of running three regular expressions per order per page.
ALTER TABLE orders ADD COLUMN customer_key text GENERATED ALWAYS AS (CASE
    WHEN customer_type = 'company' AND coalesce(customer_org_number, '') <> ''
      THEN 'org:' || country_code || ':' || upper(regexp_replace(customer_org_number, '[^0-9A-Za-z]', '', 'g'))
    WHEN coalesce(customer_personal_number, '') <> ''
      THEN 'pnr:' || regexp_replace(customer_personal_number, '[^0-9]', '', 'g')
    ELSE 'email:' || lower(customer_email) END) STORED;
CREATE INDEX orders_customer_key_idx ON orders (customer_key, order_date DESC);

-- One row per customer, kept by the triggers below, so a page of the register reads 50 rows of an
-- index instead of grouping every order, document and payment (at 200 000 orders the grouping took
-- 8 s a page; docs/customers.md). Money in SEK as the ledger keeps it: `invoiced` is every
-- document's total (credit notes negative, reminders included), `paid` every payment's amount
-- (refunds negative), so invoiced - paid is the customer ledger's balance; `turnover` is the net of
-- every document but reminders (a reminder's fee and interest are no sale: Årsredovisningslagen
-- 1995:1554, 1 kap. 3 §).
CREATE TABLE customer_summaries (
  customer_key text PRIMARY KEY,
  orders integer NOT NULL DEFAULT 0,
  first_order timestamptz,
  last_order timestamptz,
  latest_order_id bigint,
  documents integer NOT NULL DEFAULT 0,
  turnover numeric(16, 2) NOT NULL DEFAULT 0,
  invoiced numeric(16, 2) NOT NULL DEFAULT 0,
  paid numeric(16, 2) NOT NULL DEFAULT 0
);
CREATE INDEX customer_summaries_latest_idx ON customer_summaries (last_order DESC, customer_key);
CREATE INDEX customer_summaries_owing_idx ON customer_summaries (last_order DESC, customer_key)
  WHERE invoiced <> paid;

-- A customer's row from scratch (a changed key or order date, a deleted order or document): rare.
CREATE FUNCTION customer_summary_refresh(key text) RETURNS void LANGUAGE plpgsql AS $$
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

CREATE FUNCTION customer_summaries_orders_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER customer_summaries_orders_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_summaries_orders_insert();

CREATE FUNCTION customer_summaries_orders_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER customer_summaries_orders_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN (OLD.customer_key IS DISTINCT FROM NEW.customer_key OR OLD.order_date IS DISTINCT FROM NEW.order_date)
  EXECUTE FUNCTION customer_summaries_orders_change();
CREATE TRIGGER customer_summaries_orders_delete AFTER DELETE ON orders FOR EACH ROW
  EXECUTE FUNCTION customer_summaries_orders_change();

CREATE FUNCTION customer_summaries_documents_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER customer_summaries_documents_insert AFTER INSERT ON documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_summaries_documents_insert();

-- Issued documents are never changed; one deleted (a test's cleanup, an order deleted) refreshes.
CREATE FUNCTION customer_summaries_documents_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_summary_refresh(o.customer_key) FROM orders o WHERE o.id = OLD.order_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER customer_summaries_documents_delete AFTER DELETE ON documents FOR EACH ROW
  EXECUTE FUNCTION customer_summaries_documents_delete();

CREATE FUNCTION customer_summaries_payments_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_summaries s SET paid = s.paid + n.paid
    FROM (SELECT o.customer_key, sum(p.amount) AS paid
      FROM new_rows p JOIN documents d ON d.id = p.document_id JOIN orders o ON o.id = d.order_id
      GROUP BY o.customer_key) n
    WHERE s.customer_key = n.customer_key;
  RETURN NULL;
END;
$$;
CREATE TRIGGER customer_summaries_payments_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_summaries_payments_insert();

CREATE FUNCTION customer_summaries_payments_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER customer_summaries_payments_change AFTER UPDATE OR DELETE ON payments FOR EACH ROW
  EXECUTE FUNCTION customer_summaries_payments_change();

-- The customers of the orders already placed.
INSERT INTO customer_summaries (customer_key, orders, first_order, last_order, latest_order_id)
  SELECT customer_key, count(*), min(order_date), max(order_date),
    (array_agg(id ORDER BY order_date DESC, id DESC))[1]
  FROM orders GROUP BY customer_key;
UPDATE customer_summaries s SET documents = n.documents, turnover = n.turnover, invoiced = n.invoiced
  FROM (SELECT o.customer_key, count(*) AS documents,
      coalesce(sum(d.net) FILTER (WHERE d.kind <> 'reminder'), 0) AS turnover, sum(d.total) AS invoiced
    FROM documents d JOIN orders o ON o.id = d.order_id GROUP BY o.customer_key) n
  WHERE s.customer_key = n.customer_key;
UPDATE customer_summaries s SET paid = n.paid
  FROM (SELECT o.customer_key, sum(p.amount) AS paid
    FROM payments p JOIN documents d ON d.id = p.document_id JOIN orders o ON o.id = d.order_id
    GROUP BY o.customer_key) n
  WHERE s.customer_key = n.customer_key;

-- A customer's quotes are the quotes made for one of its orders' addresses.
CREATE INDEX quotes_customer_email_idx ON quotes (lower(customer_email));

-- Staff's notes on a customer (the register's id: a hash of customer_key, never a personnummer).
CREATE TABLE customer_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id text NOT NULL,
  body text NOT NULL,
  staff_id bigint NOT NULL REFERENCES staff (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT customer_notes_customer_id_check CHECK (customer_id ~ '^[0-9a-f]{24}$'),
  CONSTRAINT customer_notes_body_check CHECK (char_length(body) BETWEEN 1 AND 2000)
);
CREATE INDEX customer_notes_customer_idx ON customer_notes (customer_id, id);

-- Delivery addresses a signed-in buyer saved on the account page (the address in lower case).
CREATE TABLE account_addresses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  label text NOT NULL,
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT account_addresses_email_check CHECK (email = lower(email) AND char_length(email) <= 255),
  CONSTRAINT account_addresses_label_check CHECK (char_length(label) <= 60),
  CONSTRAINT account_addresses_address_check CHECK (char_length(address) BETWEEN 1 AND 300)
);
CREATE INDEX account_addresses_email_idx ON account_addresses (email, id);

-- A buyer's request to erase their personal data. Once carried out the address is replaced by its
-- sha256: the shop can show it did what was asked without keeping who asked.
CREATE TABLE privacy_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  completed_by bigint REFERENCES staff (id),
  outcome jsonb,
  CONSTRAINT privacy_requests_email_check CHECK (char_length(email) <= 255),
  CONSTRAINT privacy_requests_completed_check CHECK ((completed_at IS NULL) = (outcome IS NULL))
);
CREATE UNIQUE INDEX privacy_requests_open_idx ON privacy_requests (email) WHERE completed_at IS NULL;
CREATE INDEX privacy_requests_requested_idx ON privacy_requests (requested_at DESC, id DESC);

-- A staff note on a customer and an erasure carried out, in the audit log. The actions already
-- allowed are read from the constraint, so another range's migration adding actions keeps them.
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'audit_events_action_check' AND conrelid = 'audit_events'::regclass;
  ALTER TABLE audit_events DROP CONSTRAINT audit_events_action_check;
  EXECUTE 'ALTER TABLE audit_events ADD CONSTRAINT audit_events_action_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''customer_note''::text, ''privacy_erasure''::text, ');
END;
$$;
