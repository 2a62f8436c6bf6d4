-- Bank files imported in bounded steps (issue 38): one transaction over a file of 100 000 payments
-- held the embedded database (one transaction at a time) for 11 s and every request waited. A file
-- is now read into bank_file_staged_payments a batch per statement ('reading': nothing booked; a
-- refused or abandoned file is deleted with its staged rows), then recorded a batch per transaction
-- ('recording': begun only once the whole file is read and checked, and finished even after a
-- restart), and marked 'recorded' with its audit entry. heartbeat_at tells a running import from
-- one whose process died (src/server/receivables/import.ts). Existing files were recorded whole.
ALTER TABLE bank_files
  ADD COLUMN state text NOT NULL DEFAULT 'recorded' CHECK (state IN ('reading', 'recording', 'recorded')),
  ADD COLUMN heartbeat_at timestamptz NOT NULL DEFAULT now(),
  -- Who recorded the payments, as the ledger names them (a resumed import still names them).
  ADD COLUMN recorded_by text CHECK (char_length(recorded_by) <= 200);

CREATE INDEX bank_files_unfinished_idx ON bank_files (heartbeat_at) WHERE state <> 'recorded';

-- A payment read from a file not yet recorded: the columns bank_payments takes from it.
CREATE TABLE bank_file_staged_payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bank_file_id bigint NOT NULL REFERENCES bank_files (id),
  bank_reference text NOT NULL,
  deposit integer NOT NULL,
  amount_milli bigint NOT NULL,
  currency text NOT NULL,
  booked_on date,
  details jsonb NOT NULL
);
CREATE INDEX bank_file_staged_payments_file_idx ON bank_file_staged_payments (bank_file_id, id);
-- A BgMax deposit's rows waiting for the payment day its closing record 15 states.
CREATE INDEX bank_file_staged_payments_day_idx ON bank_file_staged_payments (bank_file_id, deposit)
  WHERE booked_on IS NULL;
