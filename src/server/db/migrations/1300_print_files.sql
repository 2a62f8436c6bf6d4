-- Print files on orders (issue 9: the print job). A print file is an upload (purpose 'print-file',
-- or a customiser image the buyer chose as the print file) that an order claimed.

-- Pixel size of raster uploads, read from the file's header when it arrives (null for vector
-- files): the print-quality check (effective dpi at the print size) needs it.
ALTER TABLE uploads
  ADD COLUMN pixel_width integer CHECK (pixel_width > 0),
  ADD COLUMN pixel_height integer CHECK (pixel_height > 0);

-- Which print files an order has, in the buyer's order. kind is what content sniffing decided
-- when the order was placed: each raster file put one conversion fee line on the order.
-- added_at: files added after ordering (the order page) get their own time.
CREATE TABLE order_print_files (
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  upload_id text NOT NULL REFERENCES uploads (id),
  kind text NOT NULL CHECK (kind IN ('vector', 'raster')),
  position integer NOT NULL CHECK (position >= 0),
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, upload_id)
);
CREATE INDEX order_print_files_upload_idx ON order_print_files (upload_id);
