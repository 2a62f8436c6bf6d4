import { lazy, useEffect, useSyncExternalStore, type ComponentProps } from 'react';
import type { Toaster as SonnerToaster } from 'sonner';

type ToastOptions = { description?: string; id?: string };

/**
 * Toasts (sonner), loaded the first time something is told: most visits never show a toast, and
 * the library (8,5 KB) kept the first visit of `/` over its 90 KB budget when it loaded after the
 * first paint. The layout renders `<Toaster>` once `useToasterWanted()` turns true; a toast waits
 * until the toaster's live region is in the page, so a screen reader announces the first one too.
 */
const sonner = () => import('sonner');

const wantedListeners = new Set<() => void>();
let markToasterMounted: () => void = () => undefined;
const toasterMounted = new Promise<void>((resolve) => {
  markToasterMounted = resolve;
});
// A live region announces what is added after it exists: give assistive technology a moment to
// register the new region before the first toast goes into it.
const liveRegionSettleMs = 100;
let toasterReady: Promise<void> | undefined;

function whenToasterReady(): Promise<void> {
  if (!toasterReady) {
    toasterReady = toasterMounted.then(
      () => new Promise((resolve) => setTimeout(resolve, liveRegionSettleMs)),
    );
    // The layout reads `toasterReady !== undefined`, so it is set before the listeners run.
    for (const listener of wantedListeners) listener();
  }
  return toasterReady;
}

function subscribeToasterWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

/** True once a toast has been asked for: the layout mounts the toaster from then on. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    subscribeToasterWanted,
    () => toasterReady !== undefined,
    () => false,
  );
}

export const Toaster = lazy(() =>
  sonner().then(({ Toaster: LoadedToaster }) => ({
    default: function MountedToaster(props: ComponentProps<typeof SonnerToaster>) {
      useEffect(() => markToasterMounted(), []);
      return <LoadedToaster {...props} />;
    },
  })),
);

function show(kind: 'success' | 'error' | 'info', message: string, options?: ToastOptions): void {
  void Promise.all([sonner(), whenToasterReady()]).then(([{ toast }]) => {
    if (kind === 'info') toast(message, options);
    else toast[kind](message, options);
  });
}

export const notify = {
  success(message: string, options?: ToastOptions): void {
    show('success', message, options);
  },
  error(message: string, options?: ToastOptions): void {
    show('error', message, options);
  },
  info(message: string, options?: ToastOptions): void {
    show('info', message, options);
  },
};
