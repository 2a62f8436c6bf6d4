import { useState } from 'react';
import { ApiError } from './api';

/**
 * A text to send that must not be empty (a message to the buyer, a staff note): what is typed,
 * whether it is on its way, and why it was refused, the server's words for the text first.
 * `send` clears the text once `sending` succeeds and then runs `sent`; `refused` may claim a
 * refusal that is about something else than the text (an attachment) by answering true.
 */
export function useRequiredText(texts: { required: string; failed: string }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const type = (value: string) => {
    setText(value);
    setError(undefined);
  };
  const send = async (options: {
    sending: (text: string) => Promise<unknown>;
    sent: () => unknown;
    refused?: (caught: ApiError) => boolean;
  }) => {
    if (text.trim() === '') {
      setError(texts.required);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await options.sending(text);
      setText('');
      await options.sent();
    } catch (caught) {
      if (caught instanceof ApiError && options.refused?.(caught)) return;
      setError(caught instanceof ApiError ? (caught.fieldErrors.text ?? caught.message) : texts.failed);
    } finally {
      setBusy(false);
    }
  };
  return { text, type, busy, error, send };
}
