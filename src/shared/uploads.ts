/** Rules for customiser print uploads, shared so the browser can refuse early with the same words. */
import type { PrintFileKind } from './print-files';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

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
}

/** Upload ids: random base64url text, the same rule the customisation schema applies. */
export const uploadIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

export function uploadUrl(id: string): string {
  return `/api/uploads/${encodeURIComponent(id)}`;
}
