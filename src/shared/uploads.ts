/** Rules for customiser print uploads, shared so the browser can refuse early with the same words. */

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Raster formats the server accepts (checked by magic bytes, never by name or declared type). */
export const acceptedImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type AcceptedImageType = (typeof acceptedImageTypes)[number];

/** Value for the file input's `accept` attribute. */
export const acceptAttribute = acceptedImageTypes.join(',');

export const uploadMessages = {
  tooLarge: 'The file is too large. Images can be at most 20 MB.',
  noFile: 'No file was uploaded. Choose an image file (PNG, JPEG, WebP or GIF).',
  empty: 'The file is empty. Choose an image file (PNG, JPEG, WebP or GIF).',
  notImage: 'This file is not an image we can print from. Upload a PNG, JPEG, WebP or GIF image.',
  svg: 'SVG files cannot be uploaded here. Upload a PNG, JPEG, WebP or GIF for the preview, and email the SVG with your order number as the subject after ordering.',
  unreadable: 'The upload could not be read. Please try again.',
} as const;

/** Upload ids: random base64url text, the same rule the customisation schema applies. */
export const uploadIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

export function uploadUrl(id: string): string {
  return `/api/uploads/${encodeURIComponent(id)}`;
}
