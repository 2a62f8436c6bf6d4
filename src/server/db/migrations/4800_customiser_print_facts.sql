-- The beanie's and the baseball cap's facts promised transfer print or embroidery, while their
-- customiser, invoice and job ticket offer DTG and screen print (issue 45). A shop seeded before
-- this gets the seed's new wording, unless the owner has already written their own; each changed
-- row's version rises, so every instance reloads its catalogue.
UPDATE catalogue_products
SET record = jsonb_set(record, '{facts,print}', '{"sv":"DTG- eller screentryck fram.","en":"DTG or screen print on the front."}'::jsonb),
    version = version + 1, updated_at = now()
WHERE id = 'mossa'
  AND record->'facts'->'print' = '{"sv":"Transfertryck eller brodyr fram.","en":"Transfer print or embroidery on the front."}'::jsonb;
UPDATE catalogue_products
SET record = jsonb_set(record, '{facts,print}', '{"sv":"DTG- eller screentryck fram eller på sidan.","en":"DTG or screen print on the front or side."}'::jsonb),
    version = version + 1, updated_at = now()
WHERE id = 'baseball-keps'
  AND record->'facts'->'print' = '{"sv":"Transfertryck eller brodyr fram eller på sidan.","en":"Transfer print or embroidery on the front or side."}'::jsonb;
