import { z } from 'zod';

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

// Line breaks and tabs a single-line field may receive from a paste: read as one space.
const pastedBreaks = /[\t\r\n]+/g;
const carriageReturns = /\r/g;

/** True when the text has a character the field cannot hold (see the patterns above). */
export function hasForbiddenCharacter(text: string, multiline: boolean): boolean {
  return (
    loneSurrogate.test(text) ||
    nonCharacter.test(text) ||
    (multiline ? multiLineControl : singleLineControl).test(text)
  );
}

export interface TextFieldOptions {
  /** Keeps line feeds and tabs (addresses, descriptions); a one-line field reads them as a space. */
  multiline?: boolean;
  /** The message when the value is missing or not a string. */
  required: string;
  /** Fewest characters after trimming, with its message. */
  min?: readonly [number, string];
  /** Most characters after trimming, with its message. */
  max: readonly [number, string];
  /** The message for a refused character in the form's language (default: the English one). */
  invalidCharacter?: string;
}

/**
 * Every customer text field of the shared schemas is built here: trimmed, a pasted line break in a
 * one-line field read as a space, carriage returns dropped, and any other control character
 * (C0, DEL, C1 such as U+0085, U+2028/U+2029 in one-line fields), NUL, lone surrogate or
 * noncharacter (U+FFFE, U+FFFF, ...: everything XML 1.0 forbids) refused
 * with one clear message, before it can reach the database, an email header or a log line.
 */
export function textField(options: TextFieldOptions) {
  const { multiline = false, required, min, max, invalidCharacter = invalidCharacterMessage } = options;
  let checked = z
    .string()
    .refine((text) => !hasForbiddenCharacter(text, multiline), invalidCharacter)
    .max(max[0], max[1]);
  if (min) checked = checked.min(min[0], min[1]);
  return z
    .string({ error: required })
    .transform((text) =>
      (multiline ? text.replace(carriageReturns, '') : text.replace(pastedBreaks, ' ')).trim(),
    )
    .pipe(checked);
}
