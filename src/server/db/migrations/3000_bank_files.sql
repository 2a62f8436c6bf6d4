-- Bank files (issue 26): Bankgirot BgMax and ISO 20022 camt.054 files the admin imported, and every
-- payment they held. A payment's bank_reference is the bank's identity of it (BankPayment.key in
-- src/server/receivables/bank-file.ts), unique: a file read twice stores and records nothing twice.
-- Matched payments are recorded in `payments` (external_reference = the same key); the others wait
-- in the queue (state 'unmatched') until the admin assigns them to an invoice or marks them not ours.
CREATE TABLE bank_files (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  format text NOT NULL CHECK (format IN ('bgmax', 'camt054')),
  file_name text CHECK (char_length(file_name) <= 200),
  sha256 text NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  imported_by bigint REFERENCES staff (id),
  payments integer NOT NULL,
  matched integer NOT NULL,
  unmatched integer NOT NULL,
  duplicates integer NOT NULL
);

CREATE TABLE bank_payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bank_file_id bigint NOT NULL REFERENCES bank_files (id),
  bank_reference text NOT NULL UNIQUE,
  -- The BgMax deposit or camt.054 notification (1, 2, … in file order).
  deposit integer NOT NULL,
  -- Exact milli-kronor as the file states them (negative: a BgMax deduction).
  amount_milli bigint NOT NULL,
  currency text NOT NULL,
  -- The day the bank booked the money (a BgMax deposit's payment day, camt.054 BookgDt).
  booked_on date,
  -- References, free texts, payer's name and id as the file gave them (shown in the queue).
  details jsonb NOT NULL,
  -- 'pending' only inside the import's transaction, between reading and matching.
  state text NOT NULL CHECK (state IN ('pending', 'matched', 'unmatched', 'assigned', 'not_ours')),
  -- Why it was not matched (see unmatchedReasons in src/shared/receivables/bank-payments.ts).
  reason text,
  -- The invoice it was recorded against (matched or assigned; the first when split).
  document_id bigint REFERENCES documents (id),
  decided_by bigint REFERENCES staff (id),
  decided_at timestamptz,
  note text CHECK (char_length(note) <= 500),
  CONSTRAINT bank_payments_decided CHECK ((state IN ('assigned', 'not_ours')) = (decided_at IS NOT NULL))
);
CREATE INDEX bank_payments_file_idx ON bank_payments (bank_file_id, state, id);
CREATE INDEX bank_payments_queue_idx ON bank_payments (id) WHERE state = 'unmatched';
