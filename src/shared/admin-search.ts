/**
 * What the admin's order search accepts. The server finds a term through a trigram index (migration
 * 0600_admin_search.sql): a term needs three letters or digits in a row to give the index a trigram
 * to look up. Shorter terms ("AB", "Li") would match a large part of every table and make the index
 * read all of itself, so they are refused with a clear message instead, and the admin page waits
 * for a third character before it searches.
 */
export const SEARCH_MIN_RUN = 3;

/** Both languages here until the shared message catalogue exists; the admin speaks Swedish. */
export const searchMessages = {
  tooShort: {
    sv: `Sök på minst ${SEARCH_MIN_RUN} bokstäver eller siffror i följd`,
    en: `Search for at least ${SEARCH_MIN_RUN} letters or digits in a row`,
  },
  invalidCharacter: {
    sv: 'Sökningen innehåller ett ogiltigt tecken',
    en: 'The search contains a character that is not allowed',
  },
} as const;

const searchableRun = new RegExp(`[\\p{L}\\p{N}]{${SEARCH_MIN_RUN}}`, 'u');

/** True when the index can find `term` (trimmed): it holds three letters or digits in a row. */
export function isSearchableTerm(term: string): boolean {
  return searchableRun.test(term);
}

/**
 * Control characters (tab, newline, NUL …) are refused in a term: a term then never matches across
 * two of the joined fields (they are joined by U+001F), and NUL is an error in a database text.
 */
export function hasControlCharacter(term: string): boolean {
  return /\p{Cc}/u.test(term);
}
