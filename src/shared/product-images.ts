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

/** A record's `image` naming a picture the owner uploaded: `picture:<upload id>`. */
const PICTURE_PREFIX = 'picture:';
const uploadIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

export function pictureImage(uploadId: string): string {
  return `${PICTURE_PREFIX}${uploadId}`;
}

/** The upload id of an uploaded picture's `image`; undefined for a drawing's name or anything else. */
export function uploadedPictureId(image: unknown): string | undefined {
  if (typeof image !== 'string' || !image.startsWith(PICTURE_PREFIX)) return undefined;
  const id = image.slice(PICTURE_PREFIX.length);
  return uploadIdPattern.test(id) ? id : undefined;
}

/** Where the browser gets an uploaded picture: a thumbnail made by the server (raster) or the cleaned SVG. */
export function productPictureUrl(uploadId: string): string {
  return `/api/product-pictures/${uploadId}`;
}
