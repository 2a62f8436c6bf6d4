-- Repeatable: applied after the migrations on every start (src/server/db/migrate.ts). The orders
-- export's items column in each language, stored with each order (migrations/6800_export_items_summaries.sql
-- says why). Written by `npm run db:functions` from src/server/db/export-item-cells.ts; do not edit.

CREATE OR REPLACE FUNCTION order_items_summary_sv(items jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (SELECT coalesce(string_agg((line ->> 'quantity') || ' × ' ||
    CASE WHEN line ->> 'fee' = 'conversion' THEN 'Konvertering av tryckfil som inte är vektor'
    ELSE coalesce(line -> 'names' ->> 'sv', CASE line ->> 'productId' WHEN 'kuponghäfte' THEN 'Kuponghäfte' WHEN 'klistermärken' THEN 'Klistermärken' WHEN 'tejp' THEN 'Tryckt tejp' WHEN 'halsduk-silke' THEN 'Sidenhalsduk' WHEN 'halsduk-stickad' THEN 'Stickad halsduk' WHEN 'tshirt-bomull' THEN 'T-shirt i bomull' WHEN 'tshirt-polyester' THEN 'T-shirt i polyester' WHEN 'tracktop' THEN 'Track top' WHEN 'hoodie' THEN 'Hoodie' WHEN 'crewneck' THEN 'College-tröja' WHEN 'zip' THEN 'Zip-tröja' WHEN 'baseball-keps' THEN 'Baseballkeps' WHEN 'urvattad-keps' THEN 'Urtvättad keps' WHEN 'keps-med-nat' THEN 'Keps med nät' WHEN 'mossa' THEN 'Mössa' WHEN 'fiskehatt' THEN 'Fiskehatt' WHEN 'becknarväska' THEN 'Midjeväska' END, line ->> 'name') END ||
    CASE WHEN jsonb_typeof(line -> 'sizes') = 'object' THEN ' (' || concat_ws(', ', CASE WHEN (line -> 'sizes' ->> 'XS')::integer > 0 THEN (line -> 'sizes' ->> 'XS') || ' XS' END, CASE WHEN (line -> 'sizes' ->> 'S')::integer > 0 THEN (line -> 'sizes' ->> 'S') || ' S' END, CASE WHEN (line -> 'sizes' ->> 'M')::integer > 0 THEN (line -> 'sizes' ->> 'M') || ' M' END, CASE WHEN (line -> 'sizes' ->> 'L')::integer > 0 THEN (line -> 'sizes' ->> 'L') || ' L' END, CASE WHEN (line -> 'sizes' ->> 'XL')::integer > 0 THEN (line -> 'sizes' ->> 'XL') || ' XL' END, CASE WHEN (line -> 'sizes' ->> 'XXL')::integer > 0 THEN (line -> 'sizes' ->> 'XXL') || ' XXL' END, CASE WHEN (line -> 'sizes' ->> '3XL')::integer > 0 THEN (line -> 'sizes' ->> '3XL') || ' 3XL' END, CASE WHEN (line -> 'sizes' ->> '98/104')::integer > 0 THEN (line -> 'sizes' ->> '98/104') || ' 98/104' END, CASE WHEN (line -> 'sizes' ->> '110/116')::integer > 0 THEN (line -> 'sizes' ->> '110/116') || ' 110/116' END, CASE WHEN (line -> 'sizes' ->> '122/128')::integer > 0 THEN (line -> 'sizes' ->> '122/128') || ' 122/128' END, CASE WHEN (line -> 'sizes' ->> '134/140')::integer > 0 THEN (line -> 'sizes' ->> '134/140') || ' 134/140' END, CASE WHEN (line -> 'sizes' ->> '146/152')::integer > 0 THEN (line -> 'sizes' ->> '146/152') || ' 146/152' END, CASE WHEN (line -> 'sizes' ->> '158/164')::integer > 0 THEN (line -> 'sizes' ->> '158/164') || ' 158/164' END) || ')' ELSE '' END,
    ', ' ORDER BY n), '')
  FROM jsonb_array_elements(items) WITH ORDINALITY AS e (line, n));
END
$$;

CREATE OR REPLACE FUNCTION order_items_summary_en(items jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (SELECT coalesce(string_agg((line ->> 'quantity') || ' × ' ||
    CASE WHEN line ->> 'fee' = 'conversion' THEN 'Conversion of non-vector print file'
    ELSE coalesce(line -> 'names' ->> 'en', CASE line ->> 'productId' WHEN 'kuponghäfte' THEN 'Coupon Booklet' WHEN 'klistermärken' THEN 'Stickers' WHEN 'tejp' THEN 'Printed Tape' WHEN 'halsduk-silke' THEN 'Silk Scarf' WHEN 'halsduk-stickad' THEN 'Knitted Scarf' WHEN 'tshirt-bomull' THEN 'Cotton T-shirt' WHEN 'tshirt-polyester' THEN 'Polyester T-shirt' WHEN 'tracktop' THEN 'Track Top' WHEN 'hoodie' THEN 'Hoodie' WHEN 'crewneck' THEN 'Crewneck' WHEN 'zip' THEN 'Zip Sweater' WHEN 'baseball-keps' THEN 'Baseball Cap' WHEN 'urvattad-keps' THEN 'Washed Cap' WHEN 'keps-med-nat' THEN 'Trucker Cap' WHEN 'mossa' THEN 'Beanie' WHEN 'fiskehatt' THEN 'Bucket Hat' WHEN 'becknarväska' THEN 'Fanny Pack' END, line ->> 'name') END ||
    CASE WHEN jsonb_typeof(line -> 'sizes') = 'object' THEN ' (' || concat_ws(', ', CASE WHEN (line -> 'sizes' ->> 'XS')::integer > 0 THEN (line -> 'sizes' ->> 'XS') || ' XS' END, CASE WHEN (line -> 'sizes' ->> 'S')::integer > 0 THEN (line -> 'sizes' ->> 'S') || ' S' END, CASE WHEN (line -> 'sizes' ->> 'M')::integer > 0 THEN (line -> 'sizes' ->> 'M') || ' M' END, CASE WHEN (line -> 'sizes' ->> 'L')::integer > 0 THEN (line -> 'sizes' ->> 'L') || ' L' END, CASE WHEN (line -> 'sizes' ->> 'XL')::integer > 0 THEN (line -> 'sizes' ->> 'XL') || ' XL' END, CASE WHEN (line -> 'sizes' ->> 'XXL')::integer > 0 THEN (line -> 'sizes' ->> 'XXL') || ' XXL' END, CASE WHEN (line -> 'sizes' ->> '3XL')::integer > 0 THEN (line -> 'sizes' ->> '3XL') || ' 3XL' END, CASE WHEN (line -> 'sizes' ->> '98/104')::integer > 0 THEN (line -> 'sizes' ->> '98/104') || ' 98/104' END, CASE WHEN (line -> 'sizes' ->> '110/116')::integer > 0 THEN (line -> 'sizes' ->> '110/116') || ' 110/116' END, CASE WHEN (line -> 'sizes' ->> '122/128')::integer > 0 THEN (line -> 'sizes' ->> '122/128') || ' 122/128' END, CASE WHEN (line -> 'sizes' ->> '134/140')::integer > 0 THEN (line -> 'sizes' ->> '134/140') || ' 134/140' END, CASE WHEN (line -> 'sizes' ->> '146/152')::integer > 0 THEN (line -> 'sizes' ->> '146/152') || ' 146/152' END, CASE WHEN (line -> 'sizes' ->> '158/164')::integer > 0 THEN (line -> 'sizes' ->> '158/164') || ' 158/164' END) || ')' ELSE '' END,
    ', ' ORDER BY n), '')
  FROM jsonb_array_elements(items) WITH ORDINALITY AS e (line, n));
END
$$;

-- Every insert, and every change of the lines (a line change, a quote's lines, a group order's
-- sizes), writes the summaries again; nothing else writes the columns.
CREATE OR REPLACE FUNCTION orders_export_items_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.export_items_summary_sv := order_items_summary_sv(NEW.items);
  NEW.export_items_summary_en := order_items_summary_en(NEW.items);
  RETURN NEW;
END;
$$;
CREATE OR REPLACE TRIGGER orders_export_items_summaries BEFORE INSERT OR UPDATE OF items, export_items_summary_sv, export_items_summary_en ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_export_items_summaries();
