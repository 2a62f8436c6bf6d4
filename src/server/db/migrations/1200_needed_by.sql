-- Delivery dates (issue 10): the date the buyer needs the goods by, optional at checkout.
-- A calendar date in Stockholm, compared with the estimated delivery (src/shared/delivery.ts) to
-- warn the buyer before ordering and flag orders at risk in admin. Checked by the server
-- (a real date, not in the past when ordered); null when the buyer gave none.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS needed_by date;
