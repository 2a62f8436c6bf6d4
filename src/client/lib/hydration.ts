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
