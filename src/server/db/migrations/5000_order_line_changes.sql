-- Orders entered and changed by staff (issue 41).
--
-- A change of an order's lines before production: the lines before and after, the totals before
-- and after, who changed them and why, and the documents that settled the difference (a
-- supplementary invoice for an increase, credit notes for a decrease: docs/decisions/0041). The
-- order's own row holds its current lines; this is their history.
CREATE TABLE order_line_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  changed_by bigint,
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 300),
  items_before jsonb NOT NULL,
  items_after jsonb NOT NULL,
  total_before numeric(14, 2) NOT NULL,
  total_after numeric(14, 2) NOT NULL,
  document_numbers jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_line_changes_order_idx ON order_line_changes (order_id, id);

-- The buyer's email of a change (ref = the change), and staff's new order and line change in the
-- audit log; prepended to the current lists so other additions survive.
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'email_outbox_kind_check' AND conrelid = 'email_outbox'::regclass;
  ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
  EXECUTE 'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''order_change''::text, ');
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'audit_events_action_check' AND conrelid = 'audit_events'::regclass;
  ALTER TABLE audit_events DROP CONSTRAINT audit_events_action_check;
  EXECUTE 'ALTER TABLE audit_events ADD CONSTRAINT audit_events_action_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''order_create''::text, ''order_lines''::text, ');
END;
$$;
