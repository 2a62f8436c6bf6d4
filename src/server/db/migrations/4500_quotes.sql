-- Quotes (offerter, issue 40): a price given before anyone commits. A quote is no invoice: it has
-- its own number series (Q-<year>-<seq>), touches no ledger table, and becomes an order (with the
-- order's invoice) only when the buyer accepts it.

-- One counter row per calendar year (Stockholm): Q-2026-0001, Q-2026-0002, ... taken under the
-- row's lock, so two quotes never share a number; a rolled-back quote leaves a harmless gap.
CREATE TABLE quote_counters (
  year integer PRIMARY KEY CHECK (year BETWEEN 2000 AND 9999),
  last_seq integer NOT NULL CHECK (last_seq > 0)
);

CREATE TABLE quotes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quote_number text NOT NULL UNIQUE CHECK (quote_number ~ '^Q-[0-9]{4}-[0-9]{4,9}$'),
  -- draft: staff still writing it; sent: the buyer has it; accepted/declined: the buyer decided.
  -- Expired is no state of its own: a draft or sent quote past valid_until (Stockholm) is expired.
  status text NOT NULL DEFAULT 'sent' CHECK (status IN ('draft', 'sent', 'accepted', 'declined')),
  -- Where it came from: the buyer's cart, or staff in admin.
  source text NOT NULL CHECK (source IN ('cart', 'staff')),
  -- The buyer's language (the quote's page, PDF and emails).
  language text NOT NULL CHECK (language IN ('sv', 'en')),
  -- The customer as the checkout form validates it (the shared checkout schema's output).
  customer jsonb NOT NULL,
  customer_name text NOT NULL,
  customer_email text NOT NULL,
  -- sha256 of the buyer's access token (the token itself is only in the buyer's link).
  access_token_hash text NOT NULL CHECK (access_token_hash ~ '^[0-9a-f]{64}$'),
  current_version integer NOT NULL DEFAULT 1 CHECK (current_version > 0),
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Acceptance: the order it became (one, whatever is clicked twice), who accepted and when.
  accepted_order_number text UNIQUE,
  accept_key_hash text UNIQUE,
  accepted_by text,
  accepted_at timestamptz,
  declined_at timestamptz,
  decline_reason text CHECK (char_length(decline_reason) <= 1000)
);
CREATE INDEX quotes_created_idx ON quotes (created_at DESC, id DESC);

-- Each version as given: its lines with their computed prices, amounts, validity and PDF. A
-- version is never changed: an edit of an open quote adds one (earlier PDFs are kept).
CREATE TABLE quote_versions (
  quote_id bigint NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  valid_until date NOT NULL,
  vat_treatment text NOT NULL CHECK (vat_treatment IN ('domestic', 'reverse_charge', 'export')),
  -- Order lines as an order stores them (orders.items): accepting places exactly these.
  lines jsonb NOT NULL,
  total_amount numeric(14, 2) NOT NULL CHECK (total_amount >= 0),
  ex_vat_amount numeric(14, 2) NOT NULL,
  vat_amount numeric(14, 2) NOT NULL,
  -- EUR at the rate of the quote's day; null: SEK.
  invoice_currency jsonb,
  note text CHECK (char_length(note) <= 2000),
  needed_by date,
  pdf bytea,
  PRIMARY KEY (quote_id, version)
);

-- Links in a quote's emails: each email gets a random token of its own whose hash opens the quote
-- as the buyer's token does (as order_links for orders), so the database never holds a usable token.
CREATE TABLE quote_links (
  token_hash text PRIMARY KEY,
  quote_id bigint NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quote_links_quote_idx ON quote_links (quote_id);

-- A quote's emails go through the outbox like an order's: the row names the quote instead.
ALTER TABLE email_outbox ALTER COLUMN order_id DROP NOT NULL;
ALTER TABLE email_outbox ADD COLUMN quote_id bigint REFERENCES quotes (id) ON DELETE CASCADE;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_order_or_quote
  CHECK ((order_id IS NULL) <> (quote_id IS NULL));
CREATE UNIQUE INDEX email_outbox_quote_kind_ref_idx ON email_outbox (quote_id, kind, coalesce(ref, 0))
  WHERE quote_id IS NOT NULL;

-- The buyer's quote (ref = its version) and the shop's notice of a declined quote. The kinds already
-- allowed are read from the constraint, so another range's migration adding kinds keeps them.
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'email_outbox_kind_check' AND conrelid = 'email_outbox'::regclass;
  ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
  EXECUTE 'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''quote''::text, ''shop_notice_quote_declined''::text, ');
  -- Staff's quote changes (a negotiated price and its reason) in the audit log.
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'audit_events_action_check' AND conrelid = 'audit_events'::regclass;
  ALTER TABLE audit_events DROP CONSTRAINT audit_events_action_check;
  EXECUTE 'ALTER TABLE audit_events ADD CONSTRAINT audit_events_action_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''quote''::text, ');
END;
$$;
