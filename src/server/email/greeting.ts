import { cleanSingleLine } from '@/shared/text';

/** Longest name a greeting repeats; longer free text is not a name. */
const MAX_GREETING_NAME = 40;
// Anything that reads as a link or an address: a greeting must not carry a message to a stranger.
const linkLike = /[:/@<>\\]|www\.|\.[a-z]{2,}(?![a-z])/i;

/**
 * The buyer's name as a greeting may use it, or undefined for a neutral greeting. The name is
 * free text anyone can type at checkout for any address ("WIN A PRIZE: visit https://…"), so it
 * is used only when short and plain; the To header never carries it (address only).
 */
export function greetingName(name: string): string | undefined {
  const clean = cleanSingleLine(name);
  if (clean === '' || clean.length > MAX_GREETING_NAME || linkLike.test(clean)) return undefined;
  return clean;
}
