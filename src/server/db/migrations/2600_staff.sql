-- Staff with their own logins and roles, and a record of who did what (issue 30).

-- A person who may log in to the admin. Never deleted (the audit record names them): removing a
-- person stamps removed_at and frees their PIN. pin_hash is the PIN's slow scrypt hash (checked at
-- login); pin_lookup is an HMAC-SHA256 of the PIN with the shop's key (shop_settings
-- 'staff_pin_key'), so a login finds its person with one index probe instead of trying every hash
-- (see src/server/staff/pins.ts). Unique: two people never share a PIN.
CREATE TABLE staff (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  email text CHECK (char_length(email) <= 254),
  role text NOT NULL CHECK (role IN ('owner', 'production', 'bookkeeping')),
  pin_hash text NOT NULL,
  pin_lookup text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  CONSTRAINT staff_removed_has_no_pin CHECK (removed_at IS NULL OR pin_lookup IS NULL)
);

-- Upgrade: the shop's one PIN becomes its owner's. The lookup key cannot be made from a hash, so it
-- is filled in at the owner's first login (or at start when ADMIN_PIN is set).
INSERT INTO staff (name, role, pin_hash)
  SELECT 'Ägare', 'owner', value FROM shop_settings WHERE key = 'admin_pin_hash';
-- The ADMIN_PIN hash last given to the owner: a changed ADMIN_PIN is given to the owner again.
INSERT INTO shop_settings (key, value)
  SELECT 'admin_pin_applied', value FROM shop_settings WHERE key = 'admin_pin_hash';

-- A session belongs to one person; its pin_fingerprint is now the sha256 of that person's PIN hash.
-- Open sessions from before are the owner's (the fingerprint of the same hash), so nobody is logged out.
ALTER TABLE admin_sessions ADD COLUMN staff_id bigint REFERENCES staff (id);
UPDATE admin_sessions SET staff_id = (SELECT min(id) FROM staff);
DELETE FROM admin_sessions WHERE staff_id IS NULL;
ALTER TABLE admin_sessions ALTER COLUMN staff_id SET NOT NULL;
CREATE INDEX admin_sessions_staff_idx ON admin_sessions (staff_id);

-- Who did what: one row per admin write (and login, failed login, export), written in the same
-- transaction as the change. Append-only: the trigger below refuses UPDATE and DELETE, and no route
-- offers either. staff_id is null when nobody is known (a wrong PIN).
CREATE TABLE audit_events (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  at timestamptz NOT NULL DEFAULT now(),
  staff_id bigint REFERENCES staff (id),
  action text NOT NULL CHECK (action IN ('login', 'login_failed', 'logout', 'order_status', 'payment',
    'credit_note', 'reminder', 'proof', 'print_file_download', 'export', 'catalogue', 'staff_add',
    'staff_change', 'staff_pin_reset', 'staff_remove', 'own_pin_change')),
  target text NOT NULL CHECK (char_length(target) <= 200),
  -- The order the action was about, for its history (no cascade: orders are never deleted).
  order_id bigint REFERENCES orders (id),
  before jsonb,
  after jsonb
);
CREATE INDEX audit_events_at_idx ON audit_events (at DESC, id DESC);
CREATE INDEX audit_events_order_idx ON audit_events (order_id, at) WHERE order_id IS NOT NULL;
CREATE INDEX audit_events_staff_idx ON audit_events (staff_id, at);

CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP;
END;
$$;
CREATE TRIGGER audit_events_append_only
  BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
