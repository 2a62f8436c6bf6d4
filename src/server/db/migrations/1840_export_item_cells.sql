-- The CSV export's item columns, made once when an order is written instead of at every export.
--
-- Each exported order has an items summary ("120 × Hoodie (20 S, 50 M, 50 L), 100 × Coupon
-- Booklet") and one column of pieces per size, made from orders.items. Made in the export query,
-- that was a third of the database's work per exported row (5 of 14 µs: expanding the jsonb lines
-- and some 35 lookups in them), and the export is the database's work. A stored generated column
-- makes them at insert (and at any change of items) and the export reads them as text.
-- order_export_item_cells gives the same text as itemsSummary and sizeColumns in TypeScript
-- (src/server/admin/csv.test.ts compares them); its sizes are sizeCodes in src/shared/sizes.ts.
CREATE FUNCTION order_export_item_cells(items jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY[
    string_agg((line ->> 'quantity') || ' × ' || (line ->> 'name') || CASE WHEN jsonb_typeof(line -> 'sizes') = 'object'
      THEN ' (' || concat_ws(', ',
        CASE WHEN (line -> 'sizes' ->> 'XS')::integer > 0 THEN (line -> 'sizes' ->> 'XS') || ' XS' END,
        CASE WHEN (line -> 'sizes' ->> 'S')::integer > 0 THEN (line -> 'sizes' ->> 'S') || ' S' END,
        CASE WHEN (line -> 'sizes' ->> 'M')::integer > 0 THEN (line -> 'sizes' ->> 'M') || ' M' END,
        CASE WHEN (line -> 'sizes' ->> 'L')::integer > 0 THEN (line -> 'sizes' ->> 'L') || ' L' END,
        CASE WHEN (line -> 'sizes' ->> 'XL')::integer > 0 THEN (line -> 'sizes' ->> 'XL') || ' XL' END,
        CASE WHEN (line -> 'sizes' ->> 'XXL')::integer > 0 THEN (line -> 'sizes' ->> 'XXL') || ' XXL' END,
        CASE WHEN (line -> 'sizes' ->> '3XL')::integer > 0 THEN (line -> 'sizes' ->> '3XL') || ' 3XL' END) || ')'
      ELSE '' END, ', ' ORDER BY n),
    coalesce(sum((line -> 'sizes' ->> 'XS')::integer), 0)::text,
    coalesce(sum((line -> 'sizes' ->> 'S')::integer), 0)::text,
    coalesce(sum((line -> 'sizes' ->> 'M')::integer), 0)::text,
    coalesce(sum((line -> 'sizes' ->> 'L')::integer), 0)::text,
    coalesce(sum((line -> 'sizes' ->> 'XL')::integer), 0)::text,
    coalesce(sum((line -> 'sizes' ->> 'XXL')::integer), 0)::text,
    coalesce(sum((line -> 'sizes' ->> '3XL')::integer), 0)::text
  ]
  FROM jsonb_array_elements(items) WITH ORDINALITY AS e (line, n)
$$;

ALTER TABLE orders ADD COLUMN export_item_cells text[] NOT NULL
  GENERATED ALWAYS AS (order_export_item_cells(items)) STORED;
