-- Group orders (issue 44): a team enters its own sizes (and names and numbers) from one share link;
-- the organiser, with a private link of their own, closes the group into one cart line and orders.
-- Both links' tokens and each entry's edit token are kept only as sha256 hashes.
CREATE TABLE group_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 80),
  -- The last day to fill in, a Stockholm calendar date, that day included.
  closes_on date NOT NULL,
  product_id text NOT NULL CHECK (char_length(product_id) BETWEEN 1 AND 100),
  -- The design: an order line as POST /api/orders takes it, without quantity, sizes and group.
  line jsonb NOT NULL,
  print_name boolean NOT NULL DEFAULT false,
  print_number boolean NOT NULL DEFAULT false,
  -- Whether members see the unit price (the organiser always does).
  show_price boolean NOT NULL DEFAULT false,
  language text NOT NULL CHECK (language IN ('sv', 'en')),
  share_token_hash text NOT NULL UNIQUE CHECK (share_token_hash ~ '^[0-9a-f]{64}$'),
  organiser_token_hash text NOT NULL UNIQUE CHECK (organiser_token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Closed early by the organiser or when the lines were taken to the cart; null while open.
  closed_at timestamptz
);

CREATE TABLE group_order_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES group_orders (id) ON DELETE CASCADE,
  edit_token_hash text NOT NULL UNIQUE CHECK (edit_token_hash ~ '^[0-9a-f]{64}$'),
  member_name text NOT NULL CHECK (char_length(member_name) BETWEEN 1 AND 60),
  size text NOT NULL CHECK (size IN ('XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL')),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 20),
  print_name text CHECK (char_length(print_name) BETWEEN 1 AND 14),
  print_number text CHECK (print_number ~ '^[0-9]{1,3}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX group_order_entries_group_idx ON group_order_entries (group_id, created_at);
