-- Company accounts (issue 43, docs/accounts.md, decision 0060): an organisation number and the
-- verified people who see its orders and quotes.

-- A company account. It is made once, by its first verified buyer (an address that placed an
-- order with the organisation number signs in while no account of it exists) or by staff.
CREATE TABLE account_companies (
  org_number text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT account_companies_org_number_check CHECK (char_length(org_number) BETWEEN 1 AND 20)
);

-- A person of a company: one company per address. Invited by a member or linked by staff, the
-- address is a member once it has signed in by a link (verified_at); until then it is invited.
CREATE TABLE account_company_members (
  email text PRIMARY KEY,
  org_number text NOT NULL REFERENCES account_companies (org_number) ON DELETE CASCADE,
  added_by text NOT NULL,
  -- The member who invited the address (lower case); null for the first buyer and staff links.
  invited_by text,
  added_at timestamptz NOT NULL DEFAULT now(),
  verified_at timestamptz,
  CONSTRAINT account_company_members_email_check CHECK (email = lower(email) AND char_length(email) <= 255),
  CONSTRAINT account_company_members_added_by_check CHECK (added_by IN ('first_order', 'member', 'staff'))
);
CREATE INDEX account_company_members_org_idx ON account_company_members (org_number);

-- An order a stranger placed with the company's organisation number, claimed by a member from the
-- order page (its token proves it): from then on the company's members see it.
CREATE TABLE account_company_claims (
  order_id bigint PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  org_number text NOT NULL REFERENCES account_companies (org_number) ON DELETE CASCADE,
  claimed_by text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_company_claims_org_idx ON account_company_claims (org_number);

-- An invitation is a sign-in link to the invitee, naming the company it invites to.
ALTER TABLE account_sign_in_links ADD COLUMN company_org_number text
  REFERENCES account_companies (org_number) ON DELETE CASCADE;

-- The invitation's email. The kinds already allowed are read from the constraint, so another
-- range's migration adding kinds keeps them.
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
    WHERE conname = 'email_outbox_kind_check' AND conrelid = 'email_outbox'::regclass;
  ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
  EXECUTE 'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''account_company_invite''::text, ');
END;
$$;
