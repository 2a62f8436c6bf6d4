-- Quotes' housekeeping (issue 40): a round emails the buyer once, a few days before a sent quote's
-- last valid day (QUOTE_REMINDER_DAYS), and marks a draft or sent quote expired after that day
-- (Europe/Stockholm). Expand only: the previous release ignores the column and never queues the
-- new kind, so it keeps working on a database this migration changed (docs/operations.md).

-- When housekeeping found the quote past its current version's last valid day; null while it is
-- open. A new version (staff give a new validity) clears it again.
ALTER TABLE quotes ADD COLUMN expired_at timestamptz;
-- The version whose reminder before expiry was queued: one reminder per version, whichever instance
-- takes it (the row's update decides).
ALTER TABLE quotes ADD COLUMN expiry_reminded_version integer;
-- The round looks only at open quotes nobody has marked yet.
CREATE INDEX quotes_open_idx ON quotes (id) WHERE status IN ('draft', 'sent') AND expired_at IS NULL;

-- The buyer's reminder before a quote expires (ref = the version it reminds of: one per version).
-- The kinds already allowed are read from the constraint, so another range's kinds survive.
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'email_outbox_kind_check' AND conrelid = 'email_outbox'::regclass;
  ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
  EXECUTE 'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''quote_expiry_reminder''::text, ');
END;
$$;
