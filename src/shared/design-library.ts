import type { PrintFileKind } from './print-files';

/**
 * The account's design library (issue 43, docs/accounts.md, decision 0077): every customiser
 * image and print file of the orders the signed-in buyer may reuse the files of (their own and
 * their company's), once per upload, to use again in a new design without uploading it again.
 */

export const designLibraryApiPaths = {
  /** GET: the library (cookie; 401 without). */
  library: '/api/account/designs',
  /** GET: a raster file's bounded thumbnail (WebP), only for a file of the reader's library. */
  thumbnail: (uploadId: string) => `/api/account/designs/${encodeURIComponent(uploadId)}/thumbnail`,
} as const;

/** Files listed at most (newest use first). */
export const DESIGN_LIBRARY_MAX = 100;
/** The library thumbnail's longer side, in pixels (a 2× screen's 80 px box). */
export const DESIGN_THUMBNAIL_PX = 160;

/** How a file was used: a customiser image (placed on a product) or a print file (sent as it is). */
export type DesignUse = 'image' | 'print-file';

/** One file of the library. */
export interface LibraryDesign {
  /** The upload's id: a new order names the same id. */
  id: string;
  use: DesignUse;
  /** The buyer's file name, cleaned; '' when none was given. */
  name: string;
  contentType: string;
  /** As a print file: vector (SVG, PDF, EPS, AI) or raster. */
  kind: PrintFileKind;
  bytes: number;
  width?: number;
  height?: number;
  /** Where its preview is: a thumbnail (raster), the image itself (SVG); absent for PDF/EPS/AI. */
  preview?: string;
  /** ISO time of the newest order that used it. */
  lastUsedAt: string;
  /** The orders that used it, newest first. */
  orders: { orderNumber: string; placedAt: string }[];
}

export interface DesignLibrary {
  designs: LibraryDesign[];
}
