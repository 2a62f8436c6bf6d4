-- Hardening (issue: hardening): one upload table for every upload endpoint, and shared throttle counters.

-- Uploads now hold customiser images, print files and proofs: the content type is whatever the
-- endpoint's content sniffing decided, the size limit is the endpoint's (checked while streaming).
ALTER TABLE uploads DROP CONSTRAINT uploads_content_type_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_content_type_check
  CHECK (content_type ~ '^[a-z]+/[a-z0-9.+-]{1,80}$');
ALTER TABLE uploads DROP CONSTRAINT uploads_size_bytes_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_size_bytes_check CHECK (size_bytes > 0);
-- Which endpoint received it ('image', 'print-file', 'proof', ...), and the sender's file name
-- (shown to the printer, never used as a path).
ALTER TABLE uploads ADD COLUMN purpose text NOT NULL DEFAULT 'image' CHECK (purpose ~ '^[a-z][a-z-]{0,39}$');
ALTER TABLE uploads ADD COLUMN file_name text CHECK (length(file_name) <= 255);
-- Set when an order (or a print file, or a proof) claims the upload. Unattached uploads count
-- against the global cap and are deleted after UPLOAD_UNATTACHED_HOURS.
ALTER TABLE uploads ADD COLUMN attached_at timestamptz;
-- Uploads from before this rule are kept: some orders reference them.
UPDATE uploads SET attached_at = created_at;
CREATE INDEX uploads_unattached_idx ON uploads (created_at) INCLUDE (size_bytes) WHERE attached_at IS NULL;

-- Throttle counters shared by every instance: one row per bucket ('upload-bytes:<client>', ...)
-- and window. Rows whose window ended are deleted by housekeeping.
CREATE TABLE throttle_counters (
  bucket text PRIMARY KEY CHECK (length(bucket) <= 200),
  -- The window ends at expires_at; the next use after it starts a new window from zero.
  expires_at timestamptz NOT NULL,
  used bigint NOT NULL DEFAULT 0 CHECK (used >= 0)
);
CREATE INDEX throttle_counters_expires_idx ON throttle_counters (expires_at);
