-- Orders (issue: checkout). Money is numeric(14,2): exact kronor and öre.
CREATE TABLE orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- INV-<milliseconds>; unique and strictly increasing (see invoice_counter).
  order_number text NOT NULL UNIQUE,
  invoice_seq bigint NOT NULL UNIQUE,
  customer_type text NOT NULL CHECK (customer_type IN ('personal', 'company')),
  customer_name text NOT NULL,
  customer_email text NOT NULL,
  customer_phone text NOT NULL,
  -- Company name, or null for individuals (SPEC §3).
  customer_organization text,
  customer_org_number text,
  customer_personal_number text,
  -- Address plus country name, as SPEC §3 stores it; the parts are kept too.
  customer_address text NOT NULL,
  delivery_address text NOT NULL,
  country_code text NOT NULL,
  -- Priced lines as the server computed them: [{ productId, name, quantity, unitPrice, lineTotal, customisation? }]
  items jsonb NOT NULL,
  total_amount numeric(14, 2) NOT NULL CHECK (total_amount > 0),
  ex_vat_amount numeric(14, 2) NOT NULL,
  vat_amount numeric(14, 2) NOT NULL,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'paid', 'in_production', 'shipped', 'cancelled')),
  status_changed_at timestamptz NOT NULL DEFAULT now(),
  order_date timestamptz NOT NULL DEFAULT now(),
  idempotency_key text NOT NULL UNIQUE,
  -- sha256 of the request, so a reused key with a different order is refused.
  request_hash text NOT NULL,
  -- sha256 of the buyer's access token; the token itself is never stored.
  access_token_hash text NOT NULL
);

CREATE INDEX orders_order_date_idx ON orders (order_date DESC, id DESC);
CREATE INDEX orders_status_date_idx ON orders (status, order_date DESC, id DESC);

-- One row: the last invoice number handed out. Row-locked update keeps numbers strictly
-- increasing across transactions and app instances, even within one millisecond.
CREATE TABLE invoice_counter (
  id integer PRIMARY KEY CHECK (id = 1),
  last_value bigint NOT NULL
);
INSERT INTO invoice_counter (id, last_value) VALUES (1, 0);
