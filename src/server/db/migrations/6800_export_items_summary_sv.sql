-- The orders export's Swedish items column, stored with each order (issue 47, decision 0087).
--
-- An English reader's export reads the items summary stored at write (export_item_cells, 1840); a
-- Swedish reader's was made from the lines at every export, a lateral aggregate over each order's
-- jsonb lines that was a third of the database's CPU per exported row (docs/performance.md, round 4:
-- 3.2 s against 2.3 s per 100 000 rows). The column is written by a trigger
-- (functions/0700_order_items_summary_sv.sql: every insert and every change of the lines), not
-- generated: a generated column's function would have to be declared in this migration, and
-- functions live in the functions files from 6100 on. The default only gives the writers' types a
-- value to leave out; the trigger replaces it before the row is stored.
ALTER TABLE orders ADD COLUMN export_items_summary_sv text NOT NULL DEFAULT '';

-- The orders already stored, with the same expression as the function. The orders' own triggers
-- (the dashboard's totals, the customer register) have nothing to do with a summary: without them,
-- one pass over the table instead of a second one over its transition tables.
ALTER TABLE orders DISABLE TRIGGER USER;
UPDATE orders SET export_items_summary_sv = (SELECT coalesce(string_agg((line ->> 'quantity') || ' × ' ||
    CASE WHEN line ->> 'fee' = 'conversion' THEN 'Konvertering av tryckfil som inte är vektor'
    ELSE coalesce(line -> 'names' ->> 'sv', CASE line ->> 'productId' WHEN 'kuponghäfte' THEN 'Kuponghäfte' WHEN 'klistermärken' THEN 'Klistermärken' WHEN 'tejp' THEN 'Tryckt tejp' WHEN 'halsduk-silke' THEN 'Sidenhalsduk' WHEN 'halsduk-stickad' THEN 'Stickad halsduk' WHEN 'tshirt-bomull' THEN 'T-shirt i bomull' WHEN 'tshirt-polyester' THEN 'T-shirt i polyester' WHEN 'tracktop' THEN 'Track top' WHEN 'hoodie' THEN 'Hoodie' WHEN 'crewneck' THEN 'College-tröja' WHEN 'zip' THEN 'Zip-tröja' WHEN 'baseball-keps' THEN 'Baseballkeps' WHEN 'urvattad-keps' THEN 'Urtvättad keps' WHEN 'keps-med-nat' THEN 'Keps med nät' WHEN 'mossa' THEN 'Mössa' WHEN 'fiskehatt' THEN 'Fiskehatt' WHEN 'becknarväska' THEN 'Midjeväska' END, line ->> 'name') END ||
    CASE WHEN jsonb_typeof(line -> 'sizes') = 'object' THEN ' (' || concat_ws(', ', CASE WHEN (line -> 'sizes' ->> 'XS')::integer > 0 THEN (line -> 'sizes' ->> 'XS') || ' XS' END, CASE WHEN (line -> 'sizes' ->> 'S')::integer > 0 THEN (line -> 'sizes' ->> 'S') || ' S' END, CASE WHEN (line -> 'sizes' ->> 'M')::integer > 0 THEN (line -> 'sizes' ->> 'M') || ' M' END, CASE WHEN (line -> 'sizes' ->> 'L')::integer > 0 THEN (line -> 'sizes' ->> 'L') || ' L' END, CASE WHEN (line -> 'sizes' ->> 'XL')::integer > 0 THEN (line -> 'sizes' ->> 'XL') || ' XL' END, CASE WHEN (line -> 'sizes' ->> 'XXL')::integer > 0 THEN (line -> 'sizes' ->> 'XXL') || ' XXL' END, CASE WHEN (line -> 'sizes' ->> '3XL')::integer > 0 THEN (line -> 'sizes' ->> '3XL') || ' 3XL' END) || ')' ELSE '' END,
    ', ' ORDER BY n), '')
  FROM jsonb_array_elements(orders.items) WITH ORDINALITY AS e (line, n));
ALTER TABLE orders ENABLE TRIGGER USER;
