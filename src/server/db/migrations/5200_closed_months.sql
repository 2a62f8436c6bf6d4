-- Months the bookkeeper has closed (Bokföringslagen 1999:1078, 5 kap.; BFNAR 2013:2): no payment
-- or correction is dated in one. A month is closed once, never reopened.
CREATE TABLE closed_months (
  month text PRIMARY KEY CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  closed_at timestamptz NOT NULL DEFAULT now(),
  -- Who closed it, by name (as payments.recorded_by).
  closed_by text
);
