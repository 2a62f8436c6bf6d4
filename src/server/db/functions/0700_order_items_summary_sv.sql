-- Repeatable: applied after the migrations on every start (src/server/db/migrate.ts). The Swedish
-- items summary of the orders export, stored with each order (migrations/6800_export_items_summary_sv.sql
-- says why). Written from src/server/db/export-item-cells.ts (itemsSummarySvBody);
-- export-item-cells.test.ts holds the two together.

-- Made from the lines when an order is written, as order_export_item_cells makes the English one.
CREATE OR REPLACE FUNCTION order_items_summary_sv(items jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (SELECT coalesce(string_agg((line ->> 'quantity') || ' × ' ||
    CASE WHEN line ->> 'fee' = 'conversion' THEN 'Konvertering av tryckfil som inte är vektor'
    ELSE coalesce(line -> 'names' ->> 'sv', CASE line ->> 'productId' WHEN 'kuponghäfte' THEN 'Kuponghäfte' WHEN 'klistermärken' THEN 'Klistermärken' WHEN 'tejp' THEN 'Tryckt tejp' WHEN 'halsduk-silke' THEN 'Sidenhalsduk' WHEN 'halsduk-stickad' THEN 'Stickad halsduk' WHEN 'tshirt-bomull' THEN 'T-shirt i bomull' WHEN 'tshirt-polyester' THEN 'T-shirt i polyester' WHEN 'tracktop' THEN 'Track top' WHEN 'hoodie' THEN 'Hoodie' WHEN 'crewneck' THEN 'College-tröja' WHEN 'zip' THEN 'Zip-tröja' WHEN 'baseball-keps' THEN 'Baseballkeps' WHEN 'urvattad-keps' THEN 'Urtvättad keps' WHEN 'keps-med-nat' THEN 'Keps med nät' WHEN 'mossa' THEN 'Mössa' WHEN 'fiskehatt' THEN 'Fiskehatt' WHEN 'becknarväska' THEN 'Midjeväska' END, line ->> 'name') END ||
    CASE WHEN jsonb_typeof(line -> 'sizes') = 'object' THEN ' (' || concat_ws(', ', CASE WHEN (line -> 'sizes' ->> 'XS')::integer > 0 THEN (line -> 'sizes' ->> 'XS') || ' XS' END, CASE WHEN (line -> 'sizes' ->> 'S')::integer > 0 THEN (line -> 'sizes' ->> 'S') || ' S' END, CASE WHEN (line -> 'sizes' ->> 'M')::integer > 0 THEN (line -> 'sizes' ->> 'M') || ' M' END, CASE WHEN (line -> 'sizes' ->> 'L')::integer > 0 THEN (line -> 'sizes' ->> 'L') || ' L' END, CASE WHEN (line -> 'sizes' ->> 'XL')::integer > 0 THEN (line -> 'sizes' ->> 'XL') || ' XL' END, CASE WHEN (line -> 'sizes' ->> 'XXL')::integer > 0 THEN (line -> 'sizes' ->> 'XXL') || ' XXL' END, CASE WHEN (line -> 'sizes' ->> '3XL')::integer > 0 THEN (line -> 'sizes' ->> '3XL') || ' 3XL' END) || ')' ELSE '' END,
    ', ' ORDER BY n), '')
  FROM jsonb_array_elements(items) WITH ORDINALITY AS e (line, n));
END
$$;

-- Every insert, and every change of the lines (a line change, a quote's lines, a group order's
-- sizes), writes the summary again; nothing else writes the column.
CREATE OR REPLACE FUNCTION orders_export_items_summary_sv() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.export_items_summary_sv := order_items_summary_sv(NEW.items);
  RETURN NEW;
END;
$$;
CREATE OR REPLACE TRIGGER orders_export_items_summary_sv BEFORE INSERT OR UPDATE OF items, export_items_summary_sv ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_export_items_summary_sv();
