-- The money as a ledger (issue 24): documents issued once and never changed, payments as rows,
-- credit notes. An order keeps its job state in orders.status; its payment state is derived from
-- these two tables (src/shared/ledger.ts), never stored.

-- The OCR payment reference of an invoice number's digits (length digit + Luhn check digit), the
-- same as ocrReference() in src/shared/invoicing/ocr-reference.ts (ledger.test.ts compares them):
-- the checkout's statement numbers its invoices, so it computes their OCR here too.
CREATE FUNCTION ocr_reference(base text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  with_length text := base || ((length(base) + 2) % 10)::text;
  n integer := length(with_length);
  total integer := 0;
  digit integer;
BEGIN
  FOR i IN 1..n LOOP
    digit := substr(with_length, n - i + 1, 1)::integer;
    -- The check digit will stand rightmost, so the digit just left of it is doubled, and every second one on.
    IF i % 2 = 1 THEN
      digit := digit * 2;
      IF digit > 9 THEN digit := digit - 9; END IF;
    END IF;
    total := total + digit;
  END LOOP;
  RETURN with_length || ((10 - total % 10) % 10)::text;
END;
$$;

-- Every invoice, supplementary invoice and credit note the shop issued. Numbers come from the one
-- series (invoice_counter): invoices INV-<seq> (the order's invoice has the order's number), credit
-- notes KR-<seq>. Amounts are signed: a credit note's are negative. `snapshot` is the whole
-- document as it was issued (seller, buyer, delivery, lines with VAT, totals, language): every
-- rendering (PDF, HTML, e-invoice) reads it, never today's settings or catalogue. Invoices issued
-- before this table existed have a snapshot {"legacy": true, ...} that is completed once, at first
-- use, from the order (see src/server/ledger/documents.ts).
CREATE TABLE documents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- A reminder (påminnelse) will be a kind of its own; balances count only these three kinds.
  kind text NOT NULL CHECK (kind IN ('invoice', 'supplementary_invoice', 'credit_note')),
  number text NOT NULL UNIQUE,
  seq bigint NOT NULL UNIQUE,
  issued_at timestamptz NOT NULL DEFAULT now(),
  -- The issue date and due date in Stockholm; a credit note has no due date.
  issued_on date NOT NULL,
  due_on date,
  language text NOT NULL CHECK (language IN ('sv', 'en')),
  vat_treatment text NOT NULL CHECK (vat_treatment IN ('domestic', 'reverse_charge', 'export')),
  net numeric(14, 2) NOT NULL,
  vat numeric(14, 2) NOT NULL,
  total numeric(14, 2) NOT NULL,
  ocr text,
  snapshot jsonb NOT NULL,
  -- A credit note names the invoice it corrects (Mervärdesskattelagen 2023:200, 17 kap. 24 §).
  corrects_document_id bigint REFERENCES documents (id),
  -- Why a credit note was issued (the admin's words, or the cancel reason).
  reason text,
  -- A supplementary invoice for a print file's conversion: one per file, so a retry never charges twice.
  upload_id text UNIQUE REFERENCES uploads (id),
  CONSTRAINT documents_amounts_add_up CHECK (net + vat = total),
  CONSTRAINT documents_sign CHECK (CASE WHEN kind = 'credit_note' THEN total < 0 ELSE total > 0 END),
  CONSTRAINT documents_credit_note_corrects CHECK ((kind = 'credit_note') = (corrects_document_id IS NOT NULL))
);
CREATE INDEX documents_order_idx ON documents (order_id, seq);
-- The SIE export and the invoice journal read documents by issue date and number.
CREATE INDEX documents_issued_idx ON documents (issued_on, seq);
CREATE INDEX documents_corrects_idx ON documents (corrects_document_id) WHERE corrects_document_id IS NOT NULL;
-- Matching a bank file's OCR references to invoices.
CREATE INDEX documents_ocr_idx ON documents (ocr) WHERE ocr IS NOT NULL;

-- A document's PDF, rendered once from its snapshot (outside the checkout) and kept: the bytes a
-- buyer got are the bytes the shop serves for ever, whatever settings change later.
CREATE TABLE document_pdfs (
  document_id bigint PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
  pdf bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Money received (amount > 0) or paid back (a refund, amount < 0) against one invoice. paid_on is
-- the day the money arrived or left the bank (the day the SIE export books it). external_reference
-- is a bank file's own id for the transaction: a file read twice records nothing twice.
CREATE TABLE payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  amount numeric(14, 2) NOT NULL CHECK (amount <> 0),
  paid_on date NOT NULL,
  method text NOT NULL CHECK (method IN ('bank_transfer', 'bankgiro', 'card', 'other')),
  reference text,
  external_reference text UNIQUE,
  -- Who recorded it (free text until staff accounts exist); null for payments moved from before.
  recorded_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_document_idx ON payments (document_id, paid_on);
CREATE INDEX payments_paid_on_idx ON payments (paid_on, id);

-- The data moves in: every order's invoice, every supplementary invoice, every payment.
ALTER TABLE documents ADD COLUMN legacy_supplementary_id bigint;
ALTER TABLE payments ADD COLUMN legacy_event_id bigint;

-- PAYMENT_DAYS (src/shared/terms.ts) is 30.
INSERT INTO documents (order_id, kind, number, seq, issued_at, issued_on, due_on, language, vat_treatment,
    net, vat, total, ocr, snapshot)
  SELECT id, 'invoice', order_number, invoice_seq, order_date, (order_date AT TIME ZONE 'Europe/Stockholm')::date,
    (order_date AT TIME ZONE 'Europe/Stockholm')::date + 30, CASE WHEN country_code = 'SE' THEN 'sv' ELSE 'en' END,
    vat_treatment, ex_vat_amount, vat_amount, total_amount,
    CASE WHEN order_number ~ '^INV-[0-9]{1,23}$' THEN ocr_reference(substr(order_number, 5)) END,
    '{"legacy": true}'::jsonb
  FROM orders ORDER BY id;

INSERT INTO documents (order_id, kind, number, seq, issued_at, issued_on, due_on, language, vat_treatment,
    net, vat, total, ocr, snapshot, upload_id, legacy_supplementary_id)
  SELECT s.order_id, 'supplementary_invoice', s.invoice_number, s.invoice_seq, s.issued_at,
    (s.issued_at AT TIME ZONE 'Europe/Stockholm')::date, (s.issued_at AT TIME ZONE 'Europe/Stockholm')::date + 30,
    CASE WHEN o.country_code = 'SE' THEN 'sv' ELSE 'en' END, o.vat_treatment, s.ex_vat_amount, s.vat_amount,
    s.total_amount, ocr_reference(substr(s.invoice_number, 5)),
    jsonb_build_object('legacy', true, 'items', s.items), s.upload_id, s.id
  FROM supplementary_invoices s JOIN orders o ON o.id = s.order_id ORDER BY s.id;

-- An order marked paid: its payment on the day and for the amount the admin entered (the whole
-- total, on the day of the click, when none was entered). A payment of 0,00 kr was never money.
INSERT INTO payments (document_id, amount, paid_on, method, created_at, legacy_event_id)
  SELECT d.id, coalesce((e.details->>'amountReceived')::numeric, o.total_amount),
    coalesce((e.details->>'paidOn')::date, (e.changed_at AT TIME ZONE 'Europe/Stockholm')::date), 'other',
    e.changed_at, e.id
  FROM order_status_events e JOIN orders o ON o.id = e.order_id
    JOIN documents d ON d.order_id = o.id AND d.kind = 'invoice'
  WHERE e.to_status = 'paid' AND coalesce((e.details->>'amountReceived')::numeric, o.total_amount) <> 0
  ORDER BY e.id;

INSERT INTO payments (document_id, amount, paid_on, method, created_at)
  SELECT d.id, s.amount_received, s.paid_on, 'other', s.payment_recorded_at
  FROM supplementary_invoices s JOIN documents d ON d.legacy_supplementary_id = s.id
  WHERE s.paid_on IS NOT NULL AND s.amount_received <> 0;

-- Emails still to send refer to the rows they are about by their new ids.
UPDATE email_outbox x SET ref = p.id FROM payments p
  WHERE x.kind = 'payment_received' AND p.legacy_event_id = x.ref;
UPDATE email_outbox x SET ref = d.id FROM documents d
  WHERE x.kind = 'supplementary_invoice' AND d.legacy_supplementary_id = x.ref;

ALTER TABLE documents DROP COLUMN legacy_supplementary_id;
ALTER TABLE payments DROP COLUMN legacy_event_id;
DROP TABLE supplementary_invoices;

-- Payments make an order paid, so `paid` is no job state: those orders wait for production again.
UPDATE orders SET status = 'pending' WHERE status = 'paid';
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('pending', 'in_production', 'shipped', 'cancelled'));

-- The buyer's email with a credit note (ref = the credit note). Every kind so far plus the new one.
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check CHECK (kind IN (
  'buyer_confirmation', 'shop_notice', 'payment_received', 'proof_ready', 'in_production', 'shipped',
  'cancelled', 'order_links', 'shop_notice_proof_decision', 'supplementary_invoice',
  'shop_notice_print_file', 'credit_note'));
