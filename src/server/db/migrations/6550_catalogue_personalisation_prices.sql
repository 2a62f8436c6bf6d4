-- A garment's price per printed name and number on a group order's garments (issue 44, decision
-- 0072): until now one constant in the code (40 kr a name, 25 kr a number, VAT included), now a
-- field of each garment's record that the owner edits in admin. A shop seeded before this gets
-- today's prices on every garment (a product ordered in sizes) that has none; a fresh shop seeds
-- them (src/shared/catalogue-seed.ts). Each changed row's version rises, so every instance reloads.
UPDATE catalogue_products
SET record = record || '{"personalisationPrices":{"name":"40","number":"25"}}'::jsonb,
    version = version + 1, updated_at = now()
WHERE record->'garment' = 'true'::jsonb AND NOT record ? 'personalisationPrices';
