-- The customiser images each order prints, indexed (issue 43's design library, decision 0077):
-- checkout asks whether an image an order names is already another buyer's, which without this
-- index would read every order's lines. The expression is orders/reuse.ts's orderImageIdsSql.
CREATE INDEX IF NOT EXISTS orders_print_upload_ids_idx ON orders
  USING gin (jsonb_path_query_array(items, '$[*]."customisation"."prints"[*]."uploadId"'));
