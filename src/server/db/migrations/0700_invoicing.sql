-- Invoicing (issue: invoices a Swedish accountant and an EU company accept).
-- The VAT rule the server chose for the order, and the buyer's invoicing details from checkout.
-- Existing orders were all charged 25 % Swedish VAT, hence the default.
ALTER TABLE orders
  ADD COLUMN vat_treatment text NOT NULL DEFAULT 'domestic'
    CHECK (vat_treatment IN ('domestic', 'reverse_charge', 'export')),
  -- The buyer's VAT number (companies outside Sweden), normalised; required for reverse charge.
  ADD COLUMN buyer_vat_number text,
  -- "Er referens" / purchase order number, printed on the invoice and sent as the Peppol BuyerReference.
  ADD COLUMN buyer_reference text,
  -- Billing address when it differs from the delivery address (null: same as delivery).
  ADD COLUMN billing_address text,
  ADD CONSTRAINT orders_reverse_charge_has_vat_number
    CHECK (vat_treatment <> 'reverse_charge' OR buyer_vat_number IS NOT NULL);
