-- Notes and messages on an order (issue 41).
-- Staff's internal notes: who, when, and whether the job ticket carries it. Never the buyer's.
CREATE TABLE order_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id),
  text text NOT NULL,
  for_production boolean NOT NULL DEFAULT false,
  written_by bigint NOT NULL REFERENCES staff (id),
  written_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT order_notes_text_check CHECK (char_length(text) BETWEEN 1 AND 2000)
);
CREATE INDEX order_notes_order_idx ON order_notes (order_id, id);

-- The thread with the buyer: the buyer's messages and the shop's answers (with who wrote them).
CREATE TABLE order_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id),
  author text NOT NULL,
  text text NOT NULL,
  staff_id bigint REFERENCES staff (id),
  written_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT order_messages_author_check CHECK (author IN ('buyer', 'shop')),
  CONSTRAINT order_messages_text_check CHECK (char_length(text) BETWEEN 1 AND 2000),
  CONSTRAINT order_messages_shop_has_staff CHECK ((author = 'shop') = (staff_id IS NOT NULL))
);
CREATE INDEX order_messages_order_idx ON order_messages (order_id, id);

-- The blanks list's mark: staff have ordered this job's blanks (production domain).
CREATE TABLE blanks_ordered (
  order_id bigint PRIMARY KEY REFERENCES orders (id),
  marked_by bigint NOT NULL REFERENCES staff (id),
  marked_at timestamptz NOT NULL DEFAULT now()
);

-- Emails: the buyer told of the shop's message, the shop of the buyer's (ref = the message; no
-- text in either), and the buyer told of a refund (ref = the payment). The kinds already allowed
-- are read from the constraint, so another range's migration adding kinds keeps them.
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'email_outbox_kind_check' AND conrelid = 'email_outbox'::regclass;
  ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
  EXECUTE 'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''message_to_buyer''::text, ''shop_notice_message''::text, ''refund''::text, ');
END;
$$;
