import type { Locale } from '@/shared/i18n/locale';
import { defineMessages } from '@/shared/i18n/define';

/**
 * Other words buyers use for a product (synonyms, everyday and regional names), by product id,
 * space-separated: the header search finds "luvtröja" as well as "hoodie".
 */
export const productSearchWordMessages = defineMessages({
  sv: {
    kuponghäfte: 'kupong kuponger rabatthäfte häfte biljetter',
    klistermärken: 'dekal dekaler etikett etiketter stickers',
    tejp: 'packtejp förpackningstejp emballagetejp',
    'halsduk-silke': 'scarf sjal siden',
    'halsduk-stickad': 'supporterhalsduk fanhalsduk scarf',
    'tshirt-bomull': 'tröja tisha t-tröja linne',
    'tshirt-polyester': 'funktionströja sporttröja träningströja tröja',
    tracktop: 'träningsjacka overall jacka',
    hoodie: 'luvtröja huvtröja munkjacka luva tröja sweatshirt',
    crewneck: 'sweatshirt collegetröja tröja',
    zip: 'ziptröja dragkedja jacka tröja',
    'baseball-keps': 'keps mössa huvudbonad',
    'urvattad-keps': 'keps huvudbonad',
    'keps-med-nat': 'truckerkeps nätkeps keps',
    mossa: 'toppluva vintermössa luva',
    fiskehatt: 'hatt buckethatt solhatt',
    becknarväska: 'midjeväska magväska bältesväska väska',
  },
  en: {
    kuponghäfte: 'coupons voucher vouchers tickets booklet',
    klistermärken: 'sticker decal decals label labels',
    tejp: 'tape packing parcel',
    'halsduk-silke': 'scarf shawl silk',
    'halsduk-stickad': 'supporter fan scarf',
    'tshirt-bomull': 'tee tshirt shirt',
    'tshirt-polyester': 'tee tshirt shirt sport jersey',
    tracktop: 'track jacket tracksuit',
    hoodie: 'hooded sweatshirt hoody jumper',
    crewneck: 'sweatshirt jumper sweater',
    zip: 'zip-up jacket sweater',
    'baseball-keps': 'cap hat',
    'urvattad-keps': 'cap hat dad',
    'keps-med-nat': 'mesh cap hat',
    mossa: 'beanie toque hat',
    fiskehatt: 'bucket hat',
    becknarväska: 'bum bag belt bag waist',
  },
});

/** A product's search words in one language ('' for an id this file lacks). */
export function productSearchWords(locale: Locale, id: string): string {
  const words: Readonly<Record<string, string>> = productSearchWordMessages[locale];
  return words[id] ?? '';
}
