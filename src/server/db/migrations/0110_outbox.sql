-- Email outbox (issue: checkout). Written in the order's transaction; a worker sends the rows.
-- Rows are claimed with FOR UPDATE SKIP LOCKED and a lease (next_attempt_at moves forward), so
-- several app instances never send one row at the same time, and a crashed sender's row is retried.
CREATE TABLE email_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id),
  kind text NOT NULL CHECK (kind IN ('buyer_confirmation', 'shop_notice')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (order_id, kind)
);

CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at, id) WHERE status = 'pending';
