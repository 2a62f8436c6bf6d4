-- Repeatable: applied after the migrations on every start (src/server/db/migrate.ts). The parts of
-- the orders export's line that each order holds itself, stored with it
-- (migrations/6850_order_export_lines.sql says why). Written by `npm run db:functions` from
-- src/server/admin/order-export-lines.ts; do not edit.

-- Every insert and every change of an order (its status, the buyer's details at a change or an
-- erasure, its lines and amounts) writes the parts again; nothing else writes the columns.
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
CREATE OR REPLACE TRIGGER orders_export_lines BEFORE INSERT OR UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_export_lines();
