-- The orders export's items column in each language, stored with each order (issue 47, decision 0087).
--
-- The export made the Swedish summary from the lines at every export, a lateral aggregate over each
-- order's jsonb lines: about 0.9 s of the database's 3.2 s of CPU per 100 000 exported rows
-- (docs/performance.md, round 4). The English one was stored (export_item_cells, 1840) but named
-- only the adults' sizes: a line in children's sizes read "30 × Hoodie ()" where the admin's pages
-- say "30 × Hoodie (10 110/116, 20 122/128)". Both are now written by a trigger
-- (functions/0700_order_items_summaries.sql: every insert and every change of the lines), not
-- generated: a generated column's function would have to be declared in this migration, and
-- functions live in the functions files from 6100 on. The defaults only give the writers' types a
-- value to leave out; the trigger replaces them before the row is stored.
ALTER TABLE orders ADD COLUMN export_items_summary_sv text NOT NULL DEFAULT '',
  ADD COLUMN export_items_summary_en text NOT NULL DEFAULT '';

-- The orders already stored, by the functions' expressions. As one rewrite of the table (the
-- columns' USING, which allows no subquery, hence the session's own functions), not an UPDATE: an
-- UPDATE of every order wrote a second version of each row and of its entries in the table's 13
-- indexes (1 000 000 orders: 187 s for one column, and the table twice its size until vacuumed);
-- the rewrite builds the indexes anew (66 s, the same size). A rewrite fires no row triggers.
-- PL/pgSQL keeps the statement's plan for the session; a SQL function reading a set is planned at
-- every call.
CREATE FUNCTION pg_temp.order_items_summary_sv_once(items jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN (SELECT coalesce(string_agg((line ->> 'quantity') || ' × ' ||
    CASE WHEN line ->> 'fee' = 'conversion' THEN 'Konvertering av tryckfil som inte är vektor'
    ELSE coalesce(line -> 'names' ->> 'sv', CASE line ->> 'productId' WHEN 'kuponghäfte' THEN 'Kuponghäfte' WHEN 'klistermärken' THEN 'Klistermärken' WHEN 'tejp' THEN 'Tryckt tejp' WHEN 'halsduk-silke' THEN 'Sidenhalsduk' WHEN 'halsduk-stickad' THEN 'Stickad halsduk' WHEN 'tshirt-bomull' THEN 'T-shirt i bomull' WHEN 'tshirt-polyester' THEN 'T-shirt i polyester' WHEN 'tracktop' THEN 'Track top' WHEN 'hoodie' THEN 'Hoodie' WHEN 'crewneck' THEN 'College-tröja' WHEN 'zip' THEN 'Zip-tröja' WHEN 'baseball-keps' THEN 'Baseballkeps' WHEN 'urvattad-keps' THEN 'Urtvättad keps' WHEN 'keps-med-nat' THEN 'Keps med nät' WHEN 'mossa' THEN 'Mössa' WHEN 'fiskehatt' THEN 'Fiskehatt' WHEN 'becknarväska' THEN 'Midjeväska' END, line ->> 'name') END ||
    CASE WHEN jsonb_typeof(line -> 'sizes') = 'object' THEN ' (' || concat_ws(', ', CASE WHEN (line -> 'sizes' ->> 'XS')::integer > 0 THEN (line -> 'sizes' ->> 'XS') || ' XS' END, CASE WHEN (line -> 'sizes' ->> 'S')::integer > 0 THEN (line -> 'sizes' ->> 'S') || ' S' END, CASE WHEN (line -> 'sizes' ->> 'M')::integer > 0 THEN (line -> 'sizes' ->> 'M') || ' M' END, CASE WHEN (line -> 'sizes' ->> 'L')::integer > 0 THEN (line -> 'sizes' ->> 'L') || ' L' END, CASE WHEN (line -> 'sizes' ->> 'XL')::integer > 0 THEN (line -> 'sizes' ->> 'XL') || ' XL' END, CASE WHEN (line -> 'sizes' ->> 'XXL')::integer > 0 THEN (line -> 'sizes' ->> 'XXL') || ' XXL' END, CASE WHEN (line -> 'sizes' ->> '3XL')::integer > 0 THEN (line -> 'sizes' ->> '3XL') || ' 3XL' END, CASE WHEN (line -> 'sizes' ->> '98/104')::integer > 0 THEN (line -> 'sizes' ->> '98/104') || ' 98/104' END, CASE WHEN (line -> 'sizes' ->> '110/116')::integer > 0 THEN (line -> 'sizes' ->> '110/116') || ' 110/116' END, CASE WHEN (line -> 'sizes' ->> '122/128')::integer > 0 THEN (line -> 'sizes' ->> '122/128') || ' 122/128' END, CASE WHEN (line -> 'sizes' ->> '134/140')::integer > 0 THEN (line -> 'sizes' ->> '134/140') || ' 134/140' END, CASE WHEN (line -> 'sizes' ->> '146/152')::integer > 0 THEN (line -> 'sizes' ->> '146/152') || ' 146/152' END, CASE WHEN (line -> 'sizes' ->> '158/164')::integer > 0 THEN (line -> 'sizes' ->> '158/164') || ' 158/164' END) || ')' ELSE '' END,
    ', ' ORDER BY n), '')
  FROM jsonb_array_elements(items) WITH ORDINALITY AS e (line, n));
END
$$;
CREATE FUNCTION pg_temp.order_items_summary_en_once(items jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN (SELECT coalesce(string_agg((line ->> 'quantity') || ' × ' ||
    CASE WHEN line ->> 'fee' = 'conversion' THEN 'Conversion of non-vector print file'
    ELSE coalesce(line -> 'names' ->> 'en', CASE line ->> 'productId' WHEN 'kuponghäfte' THEN 'Coupon Booklet' WHEN 'klistermärken' THEN 'Stickers' WHEN 'tejp' THEN 'Printed Tape' WHEN 'halsduk-silke' THEN 'Silk Scarf' WHEN 'halsduk-stickad' THEN 'Knitted Scarf' WHEN 'tshirt-bomull' THEN 'Cotton T-shirt' WHEN 'tshirt-polyester' THEN 'Polyester T-shirt' WHEN 'tracktop' THEN 'Track Top' WHEN 'hoodie' THEN 'Hoodie' WHEN 'crewneck' THEN 'Crewneck' WHEN 'zip' THEN 'Zip Sweater' WHEN 'baseball-keps' THEN 'Baseball Cap' WHEN 'urvattad-keps' THEN 'Washed Cap' WHEN 'keps-med-nat' THEN 'Trucker Cap' WHEN 'mossa' THEN 'Beanie' WHEN 'fiskehatt' THEN 'Bucket Hat' WHEN 'becknarväska' THEN 'Fanny Pack' END, line ->> 'name') END ||
    CASE WHEN jsonb_typeof(line -> 'sizes') = 'object' THEN ' (' || concat_ws(', ', CASE WHEN (line -> 'sizes' ->> 'XS')::integer > 0 THEN (line -> 'sizes' ->> 'XS') || ' XS' END, CASE WHEN (line -> 'sizes' ->> 'S')::integer > 0 THEN (line -> 'sizes' ->> 'S') || ' S' END, CASE WHEN (line -> 'sizes' ->> 'M')::integer > 0 THEN (line -> 'sizes' ->> 'M') || ' M' END, CASE WHEN (line -> 'sizes' ->> 'L')::integer > 0 THEN (line -> 'sizes' ->> 'L') || ' L' END, CASE WHEN (line -> 'sizes' ->> 'XL')::integer > 0 THEN (line -> 'sizes' ->> 'XL') || ' XL' END, CASE WHEN (line -> 'sizes' ->> 'XXL')::integer > 0 THEN (line -> 'sizes' ->> 'XXL') || ' XXL' END, CASE WHEN (line -> 'sizes' ->> '3XL')::integer > 0 THEN (line -> 'sizes' ->> '3XL') || ' 3XL' END, CASE WHEN (line -> 'sizes' ->> '98/104')::integer > 0 THEN (line -> 'sizes' ->> '98/104') || ' 98/104' END, CASE WHEN (line -> 'sizes' ->> '110/116')::integer > 0 THEN (line -> 'sizes' ->> '110/116') || ' 110/116' END, CASE WHEN (line -> 'sizes' ->> '122/128')::integer > 0 THEN (line -> 'sizes' ->> '122/128') || ' 122/128' END, CASE WHEN (line -> 'sizes' ->> '134/140')::integer > 0 THEN (line -> 'sizes' ->> '134/140') || ' 134/140' END, CASE WHEN (line -> 'sizes' ->> '146/152')::integer > 0 THEN (line -> 'sizes' ->> '146/152') || ' 146/152' END, CASE WHEN (line -> 'sizes' ->> '158/164')::integer > 0 THEN (line -> 'sizes' ->> '158/164') || ' 158/164' END) || ')' ELSE '' END,
    ', ' ORDER BY n), '')
  FROM jsonb_array_elements(items) WITH ORDINALITY AS e (line, n));
END
$$;
ALTER TABLE orders
  ALTER COLUMN export_items_summary_sv TYPE text USING pg_temp.order_items_summary_sv_once(items),
  ALTER COLUMN export_items_summary_en TYPE text USING pg_temp.order_items_summary_en_once(items);
DROP FUNCTION pg_temp.order_items_summary_sv_once(jsonb);
DROP FUNCTION pg_temp.order_items_summary_en_once(jsonb);
