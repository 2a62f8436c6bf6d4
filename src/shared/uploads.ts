/** Rules for customiser print uploads, shared so the browser can refuse early with the same words. */
import { cleanDisplayName } from './text-characters';
import { trimTrailing } from './trim-trailing';
import type { PrintFileKind } from './print-files';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * Most pixels a raster image (preview or print file) may have. A small file can declare a huge
 * image (a 1,5 MB PNG of 20 000 × 20 000 px decodes to 1,6 GB), and every browser that shows it,
 * the admin's first, decodes all of it. The largest print is the back of a garment at the
 * customiser's largest scale, 32 cm × 1,6 = 51,2 cm wide and about 64 cm high: at 300 dpi
 * 6 050 × 7 560 px ≈ 46 megapixels, so 50 megapixels is every print at full quality and no more.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_MEGAPIXELS = MAX_IMAGE_PIXELS / 1_000_000;

/** Raster formats the server accepts (checked by magic bytes, never by name or declared type). */
export const acceptedImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type AcceptedImageType = (typeof acceptedImageTypes)[number];

/** SVG is accepted too, and stored cleaned of anything that could run or load (server side). */
export const SVG_TYPE = 'image/svg+xml';

/**
 * Print files the customiser takes but cannot preview (PDF, EPS, AI): they go to POST
 * /api/print-files and can only become the order's print file. Matched by declared type or name,
 * to choose the endpoint; the server decides by content either way.
 */
export const noPreviewTypes = ['application/pdf', 'application/postscript', 'application/illustrator'];
export const noPreviewExtension = /\.(pdf|eps|ai|ps)$/i;

/** Value for the customiser file input's `accept` attribute: previewable images and vector print files. */
export const acceptAttribute = [
  ...acceptedImageTypes,
  SVG_TYPE,
  '.svg',
  ...noPreviewTypes,
  '.pdf',
  '.eps',
  '.ai',
].join(',');

/** What POST /api/uploads answers (201). */
export interface UploadAnswer {
  id: string;
  contentType: string;
  size: number;
  url: string;
  /** As a print file, decided by the server: SVG is vector (no fee), every other image raster. */
  kind: PrintFileKind;
  /** Raster images: pixels, for the print-quality check. */
  width?: number;
  height?: number;
  /** The stored bytes' sha256: one conversion fee per distinct file (see PrintFileAnswer). */
  sha256?: string;
}

/** Upload ids: random base64url text, the same rule the customisation schema applies. */
export const uploadIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

export function uploadUrl(id: string): string {
  return `/api/uploads/${encodeURIComponent(id)}`;
}

/**
 * The file-name extensions each sniffed type may carry; the first is the one a name without a
 * fitting extension gets. An Illustrator file is a PDF or PostScript inside, so `.ai` fits both.
 */
const typeExtensions: Record<string, readonly string[]> = {
  'application/pdf': ['pdf', 'ai'],
  'application/postscript': ['eps', 'ps', 'ai', 'epsf'],
  'image/svg+xml': ['svg'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/tiff': ['tif', 'tiff'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
};

/** The short name of a sniffed type as the shop writes it: "PDF", "EPS", "SVG", "PNG", "JPEG", … */
export function fileTypeLabel(contentType: string): string {
  if (contentType === 'application/postscript') return 'EPS';
  if (contentType === 'image/svg+xml') return 'SVG';
  if (contentType === 'image/webp') return 'WebP';
  return (contentType.split('/')[1] ?? 'file').toUpperCase();
}

/**
 * A file name as the shop shows and downloads it: one clean line without bidi controls or invisible
 * formatting (they disguise `logo.hta` as `logoath.pdf`), no folders, and ending with an extension
 * of the type the content was detected as (`logo.hta` holding a PDF becomes `logo.hta.pdf`), so a
 * browser or desktop never opens it as anything else. `fallback` (without extension) names a file
 * that came without a usable name.
 */
export function typedFileName(
  name: string | null | undefined,
  contentType: string,
  fallback: string,
): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // Windows drops trailing dots and spaces, so `logo.pdf.` would be read as `logo.pdf`.
  const clean = trimTrailing(cleanDisplayName(base), '. ').slice(0, 200);
  const extensions = typeExtensions[contentType] ?? ['bin'];
  const stem = clean === '' ? fallback : clean;
  const dot = stem.lastIndexOf('.');
  const extension = dot > 0 ? stem.slice(dot + 1).toLowerCase() : '';
  return extensions.includes(extension) ? stem : `${stem}.${extensions[0] ?? 'bin'}`;
}

/** Longest file name repeated in a document the buyer's address receives (the invoice's fee line). */
const MAX_PLAIN_FILE_NAME = 48;
// Anything that reads as a link or an address (the same test as an email's greeting name).
const linkLike = /[:/@<>\\]|www\.|\.[a-z]{2,}(?![a-z])/i;

/**
 * A sender's file name when it is short and plain enough to repeat in a document that goes to the
 * order's address (the invoice's conversion-fee line), else undefined: file names are free text
 * anyone chooses ("URGENT refund pending - confirm at refunds-bulkprint.example.pdf").
 */
export function plainFileName(name: string | null | undefined): string | undefined {
  const clean = cleanDisplayName(name ?? '');
  const dot = clean.lastIndexOf('.');
  const stem = dot > 0 ? clean.slice(0, dot) : clean;
  if (clean === '' || clean.length > MAX_PLAIN_FILE_NAME || linkLike.test(stem)) return undefined;
  return clean;
}
