-- A file with the buyer's message (issue 41): the upload the message claimed (through the one
-- upload path, POST /api/print-files, and attachUploads). Only the buyer attaches files; each
-- upload belongs to one message at most.
ALTER TABLE order_messages ADD COLUMN upload_id text UNIQUE REFERENCES uploads (id);
ALTER TABLE order_messages ADD CONSTRAINT order_messages_file_from_buyer
  CHECK (upload_id IS NULL OR author = 'buyer');
