/**
 * The seed's material, fit and print texts per product (catalogue-seed.ts writes them into each
 * product's record at first start; from then on the owner edits them in admin). Server and tests
 * only: the browser reads facts from the product's record.
 */
import { defineMessages } from './i18n/define';

/** Material by product id. */
export const productMaterialMessages = defineMessages({
  sv: {
    kuponghäfte: 'Obestruket papper, häftat med omslag; numrerade och perforerade kuponger.',
    klistermärken: 'Vit vinyl med permanent lim och UV-skyddande laminat.',
    tejp: 'Polypropen med akryllim, 50 mm × 66 m per rulle.',
    'halsduk-silke': '100 % siden (habotai), 90 × 90 cm.',
    'halsduk-stickad': '100 % akryl, dubbelstickad, 18 × 140 cm med fransar.',
    'tshirt-bomull': '100 % ringspunnen, kardad bomull (gråmelerad: 85 % bomull, 15 % viskos).',
    'tshirt-polyester': '100 % återvunnen polyester, fukttransporterande piké.',
    tracktop: '100 % polyester, trikå med borstad insida.',
    hoodie: '80 % bomull, 20 % polyester med borstad insida.',
    crewneck: '80 % bomull, 20 % polyester med borstad insida.',
    zip: '80 % bomull, 20 % polyester med borstad insida; metalldragkedja.',
    'baseball-keps': '100 % bomullstwill, sex paneler, metallspänne.',
    'urvattad-keps': '100 % tvättad bomull, sex paneler, metallspänne.',
    'keps-med-nat': 'Front i polyesterskum, nät i polyester, plastknäppning.',
    mossa: '100 % akryl, ribbstickad med uppvikt kant.',
    fiskehatt: '100 % bomullstwill.',
    becknarväska: '600D polyester, justerbar rem, två fack med dragkedja.',
  },
  en: {
    kuponghäfte: 'Uncoated paper, stapled with a cover; numbered, perforated coupons.',
    klistermärken: 'White vinyl with permanent adhesive and a UV-protective laminate.',
    tejp: 'Polypropylene with acrylic adhesive, 50 mm × 66 m per roll.',
    'halsduk-silke': '100% silk (habotai), 90 × 90 cm.',
    'halsduk-stickad': '100% acrylic, double-knitted, 18 × 140 cm with fringes.',
    'tshirt-bomull': '100% ring-spun combed cotton (heather grey: 85% cotton, 15% viscose).',
    'tshirt-polyester': '100% recycled polyester, moisture-wicking piqué.',
    tracktop: '100% polyester tricot with a brushed inside.',
    hoodie: '80% cotton, 20% polyester with a brushed inside.',
    crewneck: '80% cotton, 20% polyester with a brushed inside.',
    zip: '80% cotton, 20% polyester with a brushed inside; metal zip.',
    'baseball-keps': '100% cotton twill, six panels, metal buckle.',
    'urvattad-keps': '100% washed cotton, six panels, metal buckle.',
    'keps-med-nat': 'Polyester foam front, polyester mesh back, snap closure.',
    mossa: '100% acrylic, rib-knitted with a fold-up cuff.',
    fiskehatt: '100% cotton twill.',
    becknarväska: '600D polyester, adjustable strap, two zipped compartments.',
  },
});

/** Fit by product id: garments and headwear (nothing for products where fit says nothing). */
export const productFitMessages = defineMessages({
  sv: {
    'tshirt-bomull': 'Unisex, normal passform. Välj din vanliga storlek.',
    'tshirt-polyester': 'Unisex, atletisk passform. Vill du ha den ledigare, välj en storlek större.',
    tracktop: 'Unisex, normal passform med resår i midja och ärmslut.',
    hoodie: 'Unisex, ledig passform med dubbelt huvudfoder och känguruficka.',
    crewneck: 'Unisex, normal passform med ribbade muddar.',
    zip: 'Unisex, normal passform med huva och sidofickor.',
    'baseball-keps': 'En storlek, justerbar (54–60 cm).',
    'urvattad-keps': 'En storlek, justerbar (54–60 cm).',
    'keps-med-nat': 'En storlek, justerbar (55–61 cm).',
    mossa: 'En storlek, töjbar.',
    fiskehatt: 'En storlek (58 cm).',
  },
  en: {
    'tshirt-bomull': 'Unisex, regular fit. Choose your usual size.',
    'tshirt-polyester': 'Unisex, athletic fit. For a looser fit, choose one size up.',
    tracktop: 'Unisex, regular fit with elastic waist and cuffs.',
    hoodie: 'Unisex, relaxed fit with a lined hood and kangaroo pocket.',
    crewneck: 'Unisex, regular fit with ribbed cuffs.',
    zip: 'Unisex, regular fit with a hood and side pockets.',
    'baseball-keps': 'One size, adjustable (54–60 cm).',
    'urvattad-keps': 'One size, adjustable (54–60 cm).',
    'keps-med-nat': 'One size, adjustable (55–61 cm).',
    mossa: 'One size, stretchy.',
    fiskehatt: 'One size (58 cm).',
  },
});

/** How each product is printed. */
export const productPrintMessages = defineMessages({
  sv: {
    kuponghäfte: 'Digitaltryck i fyrfärg på båda sidor. Vi numrerar kupongerna åt dig.',
    klistermärken: 'Digitaltryck i fyrfärg, konturskuret efter din form.',
    tejp: 'Flexotryck i upp till två färger längs hela rullen.',
    'halsduk-silke': 'Sublimeringstryck kant i kant.',
    'halsduk-stickad': 'Mönstret stickas in i upp till fyra färger.',
    'tshirt-bomull': 'DTG- eller screentryck, fram och bak.',
    'tshirt-polyester': 'Transfertryck, fram och bak.',
    tracktop: 'Transfertryck eller brodyr på bröstet, tryck på ryggen.',
    hoodie: 'DTG- eller screentryck, fram och bak.',
    crewneck: 'DTG- eller screentryck, fram och bak.',
    zip: 'Tryck eller brodyr på bröstet, tryck på ryggen.',
    'baseball-keps': 'DTG- eller screentryck fram eller på sidan.',
    'urvattad-keps': 'Brodyr eller transfertryck fram.',
    'keps-med-nat': 'Transfertryck på frontpanelen.',
    mossa: 'DTG- eller screentryck fram.',
    fiskehatt: 'Sublimeringstryck runt om.',
    becknarväska: 'Transfertryck på framsidan.',
  },
  en: {
    kuponghäfte: 'Full-colour digital print on both sides. We number the coupons for you.',
    klistermärken: 'Full-colour digital print, contour-cut to your shape.',
    tejp: 'Flexo print in up to two colours along the whole roll.',
    'halsduk-silke': 'Edge-to-edge sublimation print.',
    'halsduk-stickad': 'The pattern is knitted in, in up to four colours.',
    'tshirt-bomull': 'DTG or screen print, front and back.',
    'tshirt-polyester': 'Transfer print, front and back.',
    tracktop: 'Transfer print or embroidery on the chest, print on the back.',
    hoodie: 'DTG or screen print, front and back.',
    crewneck: 'DTG or screen print, front and back.',
    zip: 'Print or embroidery on the chest, print on the back.',
    'baseball-keps': 'DTG or screen print on the front or side.',
    'urvattad-keps': 'Embroidery or transfer print on the front.',
    'keps-med-nat': 'Transfer print on the front panel.',
    mossa: 'DTG or screen print on the front.',
    fiskehatt: 'Sublimation print all around.',
    becknarväska: 'Transfer print on the front.',
  },
});
