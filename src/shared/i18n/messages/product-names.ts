import { defineMessages } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';

/** Product names by product id (the ids of SPEC §2 stay Swedish in URLs in both languages). */
export const productNameMessages = defineMessages({
  sv: {
    kuponghäfte: 'Kuponghäfte',
    klistermärken: 'Klistermärken',
    tejp: 'Tryckt tejp',
    'halsduk-silke': 'Sidenhalsduk',
    'halsduk-stickad': 'Stickad halsduk',
    'tshirt-bomull': 'T-shirt i bomull',
    'tshirt-polyester': 'T-shirt i polyester',
    tracktop: 'Track top',
    hoodie: 'Hoodie',
    crewneck: 'College-tröja',
    zip: 'Zip-tröja',
    'baseball-keps': 'Baseballkeps',
    'urvattad-keps': 'Urtvättad keps',
    'keps-med-nat': 'Keps med nät',
    mossa: 'Mössa',
    fiskehatt: 'Fiskehatt',
    becknarväska: 'Midjeväska',
  },
  en: {
    kuponghäfte: 'Coupon Booklet',
    klistermärken: 'Stickers',
    tejp: 'Printed Tape',
    'halsduk-silke': 'Silk Scarf',
    'halsduk-stickad': 'Knitted Scarf',
    'tshirt-bomull': 'Cotton T-shirt',
    'tshirt-polyester': 'Polyester T-shirt',
    tracktop: 'Track Top',
    hoodie: 'Hoodie',
    crewneck: 'Crewneck',
    zip: 'Zip Sweater',
    'baseball-keps': 'Baseball Cap',
    'urvattad-keps': 'Washed Cap',
    'keps-med-nat': 'Trucker Cap',
    mossa: 'Beanie',
    fiskehatt: 'Bucket Hat',
    becknarväska: 'Fanny Pack',
  },
});

/**
 * A product's name in one language: the catalogue's (as the owner keeps it) when given, else this
 * file's for a seeded id (an order line's stored product), else the English name.
 */
export function productName(
  locale: Locale,
  product: { id: string; name: string; names?: Readonly<Record<Locale, string>> | undefined },
): string {
  const names: Readonly<Record<string, string>> = productNameMessages[locale];
  return product.names?.[locale] ?? names[product.id] ?? product.name;
}
