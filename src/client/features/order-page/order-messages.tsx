import { useId } from 'react';
import { orderTalkMessages } from '@/shared/i18n/messages/order-talk';
import type { MessagesAnswer, OrderMessage } from '@/shared/order-talk';
import { orderTokenHeader, type OrderView } from '@/shared/order-view';
import { apiFetch } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
import { MessageThread } from '@/client/components/message-thread';
import type { OrderAccess } from './order-page-api';

/** POST /api/orders/:number/messages with the token in the header (never in the page's URL). */
function sendMessage(access: OrderAccess, text: string, file: string | undefined): Promise<MessagesAnswer> {
  return apiFetch<MessagesAnswer>(`/api/orders/${encodeURIComponent(access.orderNumber)}/messages`, {
    method: 'POST',
    headers: { [orderTokenHeader]: access.token },
    json: file === undefined ? { text } : { text, file },
  });
}

/** A message's file opens by a link (as the order's PDFs do): the token goes as ?token=. */
function messageFileHref(access: OrderAccess, message: OrderMessage): string {
  const order = encodeURIComponent(access.orderNumber);
  return `/api/orders/${order}/messages/${encodeURIComponent(message.id)}/file?token=${encodeURIComponent(access.token)}`;
}

/** The buyer's thread with the shop on the order page (issue 41). */
export function OrderMessages(props: { order: OrderView; access: OrderAccess; onSent: () => void }) {
  const t = useT(orderTalkMessages);
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-heading`}
      data-testid="order-messages"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 md:col-span-2"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {t.threadHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t.threadIntro}</p>
      <MessageThread
        messages={props.order.messages}
        reader="buyer"
        label={t.messageLabel}
        submitLabel={t.send}
        sentMessage={t.sent}
        attachFiles
        fileHref={(message) => messageFileHref(props.access, message)}
        onSend={async (text, file) => {
          await sendMessage(props.access, text, file);
          props.onSent();
        }}
      />
    </section>
  );
}
