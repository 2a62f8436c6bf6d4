-- Repeatable: applied after the migrations on every start (src/server/db/migrate.ts). The orders
-- export's items column and size sums, the expression of orders.export_item_cells (a stored
-- generated column: replacing the function changes no stored value). History: 1840, 1850.

-- order_export_item_cells (1840) in PL/pgSQL, with the same body and the same answer.
--
-- A SQL function that reads a set (jsonb_array_elements) is not inlined, so as the expression of
-- orders.export_item_cells it was planned anew by every INSERT: measured with 3 000 single-row
-- inserts on PostgreSQL, 130 µs an insert against 55 µs in PL/pgSQL, which keeps the plan for
-- the session. Checkouts pay it on every order; the stored values do not change.
CREATE OR REPLACE FUNCTION order_export_item_cells(items jsonb) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (
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
  );
END
$$;
