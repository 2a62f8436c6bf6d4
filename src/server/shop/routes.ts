import type { FastifyInstance } from 'fastify';
import { shopContactPath, type ShopContact } from '@/shared/shop';
import { stockholmDate } from '@/shared/dates';
import { milliToDecimalString } from '@/shared/money';
import { reminderFeeOn } from '@/shared/receivables/reminders';
import type { Config } from '@/server/config';

/** The seller's contact details for pages (footer, confirmation): the same settings invoices and emails use. */
export function shopContact(config: Config): ShopContact {
  const { name, email, phone, orgNumber, vatNumber, fTax } = config.seller;
  const fee = reminderFeeOn(config.receivables.individualReminderFees, stockholmDate(new Date()));
  return {
    name,
    email,
    phone,
    orgNumber,
    vatNumber,
    fTax,
    individualReminderFee: fee > 0 ? milliToDecimalString(fee) : null,
  };
}

export function shopRoutes(app: FastifyInstance, config: Config): void {
  const body = shopContact(config);
  app.get(shopContactPath, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(body),
  );
}
