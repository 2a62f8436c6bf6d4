/*
 * Kept apart from text.ts: that module builds zod schemas, and the pages' first load (which
 * needs only this) would otherwise carry zod (about 20 KB of compressed JavaScript).
 */
/**
 * `text` without its trailing run of any of `characters` ("/shop//" → "/shop"): a loop, because
 * `/\/+$/` searches from every position of a run and so takes quadratic time on "//…//x".
 */
export function trimTrailing(text: string, characters: string): string {
  let end = text.length;
  while (end > 0 && characters.includes(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}
