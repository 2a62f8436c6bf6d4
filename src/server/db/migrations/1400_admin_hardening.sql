-- Admin hardening (issue 13).

-- A session belongs to the PIN it was opened with: pin_fingerprint is the sha256 of the PIN's stored
-- scrypt hash (shop_settings 'admin_pin_hash'), compared in SQL on every request, so a new PIN ends
-- every older session at once. Sessions from before this column have none and end now.
ALTER TABLE admin_sessions ADD COLUMN pin_fingerprint text NOT NULL DEFAULT '';
ALTER TABLE admin_sessions ALTER COLUMN pin_fingerprint DROP DEFAULT;

-- Browsers that have logged in before: a long-lived httpOnly cookie's sha256. During a global
-- lockout (too many wrong PINs from everywhere) such a browser still gets a few tries of its own.
CREATE TABLE admin_devices (
  token_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_devices_last_login_idx ON admin_devices (last_login_at);
