-- Orders cancelled before the ledger existed (migration 2000) kept an open invoice: booked as a sale
-- with VAT, counted in turnover, and open to reminders (issue 42). A cancellation credits what is
-- left of each invoice (Mervärdesskattelagen 2023:200, 17 kap. 22 §), so these orders are owed
-- their credit notes. A credit note is a whole document (snapshot, PDF) the server builds, so this
-- migration lists the orders and the day it ran; the server issues their credit notes at its next
-- start, dated this migration's moment, with a note saying why (src/server/ledger/upgrade-repair.ts).
CREATE TABLE ledger_upgrade_credits (
  order_id bigint PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  -- The moment of the migration: the credit notes' date.
  due_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);
CREATE INDEX ledger_upgrade_credits_open_idx ON ledger_upgrade_credits (order_id) WHERE done_at IS NULL;

INSERT INTO ledger_upgrade_credits (order_id)
  SELECT o.id FROM orders o
  WHERE o.status = 'cancelled' AND EXISTS (
    SELECT 1 FROM documents d
    WHERE d.order_id = o.id AND d.kind IN ('invoice', 'supplementary_invoice')
      AND d.total + coalesce((SELECT sum(c.total) FROM documents c WHERE c.corrects_document_id = d.id), 0) > 0);
