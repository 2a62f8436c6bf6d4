import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while hydration adopts its HTML, true afterwards: for parts that work
 * only in the browser (the customiser's file picker), so server HTML and the first client render
 * match. The switch is a synchronous render of the component: keep it to small parts (decision 0083).
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
