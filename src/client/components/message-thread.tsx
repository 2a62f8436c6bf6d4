import { Paperclip, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '@/shared/dates';
import { dateLocaleTag, type Locale } from '@/shared/i18n/locale';
import { orderTalkMessages } from '@/shared/i18n/messages/order-talk';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { MAX_MESSAGE_LENGTH, type OrderMessage } from '@/shared/order-talk';
import { formatFileSize, printFileAccept, type PrintFileAnswer } from '@/shared/print-files';
import { ApiError } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { printFileProblem, uploadPrintFile } from '@/client/lib/print-file-api';
import { Button } from '@/client/components/ui/button';
import { TextAreaField } from '@/client/components/ui/field';
import { useRequiredText } from '@/client/lib/required-text';
import { FileButton } from '@/client/components/ui/file-button';
import { textLinkClass } from '@/client/components/ui/text-link';

/**
 * An order's thread with the buyer, oldest first, and a form to write in it: the buyer's order
 * page ("you" and "the shop") and the admin's order view ("the buyer" and who answered) both show
 * it. Texts are shown as text (React escapes them); the server has refused links from the buyer.
 * With `attachFiles` the writer may send one file with a message: it is uploaded at once through
 * the print files' upload (POST /api/print-files: its types and 50 MB), and the message names it.
 */
export function MessageThread(props: {
  messages: readonly OrderMessage[];
  /** Whose side the reader is on: the buyer's messages are "you" on the order page. */
  reader: 'buyer' | 'staff';
  label: string;
  submitLabel: string;
  sentMessage: string;
  onSend: (text: string, file?: string) => Promise<unknown>;
  /** The writer may attach a file (the buyer). */
  attachFiles?: boolean;
  /** Where a message's file opens (its route, with the reader's credentials). */
  fileHref?: (message: OrderMessage) => string;
}) {
  const t = useT(orderTalkMessages);
  const { locale } = useLocale();
  const id = useId();
  const form = useRequiredText({ required: t.textRequired, failed: t.failed });
  const attachment = useAttachment();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    return form.send({
      sending: (text) => props.onSend(text, attachment.file?.id),
      sent: () => {
        attachment.clear();
        notify.success(props.sentMessage);
      },
      refused: (caught) => {
        if (!caught.fieldErrors.file) return false;
        attachment.refused(caught.fieldErrors.file);
        return true;
      },
    });
  };

  return (
    <div>
      {props.messages.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t.threadEmpty}</p>
      ) : (
        <ol className="mt-3 space-y-3" aria-label={t.threadHeading} data-testid="message-thread">
          {props.messages.map((message) => (
            <ThreadEntry
              key={message.id}
              message={message}
              reader={props.reader}
              locale={locale}
              fileHref={props.fileHref}
            />
          ))}
        </ol>
      )}
      <form className="mt-4" noValidate onSubmit={(event) => void submit(event)}>
        <TextAreaField
          id={`${id}-text`}
          label={props.label}
          error={form.error}
          rows={3}
          maxLength={MAX_MESSAGE_LENGTH}
          value={form.text}
          onChange={form.type}
        />
        {props.attachFiles && <AttachmentPicker attachment={attachment} disabled={form.busy} />}
        <Button
          type="submit"
          size="sm"
          className="mt-3"
          disabledLook="busy"
          disabled={form.busy || attachment.uploading !== null}
        >
          {form.busy ? t.sending : props.submitLabel}
        </Button>
      </form>
    </div>
  );
}

/** The file chosen for the next message: uploaded as soon as it is chosen, named until sent. */
function useAttachment() {
  const files = useT(printFileMessages);
  const [file, setFile] = useState<PrintFileAnswer | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const choose = async (chosen: File) => {
    const problem = printFileProblem(chosen, files);
    setError(problem);
    if (problem) return;
    setUploading(chosen.name);
    try {
      setFile(await uploadPrintFile(chosen));
    } catch (caught) {
      setFile(null);
      setError(caught instanceof ApiError ? caught.message : files.noFile);
    } finally {
      setUploading(null);
    }
  };
  return {
    file,
    uploading,
    error,
    choose,
    clear: () => {
      setFile(null);
      setError(undefined);
    },
    /** The server no longer has the file (or it was claimed): choose it again. */
    refused: (message: string) => {
      setFile(null);
      setError(message);
    },
  };
}

function AttachmentPicker(props: { attachment: ReturnType<typeof useAttachment>; disabled: boolean }) {
  const t = useT(orderTalkMessages);
  const { file, uploading, error, choose, clear } = props.attachment;
  const errorId = useId();
  return (
    <div className="mt-2" data-testid="message-attachment">
      <p className="text-sm text-slate-700">{t.attachHint}</p>
      {file ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-900">
          <Paperclip className="size-4 shrink-0" aria-hidden />
          <span className="min-w-0 break-all" data-testid="message-attached">
            {t.attached({ name: file.name || t.unnamedFile, size: formatFileSize(file.bytes) })}
          </span>
          <Button type="button" size="sm" variant="secondary" onClick={clear} disabled={props.disabled}>
            <X className="size-4" aria-hidden />
            {t.removeAttachment}
          </Button>
        </p>
      ) : (
        <FileButton
          label={uploading ? t.checkingFile({ name: uploading }) : t.attachFile}
          accept={printFileAccept}
          disabled={props.disabled || uploading !== null}
          testId="message-file-input"
          onFiles={([chosen]) => {
            if (chosen) void choose(chosen);
          }}
        />
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function ThreadEntry(props: {
  message: OrderMessage;
  reader: 'buyer' | 'staff';
  locale: Locale;
  fileHref: ((message: OrderMessage) => string) | undefined;
}) {
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
      {message.file && <MessageFileLink message={message} file={message.file} href={props.fileHref} />}
    </li>
  );
}

/** The message's file: its name and size, a link where the reader may open it. */
function MessageFileLink(props: {
  message: OrderMessage;
  file: NonNullable<OrderMessage['file']>;
  href: ((message: OrderMessage) => string) | undefined;
}) {
  const t = useT(orderTalkMessages);
  const label = t.openFile({
    name: props.file.name || t.unnamedFile,
    size: formatFileSize(props.file.bytes),
  });
  return (
    <p className="mt-1 text-sm" data-testid="thread-message-file">
      {props.href ? (
        <a href={props.href(props.message)} download className={`${textLinkClass({ icon: true })} break-all`}>
          <Paperclip className="size-4 shrink-0" aria-hidden />
          {label}
        </a>
      ) : (
        <span className="inline-flex items-center gap-2 break-all">
          <Paperclip className="size-4 shrink-0" aria-hidden />
          {label}
        </span>
      )}
    </p>
  );
}
