import type Mail from 'nodemailer/lib/mailer';
import type { Config } from '@/server/config';

/**
 * The shop's notice about a buyer's step (a proof answered, a print file added): in Swedish, to the
 * shop's address, Reply-To the buyer, ending with the admin's address where the order is opened.
 */
export function shopNotice(
  config: Config,
  order: { customerEmail: string },
  subject: string,
  body: string[],
): Mail.Options {
  return {
    from: config.mailFrom,
    to: config.shopEmail,
    replyTo: order.customerEmail,
    subject,
    text: [...body, `${config.publicBaseUrl.replace(/\/$/, '')}/admin`].join('\n'),
  };
}
