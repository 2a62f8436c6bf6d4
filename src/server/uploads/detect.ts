import type { UploadContentType } from '@/server/db/uploads-schema';

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
export function detectImage(bytes: Uint8Array): Detected {
  if (startsWith(bytes, PNG) && startsWith(bytes, PNG_IHDR, 12))
    return { kind: 'image', contentType: 'image/png' };
  if (startsWith(bytes, JPEG)) return { kind: 'image', contentType: 'image/jpeg' };
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89))
    return { kind: 'image', contentType: 'image/gif' };
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8))
    return { kind: 'image', contentType: 'image/webp' };
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).toLowerCase();
  if (/<svg[\s>]/.test(head)) return { kind: 'svg' };
  return { kind: 'unknown' };
}

/**
 * An SVG document: text that starts with markup (an XML declaration, comment, doctype or the
 * svg element itself), so an HTML page that merely contains an <svg> is not taken for one.
 */
export function looksLikeSvgDocument(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(head)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!text.startsWith('<')) return false;
  if (/<(html|body|script)[\s>]/i.test(text.slice(0, text.search(/<svg[\s>]/i) + 1 || undefined)))
    return false;
  // A DOCTYPE may carry an internal subset in brackets (Illustrator declares entities there).
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*)*<svg[\s>]/i.test(
    text,
  );
}
