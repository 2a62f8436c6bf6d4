/*
 * Kept free of zod: the checkout form and the server's schema both call it (checkout-schema.ts).
 *
 * Anyone can place an order for any email address. Whatever they type in the fields the shop then
 * repeats to that address (delivery address, names, company, reference, purchase order: the
 * confirmation email and the invoice PDF) reaches a stranger as the shop's words. A web address, a
 * domain name or an email address there turns the shop's own invoice into a phishing letter
 * ("Betala till BG … på https://…"), so those fields refuse them. One pass over the text, no
 * backtracking: the text is a stranger's.
 */

/** What the text holds that the field refuses. */
export type StrangerTextProblem = 'link' | 'lines';

/**
 * An address field's most lines: c/o, street, flat or box, postcode and town, region. The name and
 * the company have fields of their own; a longer text is a letter, not an address.
 */
export const MAX_ADDRESS_LINES = 5;

/** Schemes a mail reader or PDF viewer opens even without "//" ("mailto:x", "javascript:…"). */
const linkSchemes = new Set([
  'http',
  'https',
  'ftp',
  'ftps',
  'sftp',
  'mailto',
  'javascript',
  'vbscript',
  'file',
]);

/** Full stops a browser reads as a domain's dot (IDNA maps the ideographic and full-width ones). */
const dotCharacters = new Set(['.', '\u3002', '\uFF0E', '\uFF61']);

/**
 * Abbreviations written before a dot with no space, whatever follows ("St.Eriksgatan", "Co.KG",
 * "lgh.B"): a two-part word starting with one of these is not a domain.
 */
const abbreviations = new Set([
  'att',
  'avd',
  'bl',
  'box',
  'bv',
  'ca',
  'co',
  'corp',
  'dipl',
  'dr',
  'fr',
  'gt',
  'hr',
  'inc',
  'ing',
  'jr',
  'kv',
  'lgh',
  'ltd',
  'mr',
  'mrs',
  'ms',
  'nr',
  'no',
  'pl',
  'prof',
  'ref',
  'sr',
  'st',
  'str',
  'tr',
  'v',
  'vån',
]);

/**
 * Top-level domains a reader would take for one even when capitalised like a name ("X.Com"); any
 * other capitalised word after initials is a name ("J.Andersson", "A.B.Svensson").
 */
const wellKnownTopLevelDomains = new Set([
  'app',
  'at',
  'be',
  'biz',
  'ch',
  'cn',
  'co',
  'com',
  'de',
  'dev',
  'dk',
  'es',
  'eu',
  'fi',
  'fr',
  'info',
  'io',
  'it',
  'ly',
  'me',
  'net',
  'nl',
  'no',
  'nu',
  'online',
  'org',
  'pl',
  'ru',
  'se',
  'shop',
  'site',
  'top',
  'uk',
  'us',
  'xyz',
]);

const labelCharacter = /[\p{L}\p{N}\p{M}_-]/u;
const asciiLetters = /^[a-z]{2,24}$/i;
const punycodeLabel = /^xn--[a-z\d-]{1,59}$/i;
const oneLetter = /^\p{L}$/u;
const capitalisedWord = /^\p{Lu}\p{Ll}+$/u;
const startsWithCapital = /^\p{Lu}/u;
const shortNumber = /^\d{1,3}$/;
const digit = /^\d$/;
const whitespace = /^\s$/u;

const isLabelCharacter = (character: string | undefined) =>
  character !== undefined && labelCharacter.test(character);

/** A top-level domain as browsers know them: 2–24 letters, or an internationalised one (xn--). */
const looksLikeTopLevelDomain = (label: string) => asciiLetters.test(label) || punycodeLabel.test(label);

/**
 * Dotted labels ("evil", "se") that read as a host name. `next` is the character after them: a
 * path or a port ("bit.ly/x", "evil.se:8080") makes any host a link.
 */
function isHostName(labels: readonly string[], next: string, afterNext: string): boolean {
  if (labels.length === 4 && labels.every((label) => shortNumber.test(label))) return true; // 192.0.2.1
  const first = labels[0] ?? '';
  const last = labels[labels.length - 1] ?? '';
  if (first.toLowerCase() === 'www') return true;
  if (!looksLikeTopLevelDomain(last)) return false;
  if (next === '/' || next === '\\' || (next === ':' && digit.test(afterNext))) return true;
  // "St.Eriksgatan", "Co.KG": an abbreviation written without its space before a capitalised word.
  // Lower case after it ("v.se", "st.example") is how a host is written, so that stays a link.
  if (
    labels.length === 2 &&
    abbreviations.has(first.toLowerCase()) &&
    startsWithCapital.test(last) &&
    !wellKnownTopLevelDomains.has(last.toLowerCase())
  )
    return false;
  // "J.Andersson", "A.B.Svensson", "z.Hd": initials before a name.
  const initials = labels.slice(0, -1).every((label) => oneLetter.test(label));
  if (initials && capitalisedWord.test(last) && !wellKnownTopLevelDomains.has(last.toLowerCase()))
    return false;
  return true;
}

/**
 * True when the text holds something a reader's mail program or PDF viewer would offer as a link:
 * a URL ("https://…", "mailto:…"), a host name ("evil.se", "www.x", "bit.ly/x", an IP address) or
 * an email address. Dots followed by a space ("St. Eriksgatan", "Tryck & Co. AB"), by digits
 * ("lgh.1102") or ending a word ("Müller GmbH & Co.") are not; see `isHostName` for the rest.
 */
export function containsLink(text: string): boolean {
  const characters = Array.from(text);
  const count = characters.length;
  let index = 0;
  while (index < count) {
    const character = characters[index] ?? '';
    if (character === '@') {
      // "anna@evil.se": something on both sides. A lone "@" between spaces is a word, not an address.
      const before = characters[index - 1];
      if (before !== undefined && !whitespace.test(before) && isLabelCharacter(characters[index + 1]))
        return true;
      index += 1;
      continue;
    }
    if (!isLabelCharacter(character)) {
      index += 1;
      continue;
    }
    // A run of labels and dots: "St", "evil.se", "lgh.1102", "a..b.c".
    const labels: string[] = [];
    let label = '';
    let end = index;
    while (end < count) {
      const current = characters[end] ?? '';
      if (isLabelCharacter(current)) label += current;
      else if (dotCharacters.has(current) && isLabelCharacter(characters[end - 1])) {
        labels.push(label);
        label = '';
      } else break;
      end += 1;
    }
    // The run stopped at a dot that did not follow a label ("a..b"), at another character, or at
    // the end; a trailing dot ended the last label ("Co.").
    if (label !== '') labels.push(label);
    const next = characters[end] ?? '';
    const afterNext = characters[end + 1] ?? '';
    if (labels.length === 1 && next === ':' && linkSchemes.has(labels[0]?.toLowerCase() ?? '')) {
      if (afterNext !== '' && !whitespace.test(afterNext)) return true; // "mailto:x", "javascript:alert(1)"
    }
    if (next === ':' && afterNext === '/' && characters[end + 2] === '/') return true; // "anything://"
    // "evil.se." ends a sentence: what follows the host is the dot, not a path.
    const endsWithDot = label === '' && labels.length > 0 && dotCharacters.has(characters[end - 1] ?? '');
    if (labels.length >= 2 && isHostName(labels, endsWithDot ? '.' : next, afterNext)) return true;
    // A double dot ("a..evil.se") starts the next run at the second dot's label.
    index = end > index ? end : index + 1;
  }
  return false;
}

/** Lines of a multi-line field, blank ones included (a gap is a line on the invoice too). */
export function lineCount(text: string): number {
  let lines = 1;
  for (const character of text) if (character === '\n') lines += 1;
  return lines;
}

/**
 * What a field repeated to the order's email address refuses: a link of any kind, and in an
 * address more than MAX_ADDRESS_LINES lines.
 */
export function strangerTextProblem(
  text: string,
  options: { maxLines?: number } = {},
): StrangerTextProblem | undefined {
  if (containsLink(text)) return 'link';
  if (options.maxLines !== undefined && lineCount(text) > options.maxLines) return 'lines';
  return undefined;
}
