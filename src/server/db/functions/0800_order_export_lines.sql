-- Repeatable: applied after the migrations on every start (src/server/db/migrate.ts). The parts of
-- the orders export's line that are stored with each order (migrations/6850_order_export_lines.sql
-- says why). Written by `npm run db:functions` from src/server/admin/order-export-lines.ts; do not
-- edit.

-- An order's money cells (its invoice's dates and OCR, paid, left to pay, the payment state) from
-- the ledger as it is now.
CREATE OR REPLACE FUNCTION order_export_money_standard(bigint) RETURNS text
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (SELECT concat(to_char(money.invoice_date, 'YYYY-MM-DD')::text, '","', to_char(money.due_date, 'YYYY-MM-DD')::text, '","', money.ocr::text, '","', money.paid::text::text, '","', money.balance::text::text, '","', money.payment_state::text)
    FROM (SELECT $1 AS id) AS orders LEFT JOIN LATERAL (
    SELECT inv.issued_on AS invoice_date, inv.due_on AS due_date, inv.ocr AS ocr,
      sums.received - sums.refunded AS paid,
      sums.invoiced - sums.credited - (sums.received - sums.refunded) AS balance,
      CASE WHEN sums.invoiced > 0 AND sums.invoiced - sums.credited <= 0 THEN
          CASE WHEN sums.refunded > 0 AND sums.received - sums.refunded <= 0 THEN 'refunded' ELSE 'credited' END
        WHEN sums.received - sums.refunded <= 0 THEN 'unpaid'
        WHEN sums.received - sums.refunded < sums.invoiced - sums.credited THEN 'partly_paid'
        WHEN sums.received - sums.refunded = sums.invoiced - sums.credited THEN 'paid'
        ELSE 'overpaid' END AS payment_state
    FROM (SELECT
        coalesce(sum(d.total) FILTER (WHERE d.kind <> 'credit_note'), 0) AS invoiced,
        coalesce(-sum(d.total) FILTER (WHERE d.kind = 'credit_note'), 0) AS credited,
        coalesce(sum(pay.received), 0) AS received,
        coalesce(sum(pay.refunded), 0) AS refunded
      FROM documents d CROSS JOIN LATERAL (SELECT sum(p.amount) FILTER (WHERE p.amount > 0) AS received,
          -sum(p.amount) FILTER (WHERE p.amount < 0) AS refunded
        FROM payments p WHERE p.document_id = d.id) AS pay
      WHERE d.order_id = orders.id) AS sums
    LEFT JOIN documents inv ON inv.order_id = orders.id AND inv.kind = 'invoice'
  ) AS money ON TRUE);
END
$$;

CREATE OR REPLACE FUNCTION order_export_money_excel(bigint) RETURNS text
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (SELECT concat(to_char(money.invoice_date, 'YYYY-MM-DD')::text, '";"', to_char(money.due_date, 'YYYY-MM-DD')::text, '";"', money.ocr::text, '";"', replace(money.paid::text, '.', ',')::text, '";"', replace(money.balance::text, '.', ',')::text, '";"', CASE money.payment_state WHEN 'unpaid' THEN 'Obetald' WHEN 'partly_paid' THEN 'Delvis betald' WHEN 'paid' THEN 'Betald' WHEN 'overpaid' THEN 'Överbetald' WHEN 'credited' THEN 'Krediterad' WHEN 'refunded' THEN 'Återbetald' ELSE money.payment_state END::text)
    FROM (SELECT $1 AS id) AS orders LEFT JOIN LATERAL (
    SELECT inv.issued_on AS invoice_date, inv.due_on AS due_date, inv.ocr AS ocr,
      sums.received - sums.refunded AS paid,
      sums.invoiced - sums.credited - (sums.received - sums.refunded) AS balance,
      CASE WHEN sums.invoiced > 0 AND sums.invoiced - sums.credited <= 0 THEN
          CASE WHEN sums.refunded > 0 AND sums.received - sums.refunded <= 0 THEN 'refunded' ELSE 'credited' END
        WHEN sums.received - sums.refunded <= 0 THEN 'unpaid'
        WHEN sums.received - sums.refunded < sums.invoiced - sums.credited THEN 'partly_paid'
        WHEN sums.received - sums.refunded = sums.invoiced - sums.credited THEN 'paid'
        ELSE 'overpaid' END AS payment_state
    FROM (SELECT
        coalesce(sum(d.total) FILTER (WHERE d.kind <> 'credit_note'), 0) AS invoiced,
        coalesce(-sum(d.total) FILTER (WHERE d.kind = 'credit_note'), 0) AS credited,
        coalesce(sum(pay.received), 0) AS received,
        coalesce(sum(pay.refunded), 0) AS refunded
      FROM documents d CROSS JOIN LATERAL (SELECT sum(p.amount) FILTER (WHERE p.amount > 0) AS received,
          -sum(p.amount) FILTER (WHERE p.amount < 0) AS refunded
        FROM payments p WHERE p.document_id = d.id) AS pay
      WHERE d.order_id = orders.id) AS sums
    LEFT JOIN documents inv ON inv.order_id = orders.id AND inv.kind = 'invoice'
  ) AS money ON TRUE);
END
$$;

-- The head and the tail: at every insert, and at every change of a column they are made of (its
-- status, the buyer's details at a change or an erasure, its lines and amounts); nothing else
-- writes them.
CREATE OR REPLACE FUNCTION orders_export_lines() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item_cells text[] := order_export_item_cells(NEW.items);
BEGIN
  NEW.export_line_standard_head := concat('"', replace(CASE WHEN ascii(NEW.order_number) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.order_number) NOT IN (43, 45) OR NEW.order_number !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.order_number
    ELSE NEW.order_number END, '"', '""'), '","', to_char(NEW.order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')::text, '","', NEW.status::text, '","', NEW.customer_type::text, '","', replace(CASE WHEN ascii(NEW.customer_name) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.customer_name) NOT IN (43, 45) OR NEW.customer_name !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.customer_name
    ELSE NEW.customer_name END, '"', '""'), '","', replace(CASE WHEN ascii(NEW.customer_organization) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.customer_organization) NOT IN (43, 45) OR NEW.customer_organization !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.customer_organization
    ELSE NEW.customer_organization END, '"', '""'), '","', replace(CASE WHEN ascii(NEW.customer_org_number) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.customer_org_number) NOT IN (43, 45) OR NEW.customer_org_number !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.customer_org_number
    ELSE NEW.customer_org_number END, '"', '""'), '","', replace(CASE WHEN ascii(NEW.customer_email) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.customer_email) NOT IN (43, 45) OR NEW.customer_email !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.customer_email
    ELSE NEW.customer_email END, '"', '""'), '","', replace(CASE WHEN ascii(NEW.customer_phone) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.customer_phone) NOT IN (43, 45) OR NEW.customer_phone !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.customer_phone
    ELSE NEW.customer_phone END, '"', '""'), '","', replace(CASE WHEN ascii(NEW.customer_address) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.customer_address) NOT IN (43, 45) OR NEW.customer_address !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.customer_address
    ELSE NEW.customer_address END, '"', '""'), '","', replace(CASE WHEN ascii(NEW.delivery_address) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.delivery_address) NOT IN (43, 45) OR NEW.delivery_address !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.delivery_address
    ELSE NEW.delivery_address END, '"', '""'), '","', replace(CASE WHEN ascii(NEW.country_code) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.country_code) NOT IN (43, 45) OR NEW.country_code !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.country_code
    ELSE NEW.country_code END, '"', '""'), '","');
  NEW.export_line_standard_tail := concat('","', NEW.total_amount::text::text, '","', NEW.ex_vat_amount::text::text, '","', NEW.vat_amount::text::text, '","', NEW.vat_treatment::text, '","', replace(CASE WHEN ascii(NEW.buyer_vat_number) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.buyer_vat_number) NOT IN (43, 45) OR NEW.buyer_vat_number !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.buyer_vat_number
    ELSE NEW.buyer_vat_number END, '"', '""'), '","', replace(CASE WHEN ascii(NEW.buyer_reference) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.buyer_reference) NOT IN (43, 45) OR NEW.buyer_reference !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.buyer_reference
    ELSE NEW.buyer_reference END, '"', '""'), '","', replace(CASE WHEN ascii(NEW.billing_address) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.billing_address) NOT IN (43, 45) OR NEW.billing_address !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.billing_address
    ELSE NEW.billing_address END, '"', '""'), '","', item_cells[2]::text, '","', item_cells[3]::text, '","', item_cells[4]::text, '","', item_cells[5]::text, '","', item_cells[6]::text, '","', item_cells[7]::text, '","', item_cells[8]::text, '","');
  NEW.export_line_excel_head := concat('"', replace(CASE WHEN ascii(NEW.order_number) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.order_number) NOT IN (43, 45) OR NEW.order_number !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.order_number
    ELSE NEW.order_number END, '"', '""'), '";"', to_char(NEW.order_date AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD HH24:MI')::text, '";"', CASE NEW.status WHEN 'pending' THEN 'Mottagen' WHEN 'in_production' THEN 'I produktion' WHEN 'shipped' THEN 'Skickad' WHEN 'cancelled' THEN 'Avbruten' ELSE NEW.status END::text, '";"', CASE NEW.customer_type WHEN 'personal' THEN 'Privatperson' WHEN 'company' THEN 'Företag' ELSE NEW.customer_type END::text, '";"', replace(CASE WHEN ascii(NEW.customer_name) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.customer_name) NOT IN (43, 45) OR NEW.customer_name !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.customer_name
    ELSE NEW.customer_name END, '"', '""'), '";"', replace(CASE WHEN ascii(NEW.customer_organization) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.customer_organization) NOT IN (43, 45) OR NEW.customer_organization !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.customer_organization
    ELSE NEW.customer_organization END, '"', '""'), '";"', replace(CASE WHEN ascii(NEW.customer_org_number) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.customer_org_number) NOT IN (43, 45) OR NEW.customer_org_number !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.customer_org_number
    ELSE NEW.customer_org_number END, '"', '""'), '";"', replace(CASE WHEN ascii(NEW.customer_email) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.customer_email) NOT IN (43, 45) OR NEW.customer_email !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.customer_email
    ELSE NEW.customer_email END, '"', '""'), '";"', replace(CASE WHEN ascii(NEW.customer_phone) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.customer_phone) NOT IN (43, 45) OR NEW.customer_phone !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.customer_phone
    ELSE NEW.customer_phone END, '"', '""'), '";"', replace(CASE WHEN ascii(NEW.customer_address) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.customer_address) NOT IN (43, 45) OR NEW.customer_address !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.customer_address
    ELSE NEW.customer_address END, '"', '""'), '";"', replace(CASE WHEN ascii(NEW.delivery_address) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.delivery_address) NOT IN (43, 45) OR NEW.delivery_address !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.delivery_address
    ELSE NEW.delivery_address END, '"', '""'), '";"', replace(CASE WHEN ascii(NEW.country_code) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.country_code) NOT IN (43, 45) OR NEW.country_code !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.country_code
    ELSE NEW.country_code END, '"', '""'), '";"');
  NEW.export_line_excel_tail := concat('";"', replace(NEW.total_amount::text, '.', ',')::text, '";"', replace(NEW.ex_vat_amount::text, '.', ',')::text, '";"', replace(NEW.vat_amount::text, '.', ',')::text, '";"', CASE NEW.vat_treatment WHEN 'domestic' THEN 'Svensk moms' WHEN 'reverse_charge' THEN 'Omvänd betalningsskyldighet' WHEN 'export' THEN 'Export' WHEN 'oss' THEN 'EU-distansförsäljning (OSS)' ELSE NEW.vat_treatment END::text, '";"', replace(CASE WHEN ascii(NEW.buyer_vat_number) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.buyer_vat_number) NOT IN (43, 45) OR NEW.buyer_vat_number !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.buyer_vat_number
    ELSE NEW.buyer_vat_number END, '"', '""'), '";"', replace(CASE WHEN ascii(NEW.buyer_reference) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.buyer_reference) NOT IN (43, 45) OR NEW.buyer_reference !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.buyer_reference
    ELSE NEW.buyer_reference END, '"', '""'), '";"', replace(CASE WHEN ascii(NEW.billing_address) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(NEW.billing_address) NOT IN (43, 45) OR NEW.billing_address !~ '^[+-][0-9 ().,-]*$') THEN '''' || NEW.billing_address
    ELSE NEW.billing_address END, '"', '""'), '";"', item_cells[2]::text, '";"', item_cells[3]::text, '";"', item_cells[4]::text, '";"', item_cells[5]::text, '";"', item_cells[6]::text, '";"', item_cells[7]::text, '";"', item_cells[8]::text, '";"');
  RETURN NEW;
END;
$$;
CREATE OR REPLACE TRIGGER orders_export_lines BEFORE INSERT OR UPDATE OF status, order_number, order_date, customer_type, customer_name, customer_organization, customer_org_number, customer_email, customer_phone, customer_address, delivery_address, country_code, total_amount, ex_vat_amount, vat_amount, vat_treatment, buyer_vat_number, buyer_reference, billing_address, items, export_line_standard_head, export_line_standard_tail, export_line_excel_head, export_line_excel_tail ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_export_lines();

-- The money: at every insert, and when the ledger touches the order (below). An update's BEFORE
-- trigger runs once the row is locked, and each statement here reads the ledger as committed by
-- then (READ COMMITTED): two payments at once are summed one after the other.
CREATE OR REPLACE FUNCTION orders_export_money() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new order has no documents yet: its ledger is empty, and checkout need not read it.
    NEW.export_line_standard_money := (SELECT concat(to_char(money.invoice_date, 'YYYY-MM-DD')::text, '","', to_char(money.due_date, 'YYYY-MM-DD')::text, '","', money.ocr::text, '","', money.paid::text::text, '","', money.balance::text::text, '","', money.payment_state::text) FROM (SELECT NULL::date AS invoice_date, NULL::date AS due_date, NULL::text AS ocr,
    0::numeric AS paid, 0::numeric AS balance, 'unpaid'::text AS payment_state) AS money);
    NEW.export_line_excel_money := (SELECT concat(to_char(money.invoice_date, 'YYYY-MM-DD')::text, '";"', to_char(money.due_date, 'YYYY-MM-DD')::text, '";"', money.ocr::text, '";"', replace(money.paid::text, '.', ',')::text, '";"', replace(money.balance::text, '.', ',')::text, '";"', CASE money.payment_state WHEN 'unpaid' THEN 'Obetald' WHEN 'partly_paid' THEN 'Delvis betald' WHEN 'paid' THEN 'Betald' WHEN 'overpaid' THEN 'Överbetald' WHEN 'credited' THEN 'Krediterad' WHEN 'refunded' THEN 'Återbetald' ELSE money.payment_state END::text) FROM (SELECT NULL::date AS invoice_date, NULL::date AS due_date, NULL::text AS ocr,
    0::numeric AS paid, 0::numeric AS balance, 'unpaid'::text AS payment_state) AS money);
  ELSE
    -- Both formats from one reading of the ledger.
    SELECT concat(to_char(money.invoice_date, 'YYYY-MM-DD')::text, '","', to_char(money.due_date, 'YYYY-MM-DD')::text, '","', money.ocr::text, '","', money.paid::text::text, '","', money.balance::text::text, '","', money.payment_state::text),
      concat(to_char(money.invoice_date, 'YYYY-MM-DD')::text, '";"', to_char(money.due_date, 'YYYY-MM-DD')::text, '";"', money.ocr::text, '";"', replace(money.paid::text, '.', ',')::text, '";"', replace(money.balance::text, '.', ',')::text, '";"', CASE money.payment_state WHEN 'unpaid' THEN 'Obetald' WHEN 'partly_paid' THEN 'Delvis betald' WHEN 'paid' THEN 'Betald' WHEN 'overpaid' THEN 'Överbetald' WHEN 'credited' THEN 'Krediterad' WHEN 'refunded' THEN 'Återbetald' ELSE money.payment_state END::text)
      INTO NEW.export_line_standard_money, NEW.export_line_excel_money
      FROM (SELECT NEW.id AS id) AS orders LEFT JOIN LATERAL (
    SELECT inv.issued_on AS invoice_date, inv.due_on AS due_date, inv.ocr AS ocr,
      sums.received - sums.refunded AS paid,
      sums.invoiced - sums.credited - (sums.received - sums.refunded) AS balance,
      CASE WHEN sums.invoiced > 0 AND sums.invoiced - sums.credited <= 0 THEN
          CASE WHEN sums.refunded > 0 AND sums.received - sums.refunded <= 0 THEN 'refunded' ELSE 'credited' END
        WHEN sums.received - sums.refunded <= 0 THEN 'unpaid'
        WHEN sums.received - sums.refunded < sums.invoiced - sums.credited THEN 'partly_paid'
        WHEN sums.received - sums.refunded = sums.invoiced - sums.credited THEN 'paid'
        ELSE 'overpaid' END AS payment_state
    FROM (SELECT
        coalesce(sum(d.total) FILTER (WHERE d.kind <> 'credit_note'), 0) AS invoiced,
        coalesce(-sum(d.total) FILTER (WHERE d.kind = 'credit_note'), 0) AS credited,
        coalesce(sum(pay.received), 0) AS received,
        coalesce(sum(pay.refunded), 0) AS refunded
      FROM documents d CROSS JOIN LATERAL (SELECT sum(p.amount) FILTER (WHERE p.amount > 0) AS received,
          -sum(p.amount) FILTER (WHERE p.amount < 0) AS refunded
        FROM payments p WHERE p.document_id = d.id) AS pay
      WHERE d.order_id = orders.id) AS sums
    LEFT JOIN documents inv ON inv.order_id = orders.id AND inv.kind = 'invoice'
  ) AS money ON TRUE;
  END IF;
  RETURN NEW;
END;
$$;
CREATE OR REPLACE TRIGGER orders_export_money BEFORE INSERT OR UPDATE OF export_line_standard_money, export_line_excel_money ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_export_money();

-- A document or payment written, changed or removed: its order's money is made again (the update
-- fires the trigger above).
CREATE OR REPLACE FUNCTION documents_touch_order_export_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE orders SET export_line_standard_money = '' WHERE id = NEW.order_id;
  END IF;
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.order_id IS DISTINCT FROM NEW.order_id) THEN
    UPDATE orders SET export_line_standard_money = '' WHERE id = OLD.order_id;
  END IF;
  RETURN NULL;
END;
$$;
-- Only what the money cells read: a snapshot written when the document is first rendered is not.
CREATE OR REPLACE TRIGGER documents_touch_order_export_line
  AFTER INSERT OR UPDATE OF order_id, kind, total, issued_on, due_on, ocr OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_touch_order_export_line();

CREATE OR REPLACE FUNCTION payments_touch_order_export_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE orders SET export_line_standard_money = '' WHERE id = (SELECT order_id FROM documents WHERE id = NEW.document_id);
  END IF;
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.document_id IS DISTINCT FROM NEW.document_id) THEN
    UPDATE orders SET export_line_standard_money = '' WHERE id = (SELECT order_id FROM documents WHERE id = OLD.document_id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER payments_touch_order_export_line
  AFTER INSERT OR UPDATE OF document_id, amount OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_touch_order_export_line();
