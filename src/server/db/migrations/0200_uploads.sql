-- Customiser uploads (issue: customiser). The bytes live in upload storage (DATA_DIR/uploads);
-- this table holds what the server checked about them. Only images that passed the magic-byte
-- check are ever recorded.
CREATE TABLE uploads (
  -- Random, unguessable (144 bits, base64url): knowing the id is what grants access to the image.
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{8,64}$'),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 20971520),
  -- Hex sha256 of the stored bytes: integrity check for the printer and a future de-duplication.
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Housekeeping (removing uploads no order references) walks uploads by age.
CREATE INDEX uploads_created_at_idx ON uploads (created_at);
