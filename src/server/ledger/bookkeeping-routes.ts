import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isCalendarDate } from '@/shared/dates';
import { bookkeepingMessages } from '@/shared/i18n/messages/bookkeeping';
import { stockholmDate } from '@/shared/dates';
import { isMonth, isQuarter, quarterDays, vatReportBoxes, type VatReportBox } from '@/shared/vat-report';
import type { AppContext } from '@/server/context';
import { schemaMessages } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { recordAudit, staffOf } from '@/server/staff';
import { closedMonthList, closeMonth } from './closed-months';
import {
  distanceSaleTaxedAbroad,
  distanceSales,
  ecSalesFile,
  ecSalesLines,
  ossReport,
  vatReport,
} from './vat-report';
import { refusals } from '@/server/http/route-scope';

// The schemas word their refusals in English; the reader gets them in their language.
schemaMessages(bookkeepingMessages);
const t = bookkeepingMessages.en;

const isoDay = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value), t.dayInvalid);
const rangeQuery = z
  .object({ from: isoDay, to: isoDay })
  .refine(
    (range) => range.from <= range.to && Date.parse(range.to) - Date.parse(range.from) <= 366 * 86_400_000,
    {
      message: t.rangeInvalid,
      path: ['to'],
    },
  );
const monthField = (message: string) => z.string().refine(isMonth, message);
const decimal = z.string().describe('Exact decimal kronor, "1234.50"');
const boxesSchema = z.object(
  Object.fromEntries(vatReportBoxes.map((box) => [box, decimal])) as Record<VatReportBox, typeof decimal>,
);
const vatReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  boxes: boxesSchema,
  distanceSales: z.object({
    thisYear: decimal,
    previousYear: decimal,
    threshold: decimal,
    above: z.boolean(),
    optedIn: z.boolean(),
  }),
});
const ossReportSchema = z.object({
  quarter: z.string(),
  from: z.string(),
  to: z.string(),
  lines: z.array(
    z.object({
      country: z.string().describe('ISO 3166 code of the member state of consumption'),
      ratePercent: z.string().describe('The standard rate charged, "19" or "25.5"'),
      net: decimal,
      vat: decimal,
    }),
  ),
  total: z.object({ net: decimal, vat: decimal }),
});
const closedMonthsSchema = z.object({
  months: z.array(z.object({ month: z.string(), closedAt: z.string(), closedBy: z.string().nullable() })),
});

/**
 * The accountant's reports and the closing of months (admin, money roles), see
 * docs/money-and-vat.md#reports-the-accountant-files:
 * - GET /api/admin/vat-report?from&to → the VAT return's boxes for the period, as the SIE gives them
 * - GET /api/admin/ec-sales-list?period=YYYY-MM → the EC sales list file (SKV574008, text/csv)
 * - GET /api/admin/oss-report?quarter=YYYY-Qn → the OSS return's lines per member state and rate
 * - GET /api/admin/closed-months, POST /api/admin/closed-months `{ month }` → the closed months
 */
export function bookkeepingAdminRoutes(admin: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const app = admin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/vat-report',
    {
      schema: {
        summary: 'The VAT return’s boxes (momsdeklaration) for a period, equal to the SIE’s accounts',
        querystring: rangeQuery,
        response: { 200: vatReportSchema, ...refusals(400) },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      const [boxes, distance] = await Promise.all([
        vatReport(db, from, to),
        distanceSales(db, to, context.config.ossOptIn),
      ]);
      return { from, to, boxes, distanceSales: distance };
    },
  );

  app.get(
    '/api/admin/ec-sales-list',
    {
      schema: {
        summary: 'The EC sales list (periodisk sammanställning) of a month in Skatteverket’s file format',
        querystring: z.object({ period: monthField(t.periodInvalid) }),
        response: {
          200: { description: 'The SKV574008 file', content: { 'text/csv': { schema: z.string() } } },
          ...refusals(400),
        },
      },
    },
    async (request, reply) => {
      const { period } = request.query;
      const [year = '', month = ''] = period.split('-');
      const last = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
      const lines = await ecSalesLines(db, `${period}-01`, `${period}-${String(last).padStart(2, '0')}`);
      const seller = context.config.seller;
      await recordAudit(db, {
        staffId: staffOf(request).id,
        action: 'export',
        target: `ec-sales-list ${period}`,
        after: { period },
      });
      // The file's bytes are ISO 8859-1, as the file transfer reads them (the schema documents a text).
      const raw: FastifyReply = reply;
      return raw
        .header('content-type', 'text/csv; charset=ISO-8859-1')
        .header('content-disposition', `attachment; filename="periodisk-sammanstallning-${period}.csv"`)
        .send(
          ecSalesFile(
            {
              sellerVatNumber: seller.vatNumber,
              period,
              contactName: seller.name,
              phone: seller.phone,
              email: seller.email,
            },
            lines,
          ),
        );
    },
  );

  app.get(
    '/api/admin/oss-report',
    {
      schema: {
        summary: 'The OSS return of a quarter (union scheme): per member state and rate, net and VAT in SEK',
        querystring: z.object({ quarter: z.string().refine(isQuarter, t.quarterInvalid) }),
        response: { 200: ossReportSchema, ...refusals(400) },
      },
    },
    async (request) => {
      const { quarter } = request.query;
      const { from, to } = quarterDays(quarter);
      return ossReport(db, quarter, from, to);
    },
  );

  app.get(
    '/api/admin/closed-months',
    {
      schema: {
        summary: 'The months closed in the books, newest first',
        response: { 200: closedMonthsSchema },
      },
    },
    async () => ({ months: await closedMonthList(db) }),
  );

  app.post(
    '/api/admin/closed-months',
    {
      bodyLimit: 1024,
      schema: {
        summary: 'Close a month that has ended: no payment or correction is dated in it afterwards',
        body: z.object({ month: monthField(t.monthInvalid) }),
        response: { 201: closedMonthsSchema, ...refusals(400, 409) },
      },
    },
    async (request, reply) => {
      const messages = bookkeepingMessages[requestLocale(request)];
      const result = await closeMonth(db, request.body.month, staffOf(request).name);
      if (result === 'not-ended') return sendError(reply, 400, messages.monthNotEnded);
      if (result === 'already-closed') return sendError(reply, 409, messages.monthAlreadyClosed);
      return reply.code(201).send({ months: await closedMonthList(db) });
    },
  );
}

/**
 * GET /api/vat/distance-sales → `{ taxedInBuyerCountry }`: whether the shop taxes EU distance sales
 * in the buyer's country now (opted in, or past the threshold this or last year), so the cart
 * shows the VAT the order will be charged. Public: it says no amount. The one sale that passes the
 * threshold is decided at checkout (its own amount counts; the confirmation shows it).
 */
export function distanceSalesRoute(app: FastifyInstance, context: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/vat/distance-sales',
    {
      schema: {
        summary: 'Whether EU distance sales are taxed in the buyer’s country (OSS) now',
        response: { 200: z.object({ taxedInBuyerCountry: z.boolean() }) },
      },
    },
    async (_request, reply) => {
      const sales = await distanceSales(
        context.database.db,
        stockholmDate(new Date()),
        context.config.ossOptIn,
      );
      return reply
        .header('cache-control', 'public, max-age=60')
        .send({ taxedInBuyerCountry: sales.optedIn || sales.above });
    },
  );
}

/**
 * Checkout's question (orders' distanceSalesInBuyerCountry): is an EU distance sale of this many
 * öre without VAT, made today, taxed in the buyer's country (vat-report.ts, distanceSaleTaxedAbroad)?
 */
export function distanceSaleDecider(context: AppContext): (netOre: number) => Promise<boolean> {
  return (netOre) =>
    distanceSaleTaxedAbroad(context.database.db, {
      netOre,
      day: stockholmDate(new Date()),
      optedIn: context.config.ossOptIn,
    });
}
