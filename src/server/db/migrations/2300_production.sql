-- Production (issue 27): a print file may belong to one line of its order and carry the buyer's
-- note ("the navy ones", "back print"), given at checkout or when the file is added afterwards.
-- line_index is the line's place in orders.items (0-based); null means the whole order.
ALTER TABLE order_print_files
  ADD COLUMN line_index integer CHECK (line_index >= 0),
  ADD COLUMN note text CHECK (char_length(note) <= 1000);
