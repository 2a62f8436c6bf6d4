-- Proof approval (issue: the print job, part 2). The shop uploads a proof for an order; each upload
-- is the order's next version (1, 2, ...). The buyer approves the latest version or asks for changes
-- with a comment. Nothing here is ever updated or deleted: every version, decision and comment is
-- the record of what the buyer agreed to have printed.

CREATE TABLE order_proofs (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  -- No cascade: an order with proofs keeps them (and is never deleted anyway).
  order_id bigint NOT NULL REFERENCES orders (id),
  version integer NOT NULL CHECK (version > 0),
  -- One upload is one proof of one order (purpose 'proof'; attached when the proof is written).
  upload_id text NOT NULL UNIQUE REFERENCES uploads (id),
  note text CHECK (char_length(note) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Versions count per order; the order row is locked while the next one is chosen.
  UNIQUE (order_id, version)
);

-- The buyer's answer to one version: approved, or changes requested (with the comment saying which).
-- At most one per version; a new version is the answer to a request for changes.
CREATE TABLE order_proof_decisions (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  proof_id bigint NOT NULL UNIQUE REFERENCES order_proofs (id),
  decision text NOT NULL CHECK (decision IN ('approved', 'changes_requested')),
  comment text CHECK (char_length(comment) <= 2000),
  decided_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT order_proof_decisions_changes_need_comment CHECK (decision = 'approved' OR comment IS NOT NULL)
);

-- The shop hears of each decision (ref = the decision). The list is every kind so far plus the new
-- one: a migration that adds another kind must list this one too (schema-parity.test.ts compares
-- the list with emailKinds in outbox-schema.ts).
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check CHECK (kind IN (
  'buyer_confirmation', 'shop_notice', 'payment_received', 'proof_ready', 'in_production', 'shipped',
  'cancelled', 'order_links', 'shop_notice_proof_decision'));
