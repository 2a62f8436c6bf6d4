import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

const shopContactSchema = z.object({
  name: z.string().describe('The seller’s legal name, as on the invoices'),
  email: z.string(),
  phone: z.string(),
  orgNumber: z.string(),
  vatNumber: z.string(),
  fTax: z.boolean().describe('Registered for F-tax (F-skatt)'),
  individualReminderFee: z
    .string()
    .nullable()
    .describe('The reminder fee for individuals today ("60.00"); null when the terms set none'),
});

export function shopRoutes(app: FastifyInstance, config: Config): void {
  const body = shopContact(config);
  app.withTypeProvider<ZodTypeProvider>().get(
    shopContactPath,
    {
      schema: {
        summary: 'The seller’s contact details for the pages (footer, confirmation, terms)',
        response: { 200: shopContactSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(body),
  );
}
