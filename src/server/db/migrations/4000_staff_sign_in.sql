-- Sign-in that cannot be enumerated (issue 38).

-- A remembered browser belongs to the person who last logged in on it: its wrong PINs count against
-- its own bucket and that person's daily one (src/server/admin/throttle.ts). Browsers remembered
-- before belong to nobody yet: they are forgotten and remembered again at their next right PIN.
DELETE FROM admin_devices;
ALTER TABLE admin_devices ADD COLUMN staff_id bigint NOT NULL REFERENCES staff (id);
CREATE INDEX admin_devices_staff_idx ON admin_devices (staff_id, last_login_at);

-- A refused request for a new own PIN (wrong current PIN, too many tries) is recorded too.
ALTER TABLE audit_events DROP CONSTRAINT audit_events_action_check;
ALTER TABLE audit_events ADD CONSTRAINT audit_events_action_check CHECK (action IN ('login',
  'login_failed', 'logout', 'order_status', 'payment', 'credit_note', 'reminder', 'proof',
  'print_file_download', 'export', 'catalogue', 'staff_add', 'staff_change', 'staff_pin_reset',
  'staff_remove', 'own_pin_change', 'own_pin_refused'));
