import { useState } from 'react';
import { ApiError } from '@/client/lib/api';
import { notify } from '@/client/lib/notify';

/**
 * Sending a group-order form once at a time: a second click while busy does nothing, and a refusal
 * puts the server's messages on their fields and its summary in a toast.
 */
export function useSending({ clearErrors }: { clearErrors: boolean }) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    if (clearErrors) setErrors({});
    try {
      await work();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors(error.fieldErrors);
      notify.error(error.message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, send };
}
