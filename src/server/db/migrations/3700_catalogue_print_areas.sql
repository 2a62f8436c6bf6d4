-- Everything about a product in its record (issue 29): the garment mockup a customiser product is
-- designed on, print areas per side in cm (exact decimals), the picture, and the material, fit and
-- print texts in both languages, until now read from code by product id. A shop seeded before this
-- gets them for SPEC's 17 products as the code had them (src/shared/catalogue-seed.ts); a fresh
-- shop seeds them at first start. Facts the owner already saved (weight, size chart) are kept.
-- Each row's version rises, so every instance reloads its catalogue.
UPDATE catalogue_products
SET record = (record || '{"printAreas":{},"image":"kuponghäfte"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"Obestruket papper, häftat med omslag; numrerade och perforerade kuponger.","en":"Uncoated paper, stapled with a cover; numbered, perforated coupons."},"print":{"sv":"Digitaltryck i fyrfärg på båda sidor. Vi numrerar kupongerna åt dig.","en":"Full-colour digital print on both sides. We number the coupons for you."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'kuponghäfte' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"printAreas":{},"image":"klistermärken"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"Vit vinyl med permanent lim och UV-skyddande laminat.","en":"White vinyl with permanent adhesive and a UV-protective laminate."},"print":{"sv":"Digitaltryck i fyrfärg, konturskuret efter din form.","en":"Full-colour digital print, contour-cut to your shape."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'klistermärken' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"printAreas":{},"image":"tejp"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"Polypropen med akryllim, 50 mm × 66 m per rulle.","en":"Polypropylene with acrylic adhesive, 50 mm × 66 m per roll."},"print":{"sv":"Flexotryck i upp till två färger längs hela rullen.","en":"Flexo print in up to two colours along the whole roll."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'tejp' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"printAreas":{"front":{"widthCm":"25"}},"image":"halsduk-silke"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"100 % siden (habotai), 90 × 90 cm.","en":"100% silk (habotai), 90 × 90 cm."},"print":{"sv":"Sublimeringstryck kant i kant.","en":"Edge-to-edge sublimation print."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'halsduk-silke' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"printAreas":{"front":{"widthCm":"20"}},"image":"halsduk-stickad"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"100 % akryl, dubbelstickad, 18 × 140 cm med fransar.","en":"100% acrylic, double-knitted, 18 × 140 cm with fringes."},"print":{"sv":"Mönstret stickas in i upp till fyra färger.","en":"The pattern is knitted in, in up to four colours."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'halsduk-stickad' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"mockup":"tshirt","printAreas":{"front":{"widthCm":"30","heightCm":"35"},"back":{"widthCm":"32","heightCm":"41.8"}},"image":"tshirt-bomull"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"100 % ringspunnen, kardad bomull (gråmelerad: 85 % bomull, 15 % viskos).","en":"100% ring-spun combed cotton (heather grey: 85% cotton, 15% viscose)."},"fit":{"sv":"Unisex, normal passform. Välj din vanliga storlek.","en":"Unisex, regular fit. Choose your usual size."},"print":{"sv":"DTG- eller screentryck, fram och bak.","en":"DTG or screen print, front and back."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'tshirt-bomull' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"printAreas":{"front":{"widthCm":"30"},"back":{"widthCm":"32"},"side":{"widthCm":"10"}},"image":"tshirt-polyester"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"100 % återvunnen polyester, fukttransporterande piké.","en":"100% recycled polyester, moisture-wicking piqué."},"fit":{"sv":"Unisex, atletisk passform. Vill du ha den ledigare, välj en storlek större.","en":"Unisex, athletic fit. For a looser fit, choose one size up."},"print":{"sv":"Transfertryck, fram och bak.","en":"Transfer print, front and back."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'tshirt-polyester' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"printAreas":{"front":{"widthCm":"28"},"back":{"widthCm":"32"},"side":{"widthCm":"10"}},"image":"tracktop"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"100 % polyester, trikå med borstad insida.","en":"100% polyester tricot with a brushed inside."},"fit":{"sv":"Unisex, normal passform med resår i midja och ärmslut.","en":"Unisex, regular fit with elastic waist and cuffs."},"print":{"sv":"Transfertryck eller brodyr på bröstet, tryck på ryggen.","en":"Transfer print or embroidery on the chest, print on the back."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'tracktop' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"mockup":"hoodie","printAreas":{"front":{"widthCm":"28","heightCm":"24.4"},"back":{"widthCm":"32","heightCm":"29.3"}},"image":"hoodie"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"80 % bomull, 20 % polyester med borstad insida.","en":"80% cotton, 20% polyester with a brushed inside."},"fit":{"sv":"Unisex, ledig passform med dubbelt huvudfoder och känguruficka.","en":"Unisex, relaxed fit with a lined hood and kangaroo pocket."},"print":{"sv":"DTG- eller screentryck, fram och bak.","en":"DTG or screen print, front and back."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'hoodie' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"mockup":"crewneck","printAreas":{"front":{"widthCm":"30","heightCm":"37.5"},"back":{"widthCm":"32","heightCm":"44.3"}},"image":"crewneck"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"80 % bomull, 20 % polyester med borstad insida.","en":"80% cotton, 20% polyester with a brushed inside."},"fit":{"sv":"Unisex, normal passform med ribbade muddar.","en":"Unisex, regular fit with ribbed cuffs."},"print":{"sv":"DTG- eller screentryck, fram och bak.","en":"DTG or screen print, front and back."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'crewneck' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"printAreas":{"front":{"widthCm":"28"},"back":{"widthCm":"32"},"side":{"widthCm":"10"}},"image":"zip"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"80 % bomull, 20 % polyester med borstad insida; metalldragkedja.","en":"80% cotton, 20% polyester with a brushed inside; metal zip."},"fit":{"sv":"Unisex, normal passform med huva och sidofickor.","en":"Unisex, regular fit with a hood and side pockets."},"print":{"sv":"Tryck eller brodyr på bröstet, tryck på ryggen.","en":"Print or embroidery on the chest, print on the back."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'zip' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"mockup":"cap","printAreas":{"front":{"widthCm":"12","heightCm":"8.3"},"side":{"widthCm":"7","heightCm":"8.6"}},"image":"baseball-keps"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"100 % bomullstwill, sex paneler, metallspänne.","en":"100% cotton twill, six panels, metal buckle."},"fit":{"sv":"En storlek, justerbar (54–60 cm).","en":"One size, adjustable (54–60 cm)."},"print":{"sv":"Transfertryck eller brodyr fram eller på sidan.","en":"Transfer print or embroidery on the front or side."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'baseball-keps' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"printAreas":{"front":{"widthCm":"12"},"back":{"widthCm":"8"},"side":{"widthCm":"7"}},"image":"urvattad-keps"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"100 % tvättad bomull, sex paneler, metallspänne.","en":"100% washed cotton, six panels, metal buckle."},"fit":{"sv":"En storlek, justerbar (54–60 cm).","en":"One size, adjustable (54–60 cm)."},"print":{"sv":"Brodyr eller transfertryck fram.","en":"Embroidery or transfer print on the front."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'urvattad-keps' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"printAreas":{"front":{"widthCm":"12"},"back":{"widthCm":"8"},"side":{"widthCm":"7"}},"image":"keps-med-nat"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"Front i polyesterskum, nät i polyester, plastknäppning.","en":"Polyester foam front, polyester mesh back, snap closure."},"fit":{"sv":"En storlek, justerbar (55–61 cm).","en":"One size, adjustable (55–61 cm)."},"print":{"sv":"Transfertryck på frontpanelen.","en":"Transfer print on the front panel."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'keps-med-nat' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"mockup":"beanie","printAreas":{"front":{"widthCm":"9","heightCm":"4.5"}},"image":"mossa"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"100 % akryl, ribbstickad med uppvikt kant.","en":"100% acrylic, rib-knitted with a fold-up cuff."},"fit":{"sv":"En storlek, töjbar.","en":"One size, stretchy."},"print":{"sv":"Transfertryck eller brodyr fram.","en":"Transfer print or embroidery on the front."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'mossa' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"printAreas":{"front":{"widthCm":"12"},"back":{"widthCm":"12"},"side":{"widthCm":"8"}},"image":"fiskehatt"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"100 % bomullstwill.","en":"100% cotton twill."},"fit":{"sv":"En storlek (58 cm).","en":"One size (58 cm)."},"print":{"sv":"Sublimeringstryck runt om.","en":"Sublimation print all around."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'fiskehatt' AND NOT record ? 'printAreas';
UPDATE catalogue_products
SET record = (record || '{"printAreas":{"front":{"widthCm":"20"}},"image":"becknarväska"}'::jsonb)
      || jsonb_build_object('facts', '{"material":{"sv":"600D polyester, justerbar rem, två fack med dragkedja.","en":"600D polyester, adjustable strap, two zipped compartments."},"print":{"sv":"Transfertryck på framsidan.","en":"Transfer print on the front."}}'::jsonb || coalesce(record->'facts', '{}'::jsonb)),
    version = version + 1, updated_at = now()
WHERE id = 'becknarväska' AND NOT record ? 'printAreas';
