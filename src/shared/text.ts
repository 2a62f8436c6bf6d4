import { z } from 'zod';
import { hasForbiddenCharacter, invalidCharacterMessage } from './text-characters';

export * from './text-characters';

// Line breaks and tabs a single-line field may receive from a paste: read as one space.
const pastedBreaks = /[\t\r\n]+/g;
const carriageReturns = /\r/g;

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
