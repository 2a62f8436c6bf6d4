import { sql } from 'drizzle-orm';
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
import { queryRows } from '@/server/db/query-rows';
import { formatInvoiceDate, formatKr } from '@/server/invoicing';
import { newOrderLink } from '@/server/orders';
import { buyerEmail } from './buyer-email';

interface ListedOrder extends Record<string, unknown> {
  id: string;
  order_number: string;
  placed_at: string;
  total_amount: string;
  status: string;
  country_code: string;
}

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
  const [lookup] = await queryRows<{ locale: Locale }>(
    db,
    sql`SELECT locale FROM order_lookups WHERE id = ${lookupId ?? 0}::bigint`,
  );
  if (!lookup) throw new Error(`order lookup ${String(lookupId)} not found`);
  const rows = await queryRows<ListedOrder>(
    db,
    sql`SELECT id::text AS id, order_number, to_char(order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS placed_at,
          total_amount::text AS total_amount, status, country_code
        FROM orders WHERE lower(customer_email) = lower(${order.customerEmail})
        ORDER BY order_date DESC, id DESC LIMIT ${ORDER_LOOKUP_MAX_ORDERS + 1}`,
  );
  const listed = rows.slice(0, ORDER_LOOKUP_MAX_ORDERS);
  const language: Locale = lookup.locale === 'sv' || listed[0]?.country_code === 'SE' ? 'sv' : 'en';
  const t = translate(orderLookupMessages, language);
  const emails = translate(orderEmailMessages, language);
  const statuses = translate(orderPageMessages, language);
  const lines: string[] = [];
  for (const row of listed) {
    const url = await newOrderLink(db, Number(row.id), config.publicBaseUrl, row.order_number);
    lines.push(
      `- ${t.emailLine({
        number: row.order_number,
        date: formatInvoiceDate(new Date(row.placed_at), language),
        total: formatKr(row.total_amount),
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
