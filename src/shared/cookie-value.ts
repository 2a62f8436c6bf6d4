/**
 * A cookie's value in a Cookie header (`a=1; b=2`, or the browser's `document.cookie`), null when
 * it is not there. Split, not a pattern: the header is a stranger's.
 */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}
