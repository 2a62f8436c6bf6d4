import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while hydration adopts its HTML, true afterwards: for parts that exist
 * only in the browser (the toast region), so server HTML and the first client render match.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
