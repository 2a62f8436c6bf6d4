-- Buyer accounts by email link (issue 43, docs/accounts.md).

-- One request for a sign-in link; the token is made when the email is sent and only its sha256 kept.
CREATE TABLE account_sign_in_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  locale text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  token_hash text UNIQUE,
  expires_at timestamptz,
  used_at timestamptz,
  CONSTRAINT account_sign_in_links_locale_check CHECK (locale IN ('sv', 'en')),
  CONSTRAINT account_sign_in_links_email_check CHECK (char_length(email) <= 255),
  CONSTRAINT account_sign_in_links_token_hash_check CHECK (token_hash ~ '^[0-9a-f]{64}$')
);
CREATE INDEX account_sign_in_links_created_idx ON account_sign_in_links (created_at);

-- A signed-in browser: the cookie's token hashed, the address its link proved, 30 days at most.
CREATE TABLE account_sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  CONSTRAINT account_sessions_token_hash_check CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  CONSTRAINT account_sessions_email_check CHECK (email = lower(email))
);
CREATE INDEX account_sessions_email_idx ON account_sessions (email);

-- The sign-in email goes through the outbox like an order's or a quote's: the row names the link.
ALTER TABLE email_outbox ADD COLUMN account_link_id bigint
  REFERENCES account_sign_in_links (id) ON DELETE CASCADE;
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_order_or_quote;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_one_subject
  CHECK (num_nonnulls(order_id, quote_id, account_link_id) = 1);
CREATE UNIQUE INDEX email_outbox_account_link_idx ON email_outbox (account_link_id)
  WHERE account_link_id IS NOT NULL;

-- The sign-in link's email. The kinds already allowed are read from the constraint, so another
-- range's migration adding kinds keeps them.
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'email_outbox_kind_check' AND conrelid = 'email_outbox'::regclass;
  ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
  EXECUTE 'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''account_sign_in''::text, ');
END;
$$;
