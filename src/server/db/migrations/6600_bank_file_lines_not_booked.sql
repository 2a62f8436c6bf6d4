-- A bank file's lines and the closed months (issue 42, docs/decisions/0075): a line the ledger's
-- payment-day rule refuses against its invoice is not recorded on it.
-- - bank_payments.entered_on: the day the books take a waiting payment (1930 against 2999
--   OBS-konto): the bank's day, or the import's day when the bank's day is in a closed month
--   (Bokföringslagen 1999:1078 5 kap.; BFNAR 2013:2: a correction goes into the open period).
--   NULL on rows imported before: their bank's day.
-- - bank_files.refused: lines dated after the import's day, not stored (the same file read again
--   once the day has come records them; the rest are duplicates then).
-- - bank_files.not_booked: the lines not recorded on their invoice for their day (refused, or
--   waiting as above), at most 100, for the import's answer.
ALTER TABLE bank_payments ADD COLUMN entered_on date;
ALTER TABLE bank_files
  ADD COLUMN refused integer NOT NULL DEFAULT 0,
  ADD COLUMN not_booked jsonb NOT NULL DEFAULT '[]'::jsonb;
