-- An order invoiced in EUR (a buyer outside Sweden chose it at checkout): the rate its documents
-- are converted at, read once when it was placed, as {"code": "EUR", "rate": "0.088" (EUR per SEK),
-- "source": the rates service's host or "fixed", "date": the day it was read}. Its amounts, the
-- ledger and the SIE stay in SEK; each document stores its EUR figures in its snapshot
-- (src/shared/invoicing/invoice-currency.ts). Null: invoiced in SEK.
ALTER TABLE orders
  ADD COLUMN invoice_currency jsonb
    CONSTRAINT orders_invoice_currency_shape CHECK (
      invoice_currency IS NULL OR (
        invoice_currency->>'code' = 'EUR' AND jsonb_typeof(invoice_currency->'rate') = 'string'
        AND jsonb_typeof(invoice_currency->'source') = 'string' AND jsonb_typeof(invoice_currency->'date') = 'string'
        AND country_code <> 'SE'));
