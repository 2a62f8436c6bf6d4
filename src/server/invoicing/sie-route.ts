import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { isCalendarDate } from '@/shared/dates';
import type { VatTreatment } from '@/shared/invoicing/vat-treatment';
import type { AppContext } from '@/server/context';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { sendValidationError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { recordAudit, staffOf } from '@/server/staff';
import type { Locale } from '@/shared/i18n/locale';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import {
  encodeSieLines,
  sieHeaderLines,
  sieInvoiceVerification,
  siePaymentVerification,
  type SieInvoice,
  type SiePayment,
} from './sie';

/** The requested range, its refusals in the admin's language. */
function rangeSchemaFor(locale: Locale) {
  const t = adminApiMessages[locale];
  const isoDay = z
    .string({ error: t.sieDateFormat })
    .regex(/^\d{4}-\d{2}-\d{2}$/, t.sieDateFormat)
    // A real calendar day (2024-02-30, 2024-04-31 and 0000-01-01 are none): Date.parse takes them,
    // and the database's refusal came after the 200 and the file's first lines were sent.
    .refine((value) => isCalendarDate(value), t.sieDateInvalid);
  return z
    .object({ from: isoDay, to: isoDay })
    .refine((range) => range.from <= range.to, { message: t.sieRange, path: ['to'] })
    .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= 366 * 86_400_000, {
      message: t.sieYear,
      path: ['to'],
    });
}

const rangeSchemas = { sv: rangeSchemaFor('sv'), en: rangeSchemaFor('en') } as const;

const BATCH = 1000;

type InvoiceRow = {
  id: string;
  order_number: string;
  day: string;
  customer: string;
  vat_treatment: VatTreatment;
  ex_vat_amount: string;
  vat_amount: string;
  total_amount: string;
};

type PaymentRow = {
  id: string;
  order_number: string;
  day: string;
  total_amount: string;
};

/** The Stockholm calendar day of a timestamp column, and the range bounds in Stockholm time. */
const stockholmDay = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD')`;
const rangeStart = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE 'Europe/Stockholm'`;
const rangeEnd = (day: string) => sql`(${day}::date + 1)::timestamp AT TIME ZONE 'Europe/Stockholm'`;

const sieInvoice = (row: InvoiceRow): SieInvoice => ({
  invoiceNumber: row.order_number,
  date: row.day,
  customer: row.customer,
  vatTreatment: row.vat_treatment,
  net: row.ex_vat_amount,
  vat: row.vat_amount,
  total: row.total_amount,
});

/**
 * Every invoice issued in the range, the orders' own and then the supplementary ones, in keyset
 * batches (memory stays flat for any range).
 */
async function* invoices(database: Database, from: string, to: string): AsyncGenerator<SieInvoice> {
  let after = '0';
  for (;;) {
    const rows = await queryRows<InvoiceRow>(
      database.db,
      sql`SELECT id::text AS id, order_number, ${stockholmDay(sql`order_date`)} AS day,
            coalesce(customer_organization, customer_name) AS customer, vat_treatment,
            ex_vat_amount::text AS ex_vat_amount, vat_amount::text AS vat_amount, total_amount::text AS total_amount
          FROM orders
          WHERE order_date >= ${rangeStart(from)} AND order_date < ${rangeEnd(to)} AND id > ${after}::bigint
          ORDER BY id LIMIT ${BATCH}`,
    );
    for (const row of rows) yield sieInvoice(row);
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]?.id ?? after;
  }
  // Supplementary invoices (e.g. a print file's conversion after ordering): their own numbers and dates.
  after = '0';
  for (;;) {
    const rows = await queryRows<InvoiceRow>(
      database.db,
      sql`SELECT s.id::text AS id, s.invoice_number AS order_number, ${stockholmDay(sql`s.issued_at`)} AS day,
            coalesce(o.customer_organization, o.customer_name) AS customer, o.vat_treatment,
            s.ex_vat_amount::text AS ex_vat_amount, s.vat_amount::text AS vat_amount, s.total_amount::text AS total_amount
          FROM supplementary_invoices s JOIN orders o ON o.id = s.order_id
          WHERE s.issued_at >= ${rangeStart(from)} AND s.issued_at < ${rangeEnd(to)} AND s.id > ${after}::bigint
          ORDER BY s.id LIMIT ${BATCH}`,
    );
    for (const row of rows) yield sieInvoice(row);
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

/** Every payment recorded in the range: an order marked paid (its status history), a supplementary invoice's payment. */
async function* payments(database: Database, from: string, to: string): AsyncGenerator<SiePayment> {
  let after = '0';
  for (;;) {
    const rows = await queryRows<PaymentRow>(
      database.db,
      sql`SELECT e.id::text AS id, o.order_number, ${stockholmDay(sql`e.changed_at`)} AS day,
            o.total_amount::text AS total_amount
          FROM order_status_events e JOIN orders o ON o.id = e.order_id
          WHERE e.to_status = 'paid' AND e.changed_at >= ${rangeStart(from)} AND e.changed_at < ${rangeEnd(to)}
            AND e.id > ${after}::bigint
          ORDER BY e.id LIMIT ${BATCH}`,
    );
    for (const row of rows)
      yield { invoiceNumber: row.order_number, date: row.day, amount: row.total_amount };
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]?.id ?? after;
  }
  // Supplementary invoices' payments: on the day the money arrived, for the amount received.
  let afterDay = '0001-01-01';
  after = '0';
  for (;;) {
    const rows = await queryRows<PaymentRow>(
      database.db,
      sql`SELECT id::text AS id, invoice_number AS order_number, to_char(paid_on, 'YYYY-MM-DD') AS day,
            amount_received::text AS total_amount
          FROM supplementary_invoices
          WHERE paid_on >= ${from}::date AND paid_on <= ${to}::date
            AND (paid_on, id) > (${afterDay}::date, ${after}::bigint)
          ORDER BY paid_on, id LIMIT ${BATCH}`,
    );
    for (const row of rows)
      yield { invoiceNumber: row.order_number, date: row.day, amount: row.total_amount };
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    afterDay = last?.day ?? afterDay;
    after = last?.id ?? after;
  }
}

/** GET /api/admin/sie?from=YYYY-MM-DD&to=YYYY-MM-DD: the range's invoices and payments as SIE 4. */
export function sieExportRoute(admin: FastifyInstance, { config, database }: AppContext): void {
  admin.get('/api/admin/sie', async (request, reply) => {
    const parsed = rangeSchemas[requestLocale(request)].safeParse(request.query);
    if (!parsed.success) return sendValidationError(reply, parsed.error);
    const { from, to } = parsed.data;
    await recordAudit(database.db, {
      staffId: staffOf(request).id,
      action: 'export',
      target: `sie ${from}–${to}`,
      after: { from, to },
    });
    const generated = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
    async function* file() {
      yield encodeSieLines(
        sieHeaderLines({
          companyName: config.seller.name,
          orgNumber: config.seller.orgNumber,
          generated,
          from,
          to,
        }),
      );
      let number = 0;
      for await (const invoice of invoices(database, from, to)) {
        yield encodeSieLines(sieInvoiceVerification(invoice, ++number));
      }
      number = 0;
      for await (const payment of payments(database, from, to)) {
        yield encodeSieLines(siePaymentVerification(payment, ++number));
      }
    }
    return reply
      .header('content-type', 'text/plain; charset=IBM437')
      .header('content-disposition', `attachment; filename="bokforing-${from}-${to}.se"`)
      .send(Readable.from(file()));
  });
}
