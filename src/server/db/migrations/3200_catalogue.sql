-- The catalogue in the database (issue 29): one row per product, everything about it in one JSONB
-- record (names and descriptions in both languages, tiers as exact decimal strings, colours,
-- choices, facts), validated by src/shared/catalogue-schema.ts before it is written. The shop seeds
-- it from src/shared/catalogue-seed.ts at first start; from then on the owner keeps it in admin.
-- Every save raises the row's version: instances compare the sum of versions to see a change.
CREATE TABLE catalogue_products (
  id text PRIMARY KEY CHECK (char_length(id) BETWEEN 1 AND 60),
  record jsonb NOT NULL,
  visible boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL,
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catalogue_products_sort_idx ON catalogue_products (sort_order, id);
