-- A company member claims a stranger's quote as they claim a stranger's order (issue 43,
-- decision 0078): one table of claims, each naming an order or a quote. The claim gets an id of
-- its own as primary key; an order, and a quote, is claimed once.
ALTER TABLE account_company_claims ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE account_company_claims DROP CONSTRAINT account_company_claims_pkey;
ALTER TABLE account_company_claims ADD CONSTRAINT account_company_claims_pkey PRIMARY KEY (id);
ALTER TABLE account_company_claims ALTER COLUMN order_id DROP NOT NULL;
ALTER TABLE account_company_claims ADD COLUMN quote_id bigint REFERENCES quotes (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX account_company_claims_order_idx ON account_company_claims (order_id);
CREATE UNIQUE INDEX account_company_claims_quote_idx ON account_company_claims (quote_id);
ALTER TABLE account_company_claims ADD CONSTRAINT account_company_claims_subject_check
  CHECK (num_nonnulls(order_id, quote_id) = 1);
