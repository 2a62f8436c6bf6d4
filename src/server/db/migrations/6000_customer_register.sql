-- The customer register, personal data requests and saved delivery addresses (issue 43,
-- docs/customers.md, docs/accounts.md).

-- The customer an order belongs to, as the customer ledger has always computed it
-- (src/server/customers/ledger.ts): a company by country and organisation number, else an individual
-- by personnummer, else by email address. Stored so the register groups orders by an indexed column
-- instead of running three regular expressions per order per page.
ALTER TABLE orders ADD COLUMN customer_key text GENERATED ALWAYS AS (CASE
    WHEN customer_type = 'company' AND coalesce(customer_org_number, '') <> ''
      THEN 'org:' || country_code || ':' || upper(regexp_replace(customer_org_number, '[^0-9A-Za-z]', '', 'g'))
    WHEN coalesce(customer_personal_number, '') <> ''
      THEN 'pnr:' || regexp_replace(customer_personal_number, '[^0-9]', '', 'g')
    ELSE 'email:' || lower(customer_email) END) STORED;
CREATE INDEX orders_customer_key_idx ON orders (customer_key, order_date DESC);

-- A customer's quotes are the quotes made for one of its orders' addresses.
CREATE INDEX quotes_customer_email_idx ON quotes (lower(customer_email));

-- Staff's notes on a customer (the register's id: a hash of customer_key, never a personnummer).
CREATE TABLE customer_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id text NOT NULL,
  body text NOT NULL,
  staff_id bigint NOT NULL REFERENCES staff (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT customer_notes_customer_id_check CHECK (customer_id ~ '^[0-9a-f]{24}$'),
  CONSTRAINT customer_notes_body_check CHECK (char_length(body) BETWEEN 1 AND 2000)
);
CREATE INDEX customer_notes_customer_idx ON customer_notes (customer_id, id);

-- Delivery addresses a signed-in buyer saved on the account page (the address in lower case).
CREATE TABLE account_addresses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  label text NOT NULL,
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT account_addresses_email_check CHECK (email = lower(email) AND char_length(email) <= 255),
  CONSTRAINT account_addresses_label_check CHECK (char_length(label) <= 60),
  CONSTRAINT account_addresses_address_check CHECK (char_length(address) BETWEEN 1 AND 300)
);
CREATE INDEX account_addresses_email_idx ON account_addresses (email, id);

-- A buyer's request to erase their personal data. Once carried out the address is replaced by its
-- sha256: the shop can show it did what was asked without keeping who asked.
CREATE TABLE privacy_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  completed_by bigint REFERENCES staff (id),
  outcome jsonb,
  CONSTRAINT privacy_requests_email_check CHECK (char_length(email) <= 255),
  CONSTRAINT privacy_requests_completed_check CHECK ((completed_at IS NULL) = (outcome IS NULL))
);
CREATE UNIQUE INDEX privacy_requests_open_idx ON privacy_requests (email) WHERE completed_at IS NULL;
CREATE INDEX privacy_requests_requested_idx ON privacy_requests (requested_at DESC, id DESC);

-- A staff note on a customer and an erasure carried out, in the audit log. The actions already
-- allowed are read from the constraint, so another range's migration adding actions keeps them.
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'audit_events_action_check' AND conrelid = 'audit_events'::regclass;
  ALTER TABLE audit_events DROP CONSTRAINT audit_events_action_check;
  EXECUTE 'ALTER TABLE audit_events ADD CONSTRAINT audit_events_action_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''customer_note''::text, ''privacy_erasure''::text, ');
END;
$$;
