-- The shop's notice that a buyer cancelled their order on the order page (ref = the status event).
-- The kinds already allowed are read from the constraint, so another range's migration adding
-- kinds keeps them.
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'email_outbox_kind_check' AND conrelid = 'email_outbox'::regclass;
  ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
  EXECUTE 'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''shop_notice_cancelled''::text, ');
END;
$$;
