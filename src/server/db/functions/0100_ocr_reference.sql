-- Repeatable: applied after the migrations on every start (src/server/db/migrate.ts), so this file
-- is the function's one current definition. First made in migrations/2000_ledger.sql.

-- The OCR payment reference of an invoice number's digits (length digit + Luhn check digit), the
-- same as ocrReference() in src/shared/invoicing/ocr-reference.ts (ledger.test.ts compares them):
-- the checkout's statement numbers its invoices, so it computes their OCR here too.
CREATE OR REPLACE FUNCTION ocr_reference(base text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  with_length text := base || ((length(base) + 2) % 10)::text;
  n integer := length(with_length);
  total integer := 0;
  digit integer;
BEGIN
  FOR i IN 1..n LOOP
    digit := substr(with_length, n - i + 1, 1)::integer;
    -- The check digit will stand rightmost, so the digit just left of it is doubled, and every second one on.
    IF i % 2 = 1 THEN
      digit := digit * 2;
      IF digit > 9 THEN digit := digit - 9; END IF;
    END IF;
    total := total + digit;
  END LOOP;
  RETURN with_length || ((10 - total % 10) % 10)::text;
END;
$$;

-- Every invoice, supplementary invoice and credit note the shop issued. Numbers come from the one
