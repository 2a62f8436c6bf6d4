/**
 * Print files: the artwork the shop prints from, attached to an order. Shared by the cart (which
 * shows kinds, the conversion fee and the print-quality check before ordering) and the server
 * (which detects the kind from the file's content and prices the fee).
 */
import { findProduct } from './catalogue';
import type { PrintAreasCm } from './print-areas';
import { printSideIds, type PrintSide } from './print-options';

/** Largest print file, in bytes (50 MB). */
export const MAX_PRINT_FILE_BYTES = 50 * 1024 * 1024;

/** How many print files one order may carry. */
export const MAX_PRINT_FILES = 20;

export const printFileKinds = ['vector', 'raster'] as const;
/** Vector files print at any size; raster files are converted for a fee (CONVERSION_FEE in terms.ts). */
export type PrintFileKind = (typeof printFileKinds)[number];

/** What content sniffing may decide for a print file, and the kind each type is. */
export const printFileTypes = {
  'application/pdf': 'vector',
  'application/postscript': 'vector',
  'image/svg+xml': 'vector',
  'image/png': 'raster',
  'image/jpeg': 'raster',
  'image/tiff': 'raster',
  'image/webp': 'raster',
  // Customiser images used as the print file (GIF is accepted there).
  'image/gif': 'raster',
} as const satisfies Record<string, PrintFileKind>;

export function printFileKind(contentType: string): PrintFileKind | undefined {
  return (printFileTypes as Record<string, PrintFileKind | undefined>)[contentType];
}

/** The file input's `accept`: names and types of every accepted format (the server checks content). */
export const printFileAccept = [
  '.pdf',
  '.svg',
  '.eps',
  '.ai',
  '.png',
  '.jpg',
  '.jpeg',
  '.tif',
  '.tiff',
  '.webp',
  'application/pdf',
  'application/postscript',
  'image/svg+xml',
  'image/png',
  'image/jpeg',
  'image/tiff',
  'image/webp',
].join(',');

/** Fee lines on an order carry this product code (invoice item identifier, admin, CSV). */
export const CONVERSION_FEE_CODE = 'conversion-fee';
/** The fee line's stored name (English, like product names); shown translated from the catalogue. */
export const CONVERSION_FEE_NAME = 'Conversion of non-vector print file';

/** What POST /api/print-files answers (201). `width`/`height`: pixels, raster files only. */
export interface PrintFileAnswer {
  id: string;
  kind: PrintFileKind;
  name: string;
  bytes: number;
  contentType: string;
  width?: number;
  height?: number;
  /**
   * The stored bytes' sha256 (upload answers): the cart counts one conversion fee per distinct
   * file, as the server charges (the same bytes uploaded twice are one file).
   */
  sha256?: string;
}

/** A print file as an order shows it (confirmation, admin). */
export interface OrderPrintFile extends PrintFileAnswer {
  /** Raster files with a print size: effective resolution and the print width it was computed for. */
  quality?: PrintQuality;
  /** The order line (0-based, in the order's lines) the file is for; absent: the whole order. */
  line?: number;
  /** The buyer's note with the file. */
  note?: string;
}

/** Below this a raster print looks blurry: the buyer is warned, never refused. */
export const MIN_PRINT_DPI = 150;

/**
 * The print areas of a line's product in cm: the copy the order line keeps, else the catalogue's
 * (the product's record, print areas edited in admin). Products without any take no print on an
 * area (stickers, tape...).
 */
function areasOf(line: { productId: string; printAreas?: PrintAreasCm | undefined }): PrintAreasCm {
  return line.printAreas ?? findProduct(line.productId)?.printAreas ?? {};
}

/** The customiser's print width at `scale` (1 = 1.6 × the marked area, as the preview draws it). */
export function printWidthCm(areas: PrintAreasCm, side: PrintSide, scale: number): number | undefined {
  const area = areas[side]?.widthCm;
  return area === undefined ? undefined : Math.round(area * 1.6 * scale * 10) / 10;
}

/** The widths (cm) of the product's print areas by side, as the product page lists them. */
export function printAreaWidths(areas: PrintAreasCm): Partial<Record<PrintSide, number>> {
  const widths: Partial<Record<PrintSide, number>> = {};
  for (const side of printSideIds) {
    const width = areas[side]?.widthCm;
    if (width !== undefined) widths[side] = width;
  }
  return widths;
}

export interface PrintQuality {
  dpi: number;
  widthCm: number;
  blurry: boolean;
}

/** Effective resolution of `pixelWidth` pixels printed `widthCm` wide. */
export function printQuality(pixelWidth: number, widthCm: number): PrintQuality {
  const dpi = Math.round(pixelWidth / (widthCm / 2.54));
  return { dpi, widthCm, blurry: dpi < MIN_PRINT_DPI };
}

/** The lines of an order or cart as far as print sizes go. */
export interface PrintSizeLine {
  productId: string;
  /** The print areas the order line was sold with (absent: the catalogue's). */
  printAreas?: PrintAreasCm | undefined;
  customisation?: { prints: readonly { uploadId: string; side: PrintSide; scale: number }[] } | undefined;
}

/**
 * A raster file's quality at the largest size the order prints it: the placements that use it in
 * the customiser, else the full front print area of the order's products that take a print.
 * Undefined without a pixel width or without any print area (stickers only).
 */
export function printFileQuality(
  file: { id: string; width?: number | undefined },
  lines: readonly PrintSizeLine[],
): PrintQuality | undefined {
  if (!file.width) return undefined;
  const placed = lines.flatMap((line) =>
    (line.customisation?.prints ?? [])
      .filter((p) => p.uploadId === file.id)
      .map((p) => printWidthCm(areasOf(line), p.side, p.scale)),
  );
  const widths = (placed.length > 0 ? placed : lines.map((l) => areasOf(l).front?.widthCm)).filter(
    (w): w is number => w !== undefined && w > 0,
  );
  if (widths.length === 0) return undefined;
  return printQuality(file.width, Math.max(...widths));
}

/** "1,2 MB" / "340 kB": sizes as the cart and admin show them (Swedish number format, like money). */
export function formatFileSize(bytes: number): string {
  const format = (n: number, digits: number) =>
    new Intl.NumberFormat('sv-SE', { maximumFractionDigits: digits }).format(n);
  if (bytes >= 1024 * 1024) return `${format(bytes / (1024 * 1024), 1)} MB`;
  if (bytes >= 1024) return `${format(bytes / 1024, 0)} kB`;
  return `${format(bytes, 0)} B`;
}
