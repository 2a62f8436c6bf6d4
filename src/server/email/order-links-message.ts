import type Mail from 'nodemailer/lib/mailer';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { orderEmailMessages } from '@/shared/i18n/messages/order-emails';
import { orderLookupMessages } from '@/shared/i18n/messages/order-lookup';
import { orderPageMessages } from '@/shared/i18n/messages/order-page';
import { ORDER_LOOKUP_MAX_ORDERS } from '@/shared/order-lookup';
import { isOrderStatus } from '@/shared/order-status';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { formatInvoiceDate, formatKr } from '@/server/invoicing';
import { newOrderLink, orderLookupListing } from '@/server/orders';
import { buyerEmail } from './buyer-email';

/**
 * The email answering an order lookup: every order placed with the address (newest first, at most
 * ORDER_LOOKUP_MAX_ORDERS), each with a fresh order-page link. It goes to the address stored on
 * the orders (`order` is the newest of them), never to what the visitor typed; Swedish when asked
 * in Swedish or when the newest order is to Sweden, English otherwise.
 */
export async function buildOrderLinksMessage(
  db: Db,
  lookupId: number | null,
  order: { customerEmail: string },
  config: Config,
): Promise<Mail.Options> {
  // One more than is listed, to tell whether there are more.
  const lookup = await orderLookupListing(db, lookupId, order.customerEmail, ORDER_LOOKUP_MAX_ORDERS + 1);
  if (!lookup) throw new Error(`order lookup ${String(lookupId)} not found`);
  const rows = lookup.orders;
  const listed = rows.slice(0, ORDER_LOOKUP_MAX_ORDERS);
  const language: Locale = lookup.locale === 'sv' || listed[0]?.countryCode === 'SE' ? 'sv' : 'en';
  const t = translate(orderLookupMessages, language);
  const emails = translate(orderEmailMessages, language);
  const statuses = translate(orderPageMessages, language);
  const lines: string[] = [];
  for (const row of listed) {
    const url = await newOrderLink(db, row.id, config.publicBaseUrl, row.orderNumber);
    lines.push(
      `- ${t.emailLine({
        number: row.orderNumber,
        date: formatInvoiceDate(new Date(row.placedAt), language),
        total: formatKr(row.totalAmount),
        status: isOrderStatus(row.status) ? statuses[row.status] : row.status,
      })}`,
      `  ${url}`,
    );
  }
  // The address as stored with the orders; no name: the lookup answers an address, not a person.
  return buyerEmail(config, order, {
    language,
    subject: emails.lookupSubject,
    body: [
      emails.lookupBody,
      '',
      ...lines,
      '',
      ...(rows.length > ORDER_LOOKUP_MAX_ORDERS
        ? [t.emailMore({ max: ORDER_LOOKUP_MAX_ORDERS, email: config.seller.email }), '']
        : []),
      t.emailKeepPrivate,
      emails.lookupIgnore,
    ],
  });
}
