import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { apiErrorSchema } from '@/server/http/contract';

/** The path of the buyer's data download (the privacy page's right to a copy, GDPR art. 15 and 20). */
export const accountDataPath = '/api/account/data';

const personalDataSchema = z.object({
  email: z.string(),
  exportedAt: z.string(),
  orders: z.array(z.record(z.string(), z.unknown())),
  quotes: z.array(z.record(z.string(), z.unknown())),
  addresses: z.array(
    z.object({ label: z.string(), country: z.string(), address: z.string(), savedAt: z.string() }),
  ),
  messages: z.array(
    z.object({ orderNumber: z.string(), author: z.string(), text: z.string(), writtenAt: z.string() }),
  ),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

const iso = (column: ReturnType<typeof sql.raw>) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Everything stored about the signed-in address, as JSON: its orders (buyer's details, addresses,
 * lines, totals, status), quotes, saved addresses and the messages of its orders. Only rows of the
 * verified address (any case); never another buyer's, even of the same company.
 */
export async function personalDataOf(db: Db, email: string): Promise<PersonalData> {
  const [orders, quotes, addresses, messages] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`SELECT o.order_number AS "orderNumber", ${iso(sql.raw('o.order_date'))} AS "placedAt", o.status,
          o.customer_type AS "customerType", o.customer_name AS name, o.customer_email AS email,
          o.customer_phone AS phone, o.customer_organization AS "companyName", o.customer_org_number AS "orgNumber",
          o.customer_personal_number AS "personalNumber", o.customer_address AS address,
          o.delivery_address AS "deliveryAddress", o.billing_address AS "billingAddress", o.country_code AS country,
          o.buyer_vat_number AS "vatNumber", o.buyer_reference AS "buyerReference", o.items AS lines,
          o.total_amount::text AS total
        FROM orders o WHERE lower(o.customer_email) = ${email} ORDER BY o.order_date, o.id`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`SELECT q.quote_number AS "quoteNumber", ${iso(sql.raw('q.created_at'))} AS "createdAt", q.status,
          q.customer
        FROM quotes q WHERE lower(q.customer_email) = ${email} ORDER BY q.created_at, q.id`,
    ),
    queryRows<{ label: string; country: string; address: string; savedAt: string }>(
      db,
      sql`SELECT label, country, address, ${iso(sql.raw('created_at'))} AS "savedAt" FROM account_addresses
        WHERE email = ${email} ORDER BY id`,
    ),
    queryRows<{ orderNumber: string; author: string; text: string; writtenAt: string }>(
      db,
      sql`SELECT o.order_number AS "orderNumber", m.author, m.text, ${iso(sql.raw('m.written_at'))} AS "writtenAt"
        FROM order_messages m JOIN orders o ON o.id = m.order_id
        WHERE lower(o.customer_email) = ${email} ORDER BY m.id`,
    ),
  ]);
  return { email, exportedAt: new Date().toISOString(), orders, quotes, addresses, messages };
}

/** GET /api/account/data: the signed-in buyer's data as a JSON download; 401 without a session. */
export function personalDataRoute(
  app: FastifyInstance,
  db: Db,
  signedIn: (request: FastifyRequest, reply: FastifyReply) => Promise<string | undefined>,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    accountDataPath,
    {
      schema: {
        summary:
          'The signed-in buyer’s personal data (orders, quotes, addresses, messages) as a JSON download',
        response: { 200: personalDataSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const email = await signedIn(request, reply);
      if (email === undefined) return reply;
      const data = await personalDataOf(db, email);
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="mina-uppgifter-${data.exportedAt.slice(0, 10)}.json"`,
        )
        .send(data);
    },
  );
}
