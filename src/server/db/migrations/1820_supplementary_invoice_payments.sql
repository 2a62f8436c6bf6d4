-- A supplementary invoice's payment, recorded by the admin: the day the money arrived, the amount
-- received and when it was recorded. All three or none. The SIE export books the payment on its day.
ALTER TABLE supplementary_invoices
  ADD COLUMN paid_on date,
  ADD COLUMN amount_received numeric(14, 2),
  ADD COLUMN payment_recorded_at timestamptz,
  ADD CONSTRAINT supplementary_invoices_payment_complete CHECK (
    (paid_on IS NULL) = (amount_received IS NULL) AND (paid_on IS NULL) = (payment_recorded_at IS NULL)
  );
-- The SIE export reads payments by their day.
CREATE INDEX supplementary_invoices_paid_idx ON supplementary_invoices (paid_on) WHERE paid_on IS NOT NULL;
