-- A company's purchase order number (EN 16931 BT-13, the e-invoice's OrderReference) apart from
-- its reference (BT-10, "Er referens", a person or a code), and the Peppol participant ID it gave
-- at checkout ("0007:5567321707"), which overrides the address derived from its org or VAT number.
-- Both optional, companies only; the checkout schema checks the ID's scheme and format.
ALTER TABLE orders
  ADD COLUMN purchase_order_number text,
  ADD COLUMN buyer_peppol_id text;
