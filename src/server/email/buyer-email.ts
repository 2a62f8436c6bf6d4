import type Mail from 'nodemailer/lib/mailer';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { orderEmailMessages } from '@/shared/i18n/messages/order-emails';
import type { Config } from '@/server/config';
import { greetingName } from './greeting';

/** What fills the frame of an email to a buyer. */
export interface BuyerEmail {
  language: Locale;
  /** Free text from checkout: greeted by only when it reads as a plain name; none for a neutral greeting. */
  customerName?: string;
  to: string;
  config: Config;
  subject: string;
  body: string[];
  /** The order page's link, after the body; none for a mail about the customer rather than one order. */
  orderPageUrl?: string;
}

/** The frame every email to a buyer shares: greeting, body, the order page, signature; replies go to the seller. */
export function buyerEmail(mail: BuyerEmail): Mail.Options {
  const t = translate(orderEmailMessages, mail.language);
  const name = mail.customerName === undefined ? undefined : greetingName(mail.customerName);
  return {
    from: mail.config.mailFrom,
    // Address only: the buyer's name is free text anyone types for any address.
    to: mail.to,
    replyTo: mail.config.seller.email,
    subject: mail.subject,
    text: [
      name ? t.greeting({ name }) : t.hello,
      '',
      ...mail.body,
      ...(mail.orderPageUrl ? ['', t.followLink({ url: mail.orderPageUrl })] : []),
      '',
      t.signature({ shop: mail.config.seller.name }),
    ].join('\n'),
  };
}
