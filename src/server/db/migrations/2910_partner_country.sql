-- Partner applications say where the company is (issue 28): a company abroad gives its own
-- registration number and postcode. Earlier applications were all Swedish.
ALTER TABLE partner_applications ADD COLUMN country text NOT NULL DEFAULT 'SE' CHECK (country ~ '^[A-Z]{2}$');
