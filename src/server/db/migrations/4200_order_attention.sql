-- Money in money hands (issue 38): a production member may not cancel an invoiced order (that
-- issues a credit note); they flag the order for the owner instead, with a short reason. One open
-- flag per order; clearing it deletes the row (the audit keeps both the flag and its clearing).
CREATE TABLE order_attention (
  order_id bigint PRIMARY KEY REFERENCES orders (id),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 300),
  raised_by bigint NOT NULL REFERENCES staff (id),
  raised_at timestamptz NOT NULL DEFAULT now()
);

-- The audit's kinds gain the flag and its clearing (beside 4000's refused own-PIN change).
ALTER TABLE audit_events DROP CONSTRAINT audit_events_action_check;
ALTER TABLE audit_events ADD CONSTRAINT audit_events_action_check CHECK (action IN ('login', 'login_failed',
  'logout', 'order_status', 'order_attention', 'order_attention_cleared', 'payment', 'credit_note', 'reminder',
  'proof', 'print_file_download', 'export', 'catalogue', 'staff_add', 'staff_change', 'staff_pin_reset',
  'staff_remove', 'own_pin_change', 'own_pin_refused'));
