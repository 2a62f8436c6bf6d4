-- Money round 2 (issue 42). A payment of a EUR invoice keeps the euros the buyer paid and the SEK the
-- bank booked; `amount` stays the SEK it clears from the receivable (1510) at the invoice's own
-- rate, so every balance, the aging and 1510 are unchanged; the difference booked_sek - amount is
-- the exchange difference (BAS 3960 gain / 7960 loss, src/shared/invoicing/money-accounts.ts).
-- A settlement is a ledger row that is no money: `settlement = 'rounding'` closes a small residual
-- by öresavrundning (BAS 3740), never by a credit note; `reason` says why when set by hand.
ALTER TABLE payments
  ADD COLUMN currency text CHECK (currency IN ('EUR')),
  ADD COLUMN amount_in_currency numeric(14, 2),
  ADD COLUMN booked_sek numeric(14, 2),
  ADD COLUMN settlement text CHECK (settlement IN ('rounding')),
  ADD COLUMN settlement_reason text CHECK (char_length(settlement_reason) <= 500),
  ADD CONSTRAINT payments_currency_amounts CHECK (
    (currency IS NULL) = (amount_in_currency IS NULL) AND (currency IS NULL) = (booked_sek IS NULL)),
  ADD CONSTRAINT payments_settlement_no_currency CHECK (settlement IS NULL OR currency IS NULL);
