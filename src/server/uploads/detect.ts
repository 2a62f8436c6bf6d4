import type { UploadContentType } from '@/server/db/uploads-schema';
import { find, isWhitespace, skipWhitespace, unmeasured, type WorkMeter } from './text-scan';

export type Detected =
  { kind: 'image'; contentType: UploadContentType } | { kind: 'svg' } | { kind: 'unknown' };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_IHDR = ascii('IHDR');
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/**
 * What a file really is, from its first bytes: the declared type and the file name are never
 * trusted. `svg` means the text mentions an svg element; looksLikeSvgDocument says whether it is one.
 */
export function detectImage(bytes: Uint8Array, meter: WorkMeter = unmeasured()): Detected {
  meter.steps += 16;
  if (startsWith(bytes, PNG) && startsWith(bytes, PNG_IHDR, 12))
    return { kind: 'image', contentType: 'image/png' };
  if (startsWith(bytes, JPEG)) return { kind: 'image', contentType: 'image/jpeg' };
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89))
    return { kind: 'image', contentType: 'image/gif' };
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8))
    return { kind: 'image', contentType: 'image/webp' };
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).toLowerCase();
  // One pass over the head: the pattern has no quantifier to backtrack on.
  meter.steps += head.length;
  if (/<svg[\s>]/.test(head)) return { kind: 'svg' };
  return { kind: 'unknown' };
}

/** Whether a tag `<name` followed by whitespace or `>` starts at `at` in `lower`. */
function tagAt(lower: string, name: string, at: number): boolean {
  const after = at + name.length + 1;
  return (
    lower.startsWith(`<${name}`, at) &&
    after < lower.length &&
    (lower[after] === '>' || isWhitespace(lower.charCodeAt(after)))
  );
}

/** Where a tag `<name` followed by whitespace or `>` first starts in `lower`, from `at`; -1 when nowhere. */
function findTag(lower: string, name: string, at: number, meter: WorkMeter): number {
  for (let found = find(lower, `<${name}`, at, meter); found !== -1;) {
    if (tagAt(lower, name, found)) return found;
    found = find(lower, `<${name}`, found + 1, meter);
  }
  return -1;
}

/** The position after a DOCTYPE that starts at `at` (`<!doctype` seen), or -1 when it never closes. */
function skipDoctype(lower: string, at: number, meter: WorkMeter): number {
  // `<!DOCTYPE svg ... >` or with an internal subset: `<!DOCTYPE svg [ ... ] >`.
  for (let position = at + '<!doctype'.length; position < lower.length; position++) {
    meter.steps++;
    const char = lower[position];
    if (char === '>') return position + 1;
    if (char !== '[') continue;
    // The subset ends at the first `]` that only whitespace separates from `>` (Illustrator
    // declares entities there, whose values may hold `]` or `>`).
    for (let close = find(lower, ']', position + 1, meter); close !== -1;) {
      const end = skipWhitespace(lower, close + 1, meter);
      if (lower[end] === '>') return end + 1;
      close = find(lower, ']', close + 1, meter);
    }
    return -1;
  }
  return -1;
}

/**
 * An SVG document: text that starts with markup (an XML declaration, comments, a doctype, then the
 * svg element itself), so an HTML page that merely contains an <svg> is not taken for one. Read
 * by a forward scan whose work is proportional to the head's length whatever it holds (a stranger
 * sends it); `meter` counts that work.
 */
export function looksLikeSvgDocument(head: Uint8Array, meter: WorkMeter = unmeasured()): boolean {
  if (head.includes(0)) return false;
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(head); // A BOM is dropped.
  meter.steps += decoded.length;
  // The checks below are ASCII words in any case; lower-casing first keeps each a plain search.
  const lower = decoded.toLowerCase();
  let position = skipWhitespace(lower, 0, meter);
  if (lower[position] !== '<') return false;
  const svg = findTag(lower, 'svg', position, meter);
  // An HTML page (or a script) before the first svg element: not an SVG document.
  const before = svg === -1 ? lower : lower.slice(0, svg + 1);
  if (['html', 'body', 'script'].some((name) => findTag(before, name, 0, meter) !== -1)) return false;
  if (svg === -1) return false;

  if (lower.startsWith('<?xml', position)) {
    const close = find(lower, '>', position, meter);
    if (close === -1) return false;
    position = skipWhitespace(lower, close + 1, meter);
  }
  // Comments and doctypes, each followed by whitespace, until the svg element.
  while (!tagAt(lower, 'svg', position)) {
    if (lower.startsWith('<!--', position)) {
      const close = find(lower, '-->', position + 4, meter);
      if (close === -1) return false;
      position = close + 3;
    } else if (lower.startsWith('<!doctype', position)) {
      position = skipDoctype(lower, position, meter);
      if (position === -1) return false;
    } else {
      return false;
    }
    position = skipWhitespace(lower, position, meter);
  }
  return true;
}

const PDF_HEADER = '%pdf-';
/** How far into a file a PDF's header may be (PDF 1.7, 7.5.2; readers look in the first KB). */
const PDF_HEADER_WITHIN = 1024;
/** Markup a browser would run as a page: a file holding any of these in its head is never a PDF. */
const pageMarkup = [
  '<html',
  '<head',
  '<body',
  '<script',
  '<iframe',
  '<object',
  '<embed',
  '<meta',
  '<!doctype html',
];

/**
 * A PDF, strictly: `%PDF-` at the start, or after a short binary preamble (within the first KB,
 * with no markup before it: an HTML page with `<!-- %PDF-1.7 -->` in it is not a PDF), and no
 * HTML anywhere in the head. `meter` counts the work.
 */
export function looksLikePdf(head: Uint8Array, meter: WorkMeter = unmeasured()): boolean {
  const lower = new TextDecoder('latin1').decode(head).toLowerCase();
  meter.steps += lower.length;
  const header = find(lower.slice(0, PDF_HEADER_WITHIN), PDF_HEADER, 0, meter);
  if (header === -1) return false;
  if (find(lower.slice(0, header), '<', 0, meter) !== -1) return false;
  return !pageMarkup.some((markup) => find(lower, markup, 0, meter) !== -1);
}
