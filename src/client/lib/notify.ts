import { lazy } from 'react';

type ToastOptions = { description?: string; id?: string };

/**
 * Toasts (sonner), loaded after the first paint so the toast library stays out of the first-load
 * bundle. The Toaster mounts lazily in the layout; calls queue behind the same import.
 */
const sonner = () => import('sonner');

export const Toaster = lazy(() => sonner().then((m) => ({ default: m.Toaster })));

export const notify = {
  success(message: string, options?: ToastOptions): void {
    void sonner().then(({ toast }) => toast.success(message, options));
  },
  error(message: string, options?: ToastOptions): void {
    void sonner().then(({ toast }) => toast.error(message, options));
  },
  info(message: string, options?: ToastOptions): void {
    void sonner().then(({ toast }) => toast(message, options));
  },
};
