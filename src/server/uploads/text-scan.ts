/**
 * Small forward-only scanning steps for text a stranger sent (upload heads, CSS in an SVG). Each
 * step looks at each character at most a fixed number of times, so a scan costs time in
 * proportion to its input whatever the input is: no regular expression backtracking. The work is
 * counted in `meter.steps` (one per character looked at), which the fuzz tests read.
 */

/** Characters looked at so far: the measure of work the fuzz tests compare with the input size. */
export interface WorkMeter {
  steps: number;
}

/** A meter nobody reads: the default when a caller does not measure. */
export const unmeasured = (): WorkMeter => ({ steps: 0 });

/** The whitespace of JavaScript's `\s` (and of String.prototype.trim). */
export function isWhitespace(code: number): boolean {
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true;
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** ASCII letters folded to lower case; every other code unit as it is. */
const foldCase = (code: number) => (code >= 0x41 && code <= 0x5a ? code + 0x20 : code);

/** Whether `word` (lower-case ASCII) is at `at` in `text`, in any ASCII case. */
export function wordAt(text: string, at: number, word: string, meter: WorkMeter): boolean {
  if (at + word.length > text.length) return false;
  for (let i = 0; i < word.length; i++) {
    meter.steps++;
    if (foldCase(text.charCodeAt(at + i)) !== word.charCodeAt(i)) return false;
  }
  return true;
}

/** The first position at or after `at` that is not whitespace (text.length when none). */
export function skipWhitespace(text: string, at: number, meter: WorkMeter): number {
  let position = at;
  while (position < text.length && isWhitespace(text.charCodeAt(position))) {
    meter.steps++;
    position++;
  }
  return position;
}

/** Where `needle` next starts at or after `at`, or -1; the characters passed are counted. */
export function find(text: string, needle: string, at: number, meter: WorkMeter): number {
  const found = text.indexOf(needle, at);
  meter.steps += (found === -1 ? text.length : found) - at + needle.length;
  return found;
}
