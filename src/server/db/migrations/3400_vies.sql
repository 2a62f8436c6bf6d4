-- What VIES (the EU's VAT number register) said of an EU company's VAT number at checkout:
-- valid (with the name it has registered and the check's request identifier, the proof an
-- intra-Community supply's buyer was checked), invalid (the order then has Swedish VAT), or
-- unavailable (VIES did not answer in time: the order went through on the number's format and is
-- unverified until someone checks it). Null: no check was made (no VAT number, or VIES_URL empty).
ALTER TABLE orders
  ADD COLUMN vies_status text CHECK (vies_status IN ('valid', 'invalid', 'unavailable')),
  ADD COLUMN vies_name text,
  ADD COLUMN vies_request_id text,
  ADD COLUMN vies_checked_at timestamptz;
