-- EU distance sales taxed in the buyer's country (One Stop Shop, issue 42): a fourth VAT treatment,
-- 'oss', for orders, their documents and quote versions (Mervärdesskattelagen 2023:200 6 kap. 8 §
-- and 62–64 §§, 22 kap.; src/shared/invoicing/vat-treatment.ts). The treatments already allowed are
-- read from each constraint, so another migration adding one keeps it (the pattern of 4500_quotes).
DO $$
DECLARE
  target record;
  definition text;
BEGIN
  FOR target IN
    SELECT * FROM (VALUES
      ('orders', 'orders_vat_treatment_check'),
      ('documents', 'documents_vat_treatment_check'),
      ('quote_versions', 'quote_versions_vat_treatment_check')
    ) AS t (table_name, constraint_name)
  LOOP
    SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
      WHERE conname = target.constraint_name AND conrelid = target.table_name::regclass;
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', target.table_name, target.constraint_name);
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I ', target.table_name, target.constraint_name)
      || replace(definition, 'ARRAY[', 'ARRAY[''oss''::text, ');
  END LOOP;
END;
$$;
