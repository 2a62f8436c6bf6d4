-- A member's receipt of their own group-order entry (issue 44, decision 0051): the address they
-- left, the language they filled in, and the hash of the link's token, made when the email is sent.
-- Removing the entry removes its receipt (and an unsent email with it).
CREATE TABLE group_entry_receipts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id uuid NOT NULL REFERENCES group_order_entries (id) ON DELETE CASCADE,
  email text NOT NULL,
  locale text NOT NULL,
  token_hash text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT group_entry_receipts_email_check CHECK (char_length(email) <= 255),
  CONSTRAINT group_entry_receipts_locale_check CHECK (locale IN ('sv', 'en')),
  CONSTRAINT group_entry_receipts_token_hash_check CHECK (token_hash ~ '^[0-9a-f]{64}$')
);
CREATE INDEX group_entry_receipts_entry_idx ON group_entry_receipts (entry_id);

-- The receipt goes through the outbox: the row names the receipt. The row's one subject is read
-- from the constraint and this column added to it, so another range's migration adding a subject
-- keeps its own; likewise the kinds.
ALTER TABLE email_outbox ADD COLUMN group_receipt_id bigint
  REFERENCES group_entry_receipts (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX email_outbox_group_receipt_idx ON email_outbox (group_receipt_id)
  WHERE group_receipt_id IS NOT NULL;
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'email_outbox_one_subject' AND conrelid = 'email_outbox'::regclass;
  ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_one_subject;
  EXECUTE 'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_one_subject '
    || replace(definition, 'num_nonnulls(', 'num_nonnulls(group_receipt_id, ');
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'email_outbox_kind_check' AND conrelid = 'email_outbox'::regclass;
  ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
  EXECUTE 'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''group_entry_receipt''::text, ');
END;
$$;
