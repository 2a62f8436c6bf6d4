-- The orders export's Swedish items column, stored with each order (issue 47, decision 0087).
--
-- An English reader's export reads the items summary stored at write (export_item_cells, 1840); a
-- Swedish reader's was made from the lines at every export, a lateral aggregate over each order's
-- jsonb lines: about 0.9 s of the database's 3.2 s of CPU per 100 000 exported rows
-- (docs/performance.md, round 4). The column is written by a trigger
-- (functions/0700_order_items_summary_sv.sql: every insert and every change of the lines), not
-- generated: a generated column's function would have to be declared in this migration, and
-- functions live in the functions files from 6100 on. The default only gives the writers' types a
-- value to leave out; the trigger replaces it before the row is stored.
ALTER TABLE orders ADD COLUMN export_items_summary_sv text NOT NULL DEFAULT '';

-- The orders already stored, by the function's expression. As a rewrite of the table (a column's
-- USING, which allows no subquery, hence the session's own function), not an UPDATE: an UPDATE of
-- every order wrote a second version of each row and of its entries in the table's 13 indexes
-- (1 000 000 orders: 187 s and the table twice its size until vacuumed); the rewrite builds the
-- indexes anew (66 s, the same size). A rewrite fires no row triggers. PL/pgSQL keeps the
-- statement's plan for the session; a SQL function reading a set is planned at every call.
CREATE FUNCTION pg_temp.order_items_summary_sv_once(items jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN (SELECT coalesce(string_agg((line ->> 'quantity') || ' × ' ||
    CASE WHEN line ->> 'fee' = 'conversion' THEN 'Konvertering av tryckfil som inte är vektor'
    ELSE coalesce(line -> 'names' ->> 'sv', CASE line ->> 'productId' WHEN 'kuponghäfte' THEN 'Kuponghäfte' WHEN 'klistermärken' THEN 'Klistermärken' WHEN 'tejp' THEN 'Tryckt tejp' WHEN 'halsduk-silke' THEN 'Sidenhalsduk' WHEN 'halsduk-stickad' THEN 'Stickad halsduk' WHEN 'tshirt-bomull' THEN 'T-shirt i bomull' WHEN 'tshirt-polyester' THEN 'T-shirt i polyester' WHEN 'tracktop' THEN 'Track top' WHEN 'hoodie' THEN 'Hoodie' WHEN 'crewneck' THEN 'College-tröja' WHEN 'zip' THEN 'Zip-tröja' WHEN 'baseball-keps' THEN 'Baseballkeps' WHEN 'urvattad-keps' THEN 'Urtvättad keps' WHEN 'keps-med-nat' THEN 'Keps med nät' WHEN 'mossa' THEN 'Mössa' WHEN 'fiskehatt' THEN 'Fiskehatt' WHEN 'becknarväska' THEN 'Midjeväska' END, line ->> 'name') END ||
    CASE WHEN jsonb_typeof(line -> 'sizes') = 'object' THEN ' (' || concat_ws(', ', CASE WHEN (line -> 'sizes' ->> 'XS')::integer > 0 THEN (line -> 'sizes' ->> 'XS') || ' XS' END, CASE WHEN (line -> 'sizes' ->> 'S')::integer > 0 THEN (line -> 'sizes' ->> 'S') || ' S' END, CASE WHEN (line -> 'sizes' ->> 'M')::integer > 0 THEN (line -> 'sizes' ->> 'M') || ' M' END, CASE WHEN (line -> 'sizes' ->> 'L')::integer > 0 THEN (line -> 'sizes' ->> 'L') || ' L' END, CASE WHEN (line -> 'sizes' ->> 'XL')::integer > 0 THEN (line -> 'sizes' ->> 'XL') || ' XL' END, CASE WHEN (line -> 'sizes' ->> 'XXL')::integer > 0 THEN (line -> 'sizes' ->> 'XXL') || ' XXL' END, CASE WHEN (line -> 'sizes' ->> '3XL')::integer > 0 THEN (line -> 'sizes' ->> '3XL') || ' 3XL' END) || ')' ELSE '' END,
    ', ' ORDER BY n), '')
  FROM jsonb_array_elements(items) WITH ORDINALITY AS e (line, n));
END
$$;
ALTER TABLE orders ALTER COLUMN export_items_summary_sv TYPE text USING pg_temp.order_items_summary_sv_once(items);
DROP FUNCTION pg_temp.order_items_summary_sv_once(jsonb);
