import { useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '@/shared/dates';
import { dateLocaleTag, type Locale } from '@/shared/i18n/locale';
import { orderTalkMessages } from '@/shared/i18n/messages/order-talk';
import { MAX_MESSAGE_LENGTH, type OrderMessage } from '@/shared/order-talk';
import { ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';

/**
 * An order's thread with the buyer, oldest first, and a form to write in it: the buyer's order
 * page ("you" and "the shop") and the admin's order view ("the buyer" and who answered) both show
 * it. Texts are shown as text (React escapes them); the server has refused links from the buyer.
 */
export function MessageThread(props: {
  messages: readonly OrderMessage[];
  /** Whose side the reader is on: the buyer's messages are "you" on the order page. */
  reader: 'buyer' | 'staff';
  label: string;
  submitLabel: string;
  sentMessage: string;
  onSend: (text: string) => Promise<unknown>;
}) {
  const t = useT(orderTalkMessages);
  const { locale } = useLocale();
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError(t.textRequired);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await props.onSend(text);
      setText('');
      notify.success(props.sentMessage);
    } catch (caught) {
      setError(caught instanceof ApiError ? (caught.fieldErrors.text ?? caught.message) : t.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {props.messages.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t.threadEmpty}</p>
      ) : (
        <ol className="mt-3 space-y-3" aria-label={t.threadHeading} data-testid="message-thread">
          {props.messages.map((message) => (
            <ThreadEntry key={message.id} message={message} reader={props.reader} locale={locale} />
          ))}
        </ol>
      )}
      <form className="mt-4" noValidate onSubmit={(event) => void submit(event)}>
        <Field id={`${id}-text`} label={props.label} error={error} announceError>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={MAX_MESSAGE_LENGTH}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </Field>
        <Button type="submit" size="sm" className="mt-3" disabledLook="busy" disabled={busy}>
          {busy ? t.sending : props.submitLabel}
        </Button>
      </form>
    </div>
  );
}

function ThreadEntry(props: { message: OrderMessage; reader: 'buyer' | 'staff'; locale: Locale }) {
  const t = useT(orderTalkMessages);
  const { message } = props;
  const fromBuyer = message.author === 'buyer';
  const who = fromBuyer
    ? props.reader === 'buyer'
      ? t.you
      : t.buyer
    : props.reader === 'staff' && message.writtenBy
      ? `${t.shop} (${message.writtenBy})`
      : t.shop;
  // The reader's own messages sit to the right, as in a chat.
  const own = (props.reader === 'buyer') === fromBuyer;
  return (
    <li
      className={`max-w-[85%] rounded-xl px-3 py-2 ${own ? 'ml-auto bg-brand-50 ring-1 ring-brand-200' : 'mr-auto bg-slate-100 ring-1 ring-slate-200'}`}
      data-testid="thread-message"
      data-author={message.author}
    >
      <p className="text-xs font-semibold text-slate-700">
        {who} · {formatDateTime(message.writtenAt, dateLocaleTag[props.locale])}
      </p>
      {message.kind === 'print_file' && message.printFile !== undefined && (
        <p className="mt-0.5 text-xs text-slate-700">{t.printFileNote({ n: message.printFile })}</p>
      )}
      <p className="mt-1 break-words whitespace-pre-line text-slate-900">{message.text}</p>
    </li>
  );
}
