-- The parts of the orders export's line, stored with each order (issue 47, decision 0088).
--
-- The export made each order's 33 cells at every download, and its 6 money cells from the ledger
-- (a lateral over the order's documents and payments): most of the database's work per exported
-- row (docs/performance.md, round 4), where the budget is 100 000 rows/s on two cores. Each
-- format's line is now stored in three parts: before the items column (stored per language, 6800),
-- after it, and the money cells. The export adds only the items cell. The parts are written by a
-- trigger at every insert and every change of an order, and the ledger's writes touch their order
-- (functions/0800_order_export_lines.sql, from src/server/admin/order-export-lines.ts). The
-- defaults only give the writers' types a value to leave out; the trigger replaces them before the
-- row is stored.
ALTER TABLE orders
  ADD COLUMN export_line_standard_head text NOT NULL DEFAULT '',
  ADD COLUMN export_line_standard_tail text NOT NULL DEFAULT '',
  ADD COLUMN export_line_standard_money text NOT NULL DEFAULT '',
  ADD COLUMN export_line_excel_head text NOT NULL DEFAULT '',
  ADD COLUMN export_line_excel_tail text NOT NULL DEFAULT '',
  ADD COLUMN export_line_excel_money text NOT NULL DEFAULT '';

-- The orders already stored, by the trigger's expressions over the row's own columns (the sizes
-- from the stored export_item_cells) and the ledger's functions, as functions of this session
-- (functions are declared in the functions files, applied after the migrations): one rewrite of
-- the table through the columns' USING, not an UPDATE, which would write a second version of every
-- row and of its index entries (6800 says more). A rewrite fires no row triggers. Written once from
-- order-export-lines.ts; order-export-lines.test.ts compares what it stores with what the trigger
-- writes.
CREATE FUNCTION pg_temp.order_export_money_standard_once(bigint) RETURNS text LANGUAGE plpgsql STABLE AS $$
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
CREATE FUNCTION pg_temp.order_export_money_excel_once(bigint) RETURNS text LANGUAGE plpgsql STABLE AS $$
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
ALTER TABLE orders
  ALTER COLUMN export_line_standard_head TYPE text USING concat('"', replace(CASE WHEN ascii(order_number) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(order_number) NOT IN (43, 45) OR order_number !~ '^[+-][0-9 ().,-]*$') THEN '''' || order_number
    ELSE order_number END, '"', '""'), '","', to_char(order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')::text, '","', status::text, '","', customer_type::text, '","', replace(CASE WHEN ascii(customer_name) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(customer_name) NOT IN (43, 45) OR customer_name !~ '^[+-][0-9 ().,-]*$') THEN '''' || customer_name
    ELSE customer_name END, '"', '""'), '","', replace(CASE WHEN ascii(customer_organization) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(customer_organization) NOT IN (43, 45) OR customer_organization !~ '^[+-][0-9 ().,-]*$') THEN '''' || customer_organization
    ELSE customer_organization END, '"', '""'), '","', replace(CASE WHEN ascii(customer_org_number) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(customer_org_number) NOT IN (43, 45) OR customer_org_number !~ '^[+-][0-9 ().,-]*$') THEN '''' || customer_org_number
    ELSE customer_org_number END, '"', '""'), '","', replace(CASE WHEN ascii(customer_email) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(customer_email) NOT IN (43, 45) OR customer_email !~ '^[+-][0-9 ().,-]*$') THEN '''' || customer_email
    ELSE customer_email END, '"', '""'), '","', replace(CASE WHEN ascii(customer_phone) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(customer_phone) NOT IN (43, 45) OR customer_phone !~ '^[+-][0-9 ().,-]*$') THEN '''' || customer_phone
    ELSE customer_phone END, '"', '""'), '","', replace(CASE WHEN ascii(customer_address) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(customer_address) NOT IN (43, 45) OR customer_address !~ '^[+-][0-9 ().,-]*$') THEN '''' || customer_address
    ELSE customer_address END, '"', '""'), '","', replace(CASE WHEN ascii(delivery_address) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(delivery_address) NOT IN (43, 45) OR delivery_address !~ '^[+-][0-9 ().,-]*$') THEN '''' || delivery_address
    ELSE delivery_address END, '"', '""'), '","', replace(CASE WHEN ascii(country_code) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(country_code) NOT IN (43, 45) OR country_code !~ '^[+-][0-9 ().,-]*$') THEN '''' || country_code
    ELSE country_code END, '"', '""'), '","'),
  ALTER COLUMN export_line_standard_tail TYPE text USING concat('","', total_amount::text::text, '","', ex_vat_amount::text::text, '","', vat_amount::text::text, '","', vat_treatment::text, '","', replace(CASE WHEN ascii(buyer_vat_number) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(buyer_vat_number) NOT IN (43, 45) OR buyer_vat_number !~ '^[+-][0-9 ().,-]*$') THEN '''' || buyer_vat_number
    ELSE buyer_vat_number END, '"', '""'), '","', replace(CASE WHEN ascii(buyer_reference) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(buyer_reference) NOT IN (43, 45) OR buyer_reference !~ '^[+-][0-9 ().,-]*$') THEN '''' || buyer_reference
    ELSE buyer_reference END, '"', '""'), '","', replace(CASE WHEN ascii(billing_address) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(billing_address) NOT IN (43, 45) OR billing_address !~ '^[+-][0-9 ().,-]*$') THEN '''' || billing_address
    ELSE billing_address END, '"', '""'), '","', export_item_cells[2]::text, '","', export_item_cells[3]::text, '","', export_item_cells[4]::text, '","', export_item_cells[5]::text, '","', export_item_cells[6]::text, '","', export_item_cells[7]::text, '","', export_item_cells[8]::text, '","'),
  ALTER COLUMN export_line_standard_money TYPE text USING pg_temp.order_export_money_standard_once(id),
  ALTER COLUMN export_line_excel_head TYPE text USING concat('"', replace(CASE WHEN ascii(order_number) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(order_number) NOT IN (43, 45) OR order_number !~ '^[+-][0-9 ().,-]*$') THEN '''' || order_number
    ELSE order_number END, '"', '""'), '";"', to_char(order_date AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD HH24:MI')::text, '";"', CASE status WHEN 'pending' THEN 'Mottagen' WHEN 'in_production' THEN 'I produktion' WHEN 'shipped' THEN 'Skickad' WHEN 'cancelled' THEN 'Avbruten' ELSE status END::text, '";"', CASE customer_type WHEN 'personal' THEN 'Privatperson' WHEN 'company' THEN 'Företag' ELSE customer_type END::text, '";"', replace(CASE WHEN ascii(customer_name) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(customer_name) NOT IN (43, 45) OR customer_name !~ '^[+-][0-9 ().,-]*$') THEN '''' || customer_name
    ELSE customer_name END, '"', '""'), '";"', replace(CASE WHEN ascii(customer_organization) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(customer_organization) NOT IN (43, 45) OR customer_organization !~ '^[+-][0-9 ().,-]*$') THEN '''' || customer_organization
    ELSE customer_organization END, '"', '""'), '";"', replace(CASE WHEN ascii(customer_org_number) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(customer_org_number) NOT IN (43, 45) OR customer_org_number !~ '^[+-][0-9 ().,-]*$') THEN '''' || customer_org_number
    ELSE customer_org_number END, '"', '""'), '";"', replace(CASE WHEN ascii(customer_email) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(customer_email) NOT IN (43, 45) OR customer_email !~ '^[+-][0-9 ().,-]*$') THEN '''' || customer_email
    ELSE customer_email END, '"', '""'), '";"', replace(CASE WHEN ascii(customer_phone) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(customer_phone) NOT IN (43, 45) OR customer_phone !~ '^[+-][0-9 ().,-]*$') THEN '''' || customer_phone
    ELSE customer_phone END, '"', '""'), '";"', replace(CASE WHEN ascii(customer_address) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(customer_address) NOT IN (43, 45) OR customer_address !~ '^[+-][0-9 ().,-]*$') THEN '''' || customer_address
    ELSE customer_address END, '"', '""'), '";"', replace(CASE WHEN ascii(delivery_address) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(delivery_address) NOT IN (43, 45) OR delivery_address !~ '^[+-][0-9 ().,-]*$') THEN '''' || delivery_address
    ELSE delivery_address END, '"', '""'), '";"', replace(CASE WHEN ascii(country_code) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(country_code) NOT IN (43, 45) OR country_code !~ '^[+-][0-9 ().,-]*$') THEN '''' || country_code
    ELSE country_code END, '"', '""'), '";"'),
  ALTER COLUMN export_line_excel_tail TYPE text USING concat('";"', replace(total_amount::text, '.', ',')::text, '";"', replace(ex_vat_amount::text, '.', ',')::text, '";"', replace(vat_amount::text, '.', ',')::text, '";"', CASE vat_treatment WHEN 'domestic' THEN 'Svensk moms' WHEN 'reverse_charge' THEN 'Omvänd betalningsskyldighet' WHEN 'export' THEN 'Export' WHEN 'oss' THEN 'EU-distansförsäljning (OSS)' ELSE vat_treatment END::text, '";"', replace(CASE WHEN ascii(buyer_vat_number) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(buyer_vat_number) NOT IN (43, 45) OR buyer_vat_number !~ '^[+-][0-9 ().,-]*$') THEN '''' || buyer_vat_number
    ELSE buyer_vat_number END, '"', '""'), '";"', replace(CASE WHEN ascii(buyer_reference) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(buyer_reference) NOT IN (43, 45) OR buyer_reference !~ '^[+-][0-9 ().,-]*$') THEN '''' || buyer_reference
    ELSE buyer_reference END, '"', '""'), '";"', replace(CASE WHEN ascii(billing_address) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(billing_address) NOT IN (43, 45) OR billing_address !~ '^[+-][0-9 ().,-]*$') THEN '''' || billing_address
    ELSE billing_address END, '"', '""'), '";"', export_item_cells[2]::text, '";"', export_item_cells[3]::text, '";"', export_item_cells[4]::text, '";"', export_item_cells[5]::text, '";"', export_item_cells[6]::text, '";"', export_item_cells[7]::text, '";"', export_item_cells[8]::text, '";"'),
  ALTER COLUMN export_line_excel_money TYPE text USING pg_temp.order_export_money_excel_once(id);
DROP FUNCTION pg_temp.order_export_money_standard_once(bigint);
DROP FUNCTION pg_temp.order_export_money_excel_once(bigint);
