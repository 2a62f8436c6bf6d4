/**
 * The shop's product pictures (drawings in src/client/assets/products, one file per name). A
 * product's record names one as its `image`; the owner picks from these in admin.
 */
export const productImages = [
  'baseball-keps',
  'becknarväska',
  'crewneck',
  'fiskehatt',
  'halsduk-silke',
  'halsduk-stickad',
  'hoodie',
  'keps-med-nat',
  'klistermärken',
  'kuponghäfte',
  'mossa',
  'tejp',
  'tracktop',
  'tshirt-bomull',
  'tshirt-polyester',
  'urvattad-keps',
  'zip',
] as const;

export function isProductImage(value: unknown): value is (typeof productImages)[number] {
  return typeof value === 'string' && (productImages as readonly string[]).includes(value.normalize('NFC'));
}
