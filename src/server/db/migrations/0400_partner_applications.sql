-- Partner applications (issue: admin and partner applications). Values are stored trimmed, as the
-- shared schema (src/shared/partner-schema.ts) accepted them; lengths are enforced here too.
CREATE TABLE partner_applications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_name text NOT NULL CHECK (char_length(company_name) BETWEEN 2 AND 100),
  org_number text NOT NULL,
  contact_person text NOT NULL CHECK (char_length(contact_person) BETWEEN 2 AND 100),
  email text NOT NULL CHECK (char_length(email) <= 255),
  phone text NOT NULL CHECK (char_length(phone) BETWEEN 7 AND 20),
  address text NOT NULL CHECK (char_length(address) BETWEEN 5 AND 200),
  city text NOT NULL CHECK (char_length(city) BETWEEN 2 AND 100),
  postal_code text NOT NULL,
  business_description text NOT NULL CHECK (char_length(business_description) BETWEEN 20 AND 1000),
  terms_accepted_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX partner_applications_created_idx ON partner_applications (created_at DESC, id DESC);
