import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AdminJobDetailBase } from '@/shared/admin';
import { formatDateTime } from '@/shared/dates';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { orderTalkMessages } from '@/shared/i18n/messages/order-talk';
import { MAX_NOTE_LENGTH } from '@/shared/order-talk';
import { apiFetch } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { MessageThread } from '@/client/components/message-thread';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { TextAreaField } from '@/client/components/ui/field';
import { useRequiredText } from '@/client/lib/required-text';
import { adminKeys } from '@/client/features/admin/admin-api';
import { DetailSection } from '@/client/features/admin/shared/detail-section';

const orderPath = (number: string) => `/api/admin/orders/${encodeURIComponent(number)}`;

/** The thread with the buyer in the admin's order view: staff answer; the buyer is emailed a link. */
export function OrderThread({ order }: { order: AdminJobDetailBase }) {
  const t = useT(orderTalkMessages);
  const queryClient = useQueryClient();
  return (
    <DetailSection heading={t.adminThreadHeading} testId="admin-order-messages">
      <p className="mt-1 text-sm text-slate-700">{t.adminThreadIntro}</p>
      <MessageThread
        messages={order.messages}
        reader="staff"
        label={t.answerLabel}
        submitLabel={t.answer}
        sentMessage={t.answerSent}
        fileHref={(message) =>
          `${orderPath(order.orderNumber)}/messages/${encodeURIComponent(message.id)}/file`
        }
        onSend={async (text) => {
          await apiFetch(`${orderPath(order.orderNumber)}/messages`, { method: 'POST', json: { text } });
          await queryClient.invalidateQueries({ queryKey: adminKeys.order(order.orderNumber) });
        }}
      />
    </DetailSection>
  );
}

/** Staff's internal notes on the order (issue 41): who, when, and which the job ticket prints. */
export function OrderNotes({ order }: { order: AdminJobDetailBase }) {
  const t = useT(orderTalkMessages);
  const queryClient = useQueryClient();
  const id = useId();
  const form = useRequiredText({ required: t.textRequired, failed: t.noteFailed });
  const [forProduction, setForProduction] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    return form.send({
      sending: (text) =>
        apiFetch(`${orderPath(order.orderNumber)}/notes`, {
          method: 'POST',
          json: { text, forProduction },
        }),
      sent: () => {
        setForProduction(false);
        notify.success(t.noteSaved);
        return queryClient.invalidateQueries({ queryKey: adminKeys.order(order.orderNumber) });
      },
    });
  };

  return (
    <DetailSection heading={t.notesHeading} testId="order-notes">
      <p className="mt-1 text-sm text-slate-700">{t.notesIntro}</p>
      {order.notes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t.notesEmpty}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {order.notes.map((note) => (
            <NoteItem key={note.id} note={note} />
          ))}
        </ul>
      )}
      <form className="mt-3" noValidate onSubmit={(event) => void submit(event)}>
        <TextAreaField
          id={`${id}-text`}
          label={t.noteLabel}
          error={form.error}
          rows={2}
          maxLength={MAX_NOTE_LENGTH}
          value={form.text}
          onChange={form.type}
        />
        <Checkbox
          className="mt-2 flex min-h-11 items-center gap-2 text-sm text-slate-800"
          checked={forProduction}
          onChange={setForProduction}
        >
          {t.forProduction}
        </Checkbox>
        <Button type="submit" size="sm" className="mt-2" disabledLook="busy" disabled={form.busy}>
          {t.addNote}
        </Button>
      </form>
    </DetailSection>
  );
}

/** A note: who wrote it and when, marked when the job ticket prints it. */
function NoteItem({ note }: { note: AdminJobDetailBase['notes'][number] }) {
  const t = useT(orderTalkMessages);
  const { locale } = useLocale();
  return (
    <li className="rounded-lg bg-amber-50 px-3 py-2 ring-1 ring-amber-200" data-testid="order-note">
      <p className="text-xs font-semibold text-slate-700">
        {t.writtenBy({ name: note.writtenBy, time: formatDateTime(note.writtenAt, dateLocaleTag[locale]) })}
        {note.forProduction && (
          <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-slate-800 px-2 py-0.5 text-white">
            {t.forProductionBadge}
          </span>
        )}
      </p>
      <p className="mt-1 break-words whitespace-pre-line text-slate-900">{note.text}</p>
    </li>
  );
}
