/*
 * Kept free of zod: upload names are cleaned with these on the pages' first load, which must not
 * carry the schema library (text.ts builds the schemas on top of this module).
 */
/**
 * Characters that never belong in text a customer types: checked by the shared schemas and used
 * to clean names the server keeps (upload file names).
 */

/** UTF-16 halves without their partner: not text, and PostgreSQL refuses them. */
export const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL: PostgreSQL text cannot hold it. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
export const nulCharacter = /\u0000/;

/**
 * Control characters a one-line field never holds: C0 (tab, newline, NUL, ...), DEL, C1 (including
 * U+0085 NEXT LINE) and the Unicode line and paragraph separators, which some mail and log readers
 * treat as line breaks.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const singleLineControl = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** In multi-line text: control characters other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const multiLineControl = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const global = (pattern: RegExp) => new RegExp(pattern.source, 'g');
const loneSurrogates = global(loneSurrogate);
const singleLineControls = global(singleLineControl);

/**
 * Unicode noncharacters (U+FDD0–U+FDEF and the last two code points of every plane, U+FFFE and
 * U+FFFF among them): XML 1.0 forbids U+FFFE/U+FFFF outright (a Peppol invoice with one is not
 * well-formed) and none is ever text a person typed.
 */
export const nonCharacter =
  /[\uFDD0-\uFDEF\uFFFE\uFFFF\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{3FFFE}\u{3FFFF}\u{4FFFE}\u{4FFFF}\u{5FFFE}\u{5FFFF}\u{6FFFE}\u{6FFFF}\u{7FFFE}\u{7FFFF}\u{8FFFE}\u{8FFFF}\u{9FFFE}\u{9FFFF}\u{AFFFE}\u{AFFFF}\u{BFFFE}\u{BFFFF}\u{CFFFE}\u{CFFFF}\u{DFFFE}\u{DFFFF}\u{EFFFE}\u{EFFFF}\u{FFFFE}\u{FFFFF}\u{10FFFE}\u{10FFFF}]/u;

/**
 * Characters that change how a name looks without being seen: bidirectional controls (a
 * right-to-left override turns "logo\u202Eath.pdf" into "logofdp.hta" on screen, hiding the real
 * extension), zero-width characters, word joiners and the soft hyphen. Removed from every file
 * name the shop shows or offers for download.
 */
export const invisibleFormatting =
  /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

const nonCharacters = new RegExp(nonCharacter.source, 'gu');
const invisibleFormattings = global(invisibleFormatting);

/** One line of display text: control characters, noncharacters and lone surrogates removed, trimmed. */
export function cleanSingleLine(text: string): string {
  return text.replace(loneSurrogates, '').replace(singleLineControls, '').replace(nonCharacters, '').trim();
}

/** A name as the shop shows it (file names): one clean line without invisible formatting. */
export function cleanDisplayName(text: string): string {
  return cleanSingleLine(text.replace(invisibleFormattings, ''));
}

/**
 * The one message for a character a text field refuses (control character, NUL, broken emoji
 * half). English here like the schemas' other messages; `localiseValidation` has the Swedish.
 */
export const invalidCharacterMessage =
  'This field contains an invisible control character or a broken character. Please remove it.';

/** True when the text has a character the field cannot hold (see the patterns above). */
export function hasForbiddenCharacter(text: string, multiline: boolean): boolean {
  return (
    loneSurrogate.test(text) ||
    nonCharacter.test(text) ||
    (multiline ? multiLineControl : singleLineControl).test(text)
  );
}
