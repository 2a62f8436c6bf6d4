-- Reminders (påminnelser), disputed invoices and customer statements (issue 26).

-- A reminder is a document of its own (kind 'reminder', number PAM-<seq> from the one series).
-- Its amounts are what it charges besides the invoice it reminds of: förseningsersättning or a
-- reminder fee, and dröjsmålsränta up to its day, without VAT (compensation and interest are no
-- consideration for a supply). Zero when it charges nothing (an individual whose terms set no fee).
ALTER TABLE documents DROP CONSTRAINT documents_kind_check;
ALTER TABLE documents ADD CONSTRAINT documents_kind_check
  CHECK (kind IN ('invoice', 'supplementary_invoice', 'credit_note', 'reminder'));
ALTER TABLE documents DROP CONSTRAINT documents_sign;
ALTER TABLE documents ADD CONSTRAINT documents_sign CHECK (
  CASE WHEN kind = 'credit_note' THEN total < 0 WHEN kind = 'reminder' THEN total >= 0 ELSE total > 0 END);

-- What each reminder charged, and for which invoice. interest_until: interest on the invoice is
-- charged up to and including this day; the next reminder charges from the day after.
CREATE TABLE reminders (
  document_id bigint PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
  invoice_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  -- The step of the automatic schedule that sent it (1 = REMINDER_SCHEDULE_DAYS' first); null: by hand.
  step integer CHECK (step > 0),
  fee_kind text CHECK (fee_kind IN ('late_payment_compensation', 'reminder_fee')),
  fee numeric(14, 2) NOT NULL DEFAULT 0,
  interest numeric(14, 2) NOT NULL DEFAULT 0,
  interest_until date NOT NULL,
  sent_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reminders_invoice_idx ON reminders (invoice_id, document_id);
-- The schedule never sends two reminders for one step of one invoice, whatever runs at once.
CREATE UNIQUE INDEX reminders_invoice_step_idx ON reminders (invoice_id, step) WHERE step IS NOT NULL;
-- One fee per invoice: förseningsersättning once per claim (lag 1981:739, 4 a §), which 4 b §
-- counts against any reminder fee; an individual's reminder fee once too (the cautious reading).
CREATE UNIQUE INDEX reminders_one_fee_idx ON reminders (invoice_id) WHERE fee_kind IS NOT NULL;

-- An invoice the buyer disputes (bestrider): no reminder while a dispute is open. Lifting it keeps
-- the row (who, when); a new dispute is a new row. Both are in audit_events too.
CREATE TABLE invoice_disputes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  note text NOT NULL CHECK (char_length(note) BETWEEN 1 AND 1000),
  opened_by text NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT now(),
  lifted_by text,
  lifted_at timestamptz
);
CREATE UNIQUE INDEX invoice_disputes_open_idx ON invoice_disputes (invoice_id) WHERE lifted_at IS NULL;

-- A customer statement (kontoutdrag) sent by email: the PDF as sent, to whom. The outbox row points
-- at it (ref) through the customer's latest order (email_outbox.order_id is required).
CREATE TABLE customer_statements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id text NOT NULL,
  as_of date NOT NULL,
  language text NOT NULL CHECK (language IN ('sv', 'en')),
  email text NOT NULL,
  pdf bytea NOT NULL,
  sent_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The buyer's reminder (ref = the reminder's document) and the customer's statement (ref = the
-- statement). The kinds already allowed are read from the constraint itself, so a migration of
-- another range that adds kinds too keeps them, whichever runs first.
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'email_outbox_kind_check' AND conrelid = 'email_outbox'::regclass;
  ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
  EXECUTE 'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''reminder''::text, ''statement''::text, ');
END;
$$;
