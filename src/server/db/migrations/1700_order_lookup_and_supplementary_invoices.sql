-- Order lookup by email and print files after ordering (issue 10: the print job, part 2).

-- Lookup: "email me links to my orders". The request answers the same whether or not the address
-- has orders; when it has, one row here and one outbox email (kind 'order_links', ref = this row)
-- are written in the same statement. order_id is the address's newest order: the email goes to
-- the address stored on it, never to what the visitor typed. locale: the language it was asked in.
CREATE TABLE order_lookups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  locale text NOT NULL CHECK (locale IN ('sv', 'en')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_lookups_order_idx ON order_lookups (order_id);

-- An address's orders, newest first, without reading the table (addresses match case-insensitively).
CREATE INDEX orders_customer_email_idx ON orders (lower(customer_email), order_date DESC, id DESC);

-- A supplementary invoice: a charge added to an order after it was placed (a raster print file
-- added on the order page costs the conversion fee). Its number comes from the same series as the
-- orders' (invoice_counter), so invoice numbers stay unique and increasing across both tables; it
-- has its own issue time (the due date follows from it) and its own lines, priced by the server
-- with the order's VAT treatment. upload_id is the print file it charges for: one invoice per file,
-- so a retried request can never charge twice.
CREATE TABLE supplementary_invoices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  invoice_number text NOT NULL UNIQUE,
  invoice_seq bigint NOT NULL UNIQUE,
  issued_at timestamptz NOT NULL DEFAULT now(),
  upload_id text NOT NULL UNIQUE REFERENCES uploads (id),
  -- Lines as orders.items stores them: [{ productId, name, quantity, unitPrice, lineTotal, fee, ... }].
  items jsonb NOT NULL,
  total_amount numeric(14, 2) NOT NULL CHECK (total_amount > 0),
  ex_vat_amount numeric(14, 2) NOT NULL,
  vat_amount numeric(14, 2) NOT NULL
);
CREATE INDEX supplementary_invoices_order_idx ON supplementary_invoices (order_id, issued_at);
-- The SIE export reads invoices by issue date.
CREATE INDEX supplementary_invoices_issued_idx ON supplementary_invoices (issued_at);

-- The buyer's email with a supplementary invoice (ref = the invoice). The list is every kind so far
-- plus the new one: a migration that adds another kind must list these too (schema-parity.test.ts
-- compares the list with emailKinds in outbox-schema.ts).
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check CHECK (kind IN (
  'buyer_confirmation', 'shop_notice', 'payment_received', 'proof_ready', 'in_production', 'shipped',
  'cancelled', 'order_links', 'shop_notice_proof_decision', 'supplementary_invoice'));
