-- Erasure of a buyer's personal data (issue 43, docs/accounts.md, decision 0071).
-- The language the buyer asked in: the email that says it is done is written in it.
ALTER TABLE privacy_requests ADD COLUMN locale text NOT NULL DEFAULT 'sv';
ALTER TABLE privacy_requests ADD CONSTRAINT privacy_requests_locale_check CHECK (locale IN ('sv', 'en'));

-- The "done" email goes through the outbox: the row names the request, whose address is replaced
-- by its sha256 once the email is sent. The row's one subject and the kinds are read from the
-- constraints and extended, so another range's migration adding its own keeps them.
ALTER TABLE email_outbox ADD COLUMN privacy_request_id bigint
  REFERENCES privacy_requests (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX email_outbox_privacy_request_idx ON email_outbox (privacy_request_id)
  WHERE privacy_request_id IS NOT NULL;
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'email_outbox_one_subject' AND conrelid = 'email_outbox'::regclass;
  ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_one_subject;
  EXECUTE 'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_one_subject '
    || replace(definition, 'num_nonnulls(', 'num_nonnulls(privacy_request_id, ');
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'email_outbox_kind_check' AND conrelid = 'email_outbox'::regclass;
  ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
  EXECUTE 'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''privacy_erasure_done''::text, ');
  -- Staff linking and unlinking people of a company account, in the audit log.
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'audit_events_action_check' AND conrelid = 'audit_events'::regclass;
  ALTER TABLE audit_events DROP CONSTRAINT audit_events_action_check;
  EXECUTE 'ALTER TABLE audit_events ADD CONSTRAINT audit_events_action_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''company_people''::text, ');
END;
$$;
