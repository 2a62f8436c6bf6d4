-- Saved delivery addresses (issue 43, docs/accounts.md): an address is saved as the checkout form
-- takes it, a country and the address's lines, so picking one at checkout fills both. Rows saved
-- before (none outside tests: nothing wrote the table) were Swedish addresses.
ALTER TABLE account_addresses ADD COLUMN country text NOT NULL DEFAULT 'SE'
  CONSTRAINT account_addresses_country_check CHECK (country ~ '^[A-Z]{2}$');
ALTER TABLE account_addresses ALTER COLUMN country DROP DEFAULT;
