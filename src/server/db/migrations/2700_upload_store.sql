-- Upload bytes in the database (UPLOAD_STORE=postgres): instances that share one PostgreSQL need
-- no shared disk. A file is written in chunks under a key of its own and becomes readable under
-- its upload id only at commit (upload_id set); files never committed are abandoned writes that
-- housekeeping removes. Chunks go with their file (ON DELETE CASCADE). Unused with the disk or S3 store.
CREATE TABLE upload_store_files (
  key bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  upload_id text,
  size_bytes bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT upload_store_files_upload_id_key UNIQUE (upload_id)
);
CREATE INDEX upload_store_files_pending_idx ON upload_store_files (created_at) WHERE upload_id IS NULL;

CREATE TABLE upload_store_chunks (
  file_key bigint NOT NULL,
  seq integer NOT NULL,
  bytes bytea NOT NULL,
  CONSTRAINT upload_store_chunks_pkey PRIMARY KEY (file_key, seq),
  CONSTRAINT upload_store_chunks_file_key_fkey FOREIGN KEY (file_key) REFERENCES upload_store_files (key) ON DELETE CASCADE
);
-- Chunks are already compressed or random-looking (images, PDFs): storing them as they are saves
-- the CPU of trying to compress each one.
ALTER TABLE upload_store_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL;
