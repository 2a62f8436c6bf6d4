import type { FastifyInstance } from 'fastify';
import { shopContactPath, type ShopContact } from '@/shared/shop';
import type { Config } from '@/server/config';

/** The seller's contact details for pages (footer, confirmation): the same settings invoices and emails use. */
export function shopContact(config: Config): ShopContact {
  const { name, email, phone, orgNumber, vatNumber, fTax } = config.seller;
  return { name, email, phone, orgNumber, vatNumber, fTax };
}

export function shopRoutes(app: FastifyInstance, config: Config): void {
  const body = shopContact(config);
  app.get(shopContactPath, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(body),
  );
}
