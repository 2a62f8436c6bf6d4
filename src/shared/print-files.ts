/**
 * Print files: the artwork the shop prints from, attached to an order. Shared by the cart (which
 * shows kinds, the conversion fee and the print-quality check before ordering) and the server
 * (which detects the kind from the file's content and prices the fee).
 */
import type { PrintSide } from './print-options';

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
 * Physical width (cm) of the marked print area per product and side: what a print at the
 * customiser's 100 % / 1.6 fills. Products not listed take no print on an area (stickers, tape...).
 */
const printAreaWidthCm: Record<string, Partial<Record<PrintSide, number>>> = {
  'tshirt-bomull': { front: 30, back: 32, side: 10 },
  'tshirt-polyester': { front: 30, back: 32, side: 10 },
  hoodie: { front: 28, back: 32, side: 10 },
  crewneck: { front: 30, back: 32, side: 10 },
  tracktop: { front: 28, back: 32, side: 10 },
  zip: { front: 28, back: 32, side: 10 },
  'baseball-keps': { front: 12, back: 8, side: 7 },
  'urvattad-keps': { front: 12, back: 8, side: 7 },
  'keps-med-nat': { front: 12, back: 8, side: 7 },
  mossa: { front: 9, back: 9, side: 9 },
  fiskehatt: { front: 12, back: 12, side: 8 },
  becknarväska: { front: 20 },
  'halsduk-silke': { front: 25 },
  'halsduk-stickad': { front: 20 },
};

/** The customiser's print width at `scale` (1 = 1.6 × the marked area, as the preview draws it). */
export function printWidthCm(productId: string, side: PrintSide, scale: number): number | undefined {
  const area = printAreaWidthCm[productId]?.[side];
  return area === undefined ? undefined : Math.round(area * 1.6 * scale * 10) / 10;
}

/** The widths (cm) of the product's print areas by side, as the product page lists them. */
export function printAreaWidths(productId: string): Partial<Record<PrintSide, number>> {
  return printAreaWidthCm[productId] ?? {};
}

/** The full width of the product's front print area: the size a file without a placement is checked at. */
export function fullPrintWidthCm(productId: string): number | undefined {
  return printAreaWidthCm[productId]?.front;
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
      .map((p) => printWidthCm(line.productId, p.side, p.scale)),
  );
  const widths = (placed.length > 0 ? placed : lines.map((l) => fullPrintWidthCm(l.productId))).filter(
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
