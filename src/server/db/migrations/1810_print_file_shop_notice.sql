-- The shop's email that a buyer added a print file after ordering (ref = the file's position in
-- order_print_files, unique within its order). The list is every kind so far plus the new one
-- (schema-parity.test.ts compares it with emailKinds in outbox-schema.ts).
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check CHECK (kind IN (
  'buyer_confirmation', 'shop_notice', 'payment_received', 'proof_ready', 'in_production', 'shipped',
  'cancelled', 'order_links', 'shop_notice_proof_decision', 'supplementary_invoice',
  'shop_notice_print_file'));
