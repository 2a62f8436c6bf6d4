import type Mail from 'nodemailer/lib/mailer';
import { translate } from '@/shared/i18n/define';
import { orderCancelMessages } from '@/shared/i18n/messages/order-cancel';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { formatKr, type InvoiceOrder } from '@/server/invoicing';
import { documentsOfOrder } from '@/server/ledger';
import { statusEventDetails } from '@/server/orders';
import { shopNotice } from './shop-notice';

/** The shop works in Swedish: its notices are Swedish whatever the buyer's language. */
const t = translate(orderCancelMessages, 'sv');

/**
 * The shop's notice that the buyer cancelled the order on its page (ref = the status event): the
 * credit notes the cancellation issued and the buyer's reason, Reply-To the buyer.
 */
export async function buildBuyerCancelNotice(
  db: Db,
  eventId: number | null,
  order: InvoiceOrder & { id: number },
  config: Config,
): Promise<Mail.Options> {
  const [details, documents] = await Promise.all([
    statusEventDetails(db, eventId),
    documentsOfOrder(db, order.id),
  ]);
  const notes = documents
    .filter((document) => document.kind === 'credit_note')
    .map((document) => `${document.number} (${formatKr(document.total)})`);
  const number = order.orderNumber;
  return shopNotice(config, order, t.noticeSubject({ number }), [
    t.noticeBody({
      number,
      credited: notes.length > 0 ? t.noticeCredited({ notes: notes.join(', ') }) : t.noticeNothingCredited,
    }),
    ...(details.reason ? ['', t.noticeReason, details.reason] : []),
    '',
    t.noticeCustomer({ name: order.customerName, email: order.customerEmail }),
  ]);
}
