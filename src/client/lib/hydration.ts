import { useSyncExternalStore } from 'react';

let adoptingServerHtml = false;

/** Called once before hydrating server-rendered HTML. */
export function markServerRendered(): void {
  adoptingServerHtml = true;
}

/**
 * True when the page started from server HTML: state the server cannot know (browser storage:
 * the cart, the chosen currency) must start as the server rendered it and be read after mount,
 * or hydration would not match.
 */
export function startedFromServerHtml(): boolean {
  return adoptingServerHtml;
}

const subscribeToNothing = () => () => undefined;

/**
 * False while React adopts server HTML (and on the server), true once hydrated and in a page the
 * browser rendered itself: a page can render the server's neutral first view, then what only the
 * browser knows, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
