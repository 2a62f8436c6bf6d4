import type Mail from 'nodemailer/lib/mailer';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { orderEmailMessages } from '@/shared/i18n/messages/order-emails';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { invoiceLanguage, type InvoiceOrder } from '@/server/invoicing';
import { greetingName } from './greeting';

/** Who an email to a buyer goes to; without a name (the order lookup answers an address) it greets neutrally. */
export interface BuyerAddress {
  /** Free text from checkout: greeted by only when it reads as a plain name. */
  customerName?: string;
  customerEmail: string;
}

/**
 * What the buyer's email about one entry of an order's outbox is built from: `ref` is the row's
 * reference (the payment, document or line change it tells of), `orderPageUrl` the link made for it.
 */
export interface OrderEntryEmail {
  db: Db;
  ref: number | null;
  order: InvoiceOrder & { id: number };
  config: Config;
  orderPageUrl: string;
}

/** What an email to a buyer says. */
export interface BuyerEmail {
  language: Locale;
  subject: string;
  body: string[];
  /** The order page's link, after the body; none for a mail about the customer rather than one order. */
  orderPageUrl?: string;
}

/** The frame every email to a buyer shares: greeting, body, the order page, signature; replies go to the seller. */
export function buyerEmail(config: Config, buyer: BuyerAddress, mail: BuyerEmail): Mail.Options {
  const t = translate(orderEmailMessages, mail.language);
  const name = buyer.customerName === undefined ? undefined : greetingName(buyer.customerName);
  return {
    from: config.mailFrom,
    // Address only: the buyer's name is free text anyone types for any address.
    to: buyer.customerEmail,
    replyTo: config.seller.email,
    subject: mail.subject,
    text: [
      name ? t.greeting({ name }) : t.hello,
      '',
      ...mail.body,
      ...(mail.orderPageUrl ? ['', t.followLink({ url: mail.orderPageUrl })] : []),
      '',
      t.signature({ shop: config.seller.name }),
    ].join('\n'),
  };
}

/** An email about an order's progress or money, in the order's language, with the order page's link. */
export function orderEmail(
  order: InvoiceOrder,
  config: Config,
  orderPageUrl: string,
  subject: string,
  body: string[],
): Mail.Options {
  return buyerEmail(config, order, {
    language: invoiceLanguage(order.countryCode),
    subject,
    body,
    orderPageUrl,
  });
}
