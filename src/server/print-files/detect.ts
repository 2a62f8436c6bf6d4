import type { PrintFileKind } from '@/shared/print-files';
import {
  detectImage,
  looksLikePdf,
  looksLikeSvgDocument,
  unmeasured,
  type WorkMeter,
} from '@/server/uploads';

export { looksLikeSvgDocument };

export type DetectedPrintFile = { kind: PrintFileKind; contentType: string } | undefined;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const TIFF_LE = [0x49, 0x49, 0x2a, 0x00];
const TIFF_BE = [0x4d, 0x4d, 0x00, 0x2a];
/** DOS EPS binary header (PostScript with a preview). */
const EPS_BINARY = [0xc5, 0xd0, 0xd3, 0xc6];
const POSTSCRIPT = ascii('%!PS');

/**
 * What a print file really is, from its first bytes; the name and declared type are never trusted.
 * An Illustrator (.ai) file is a PDF (since CS) or PostScript (before) inside, so it is one of
 * those. A PDF is one strictly by looksLikePdf: an HTML page that mentions `%PDF-` is none.
 */
export function detectPrintFile(head: Uint8Array, meter: WorkMeter = unmeasured()): DetectedPrintFile {
  const image = detectImage(head, meter);
  if (image.kind === 'image' && image.contentType !== 'image/gif') {
    return { kind: 'raster', contentType: image.contentType };
  }
  if (startsWith(head, TIFF_LE) || startsWith(head, TIFF_BE))
    return { kind: 'raster', contentType: 'image/tiff' };
  if (startsWith(head, POSTSCRIPT) || startsWith(head, EPS_BINARY)) {
    return { kind: 'vector', contentType: 'application/postscript' };
  }
  if (looksLikePdf(head, meter)) return { kind: 'vector', contentType: 'application/pdf' };
  if (image.kind === 'svg' && looksLikeSvgDocument(head, meter))
    return { kind: 'vector', contentType: 'image/svg+xml' };
  return undefined;
}
