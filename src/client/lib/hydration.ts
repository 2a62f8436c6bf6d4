import { startTransition, useEffect, useState } from 'react';

let adoptingServerHtml = false;
let pageHydrated = false;

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

/**
 * Called by the router's page (app.tsx) once the page React adopted from server HTML has
 * hydrated: a page rendered after that starts hydrated.
 */
export function markPageHydrated(): void {
  pageHydrated = true;
}

/**
 * Applies a change of state that the server's HTML could not know (browser storage, an answer
 * from the API) as a transition: where it reaches a part of the page React has not yet hydrated,
 * React hydrates that part in slices of a few milliseconds instead of in one blocking task
 * (an ordinary update forces it synchronously: most of the hoodie's and the cart's total
 * blocking time in Lighthouse, docs/performance.md).
 */
export function applyBrowserState(update: () => void): void {
  startTransition(update);
}

/**
 * False while React adopts server HTML (and on the server), true once hydrated and in a page the
 * browser rendered itself: a page can render the server's neutral first view, then what only the
 * browser knows, without a hydration mismatch. The switch after hydration renders as a transition
 * (in slices). For the page's own components: a component inside a Suspense boundary of its own
 * hydrates after the page and would find the page already hydrated.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(
    () => typeof window !== 'undefined' && (!adoptingServerHtml || pageHydrated),
  );
  useEffect(() => {
    if (!hydrated) applyBrowserState(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
