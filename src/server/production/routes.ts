import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '@/server/db/client';
import { z } from 'zod';
import { catalogueProducts } from '@/shared/catalogue';
import { addDays, isCalendarDate, type CalendarDate } from '@/shared/dates';
import { stockholmToday } from '@/shared/delivery';
import { productionMessages } from '@/shared/i18n/messages/production';
import { proofState } from '@/shared/proofs';
import { BLANKS_MAX_DAYS, productionPaths, staffLanguage, type BlanksList } from '@/shared/production';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { staffMessages } from '@/shared/i18n/messages/staff';
import { roleMay } from '@/shared/staff';
import { fileResponse } from '@/server/http/route-parts';
import { staffOf } from '@/server/staff';
import type { AppContext } from '@/server/context';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { findOrderByNumber, orderNumberPattern, type OrderRow } from '@/server/orders';
import { orderPrintFiles } from '@/server/print-files';
import { listProofs } from '@/server/proofs';
import { productionNotesOf } from '@/server/order-talk';
import { blanksCsv, blanksToOrder, markBlanksOrdered } from './blanks';
import { productionBoard } from './board';
import { blanksListSchema, boardQuery, productionBoardSchema, rangeQuery } from './contract';
import { renderJobTicket, renderJobTicketOffThread, type JobTicketInput } from './job-ticket';
import {
  packingListCsv,
  renderPackingList,
  renderPackingListOffThread,
  type PackingListInput,
} from './packing-list';
import { refusals } from '@/server/http/route-scope';

/**
 * "2026-12-01".."2026-12-07": real dates, from not after to, a year at most; neither given: every
 * open job (null). Undefined when the range is refused.
 */
function readRange({
  from,
  to,
}: z.output<typeof rangeQuery>): { from: CalendarDate; to: CalendarDate } | null | undefined {
  if ((from === undefined || from === '') && (to === undefined || to === '')) return null;
  if (from === undefined || to === undefined) return undefined;
  if (!isCalendarDate(from) || !isCalendarDate(to) || from > to) return undefined;
  if (addDays(from, BLANKS_MAX_DAYS) < to) return undefined;
  return { from, to };
}

const orderNumberParams = z.object({ number: z.string().regex(orderNumberPattern) });
const blanksMarkAnswer = z.object({
  orderNumber: z.string(),
  blanksOrdered: z.boolean(),
});

/** The job-ticket and packing-list paths: an unknown or odd order number is a 404. */
const documentParams = z.object({ number: z.string().max(100) });

/**
 * The production side of the admin: the board of open jobs, the blanks to order (table and the
 * supplier's CSV) with each job's "blanks ordered" mark, and each order's job ticket and packing
 * list. Mounted behind the admin session by the app; each route declares its contract.
 */
export function productionAdminRoutes(admin: FastifyInstance, context: AppContext): void {
  boardRoute(admin, context.database.db);
  blanksRoutes(admin, context.database.db);
  blanksOrderedRoutes(admin, context);
  packingListRoutes(admin, context);
  jobTicketRoute(admin, context);
}

/** GET /api/admin/production: the open jobs, filtered; paid or not only for money roles. */
function boardRoute(admin: FastifyInstance, db: Db): void {
  admin.withTypeProvider<ZodTypeProvider>().get(
    productionPaths.board,
    {
      schema: {
        summary: 'The production board: open jobs, what blocks each and its dates, filtered',
        querystring: boardQuery,
        response: { 200: productionBoardSchema, ...refusals(400, 403) },
      },
    },
    async (request, reply) => {
      const { method, product, due, paid } = request.query;
      // Paid or not is money: production's board neither filters nor shows it (issue 38).
      const person = staffOf(request);
      const withMoney = roleMay(person.role, 'money');
      if (paid !== undefined && !withMoney) {
        const texts = staffMessages[requestLocale(request)];
        return sendError(reply, 403, texts.forbidden({ role: texts[person.role] }));
      }
      const board = await productionBoard(db, { method, product, due, paid, withMoney });
      return reply.header('cache-control', 'no-store').send(board);
    },
  );
}

/** GET /api/admin/blanks and blanks.csv: the blanks to buy for a range of ship-by dates (or every open job). */
function blanksRoutes(admin: FastifyInstance, db: Db): void {
  const api = admin.withTypeProvider<ZodTypeProvider>();
  api.get(
    productionPaths.blanks,
    {
      schema: {
        summary: 'The blanks to order per product, colour and size, with each job’s “blanks ordered” mark',
        querystring: rangeQuery,
        response: { 200: blanksListSchema, ...refusals(400) },
      },
    },
    async (request, reply) => {
      const range = readRange(request.query);
      if (range === undefined)
        return sendError(reply, 400, productionMessages[requestLocale(request)].badRange);
      const list: BlanksList = {
        from: range?.from ?? null,
        to: range?.to ?? null,
        ...(await blanksToOrder(db, range ?? undefined)),
      };
      return reply.header('cache-control', 'no-store').send(list);
    },
  );

  api.get(
    productionPaths.blanksCsv,
    {
      schema: {
        summary: 'The blanks to order as the supplier’s CSV',
        querystring: rangeQuery,
        response: {
          200: fileResponse('The blanks, one product, colour and size a row', 'text/csv'),
          ...refusals(400),
        },
      },
    },
    async (request, reply) => {
      const range = readRange(request.query);
      if (range === undefined)
        return sendError(reply, 400, productionMessages[requestLocale(request)].badRange);
      const { rows } = await blanksToOrder(db, range ?? undefined);
      const name = range ? `blanks-${range.from}-${range.to}.csv` : `blanks-${stockholmToday()}.csv`;
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .type('text/csv; charset=utf-8')
        .send(blanksCsv(rows, staffLanguage));
    },
  );
}

/** The "blanks ordered" mark per job (issue 41): PUT sets it, DELETE clears it; both answer the mark. */
function blanksOrderedRoutes(admin: FastifyInstance, { database }: AppContext): void {
  const api = admin.withTypeProvider<ZodTypeProvider>();
  for (const method of ['PUT', 'DELETE'] as const) {
    api.route({
      method,
      url: '/api/admin/orders/:number/blanks-ordered',
      schema: {
        summary:
          method === 'PUT'
            ? 'Mark the job’s blanks as ordered from the supplier'
            : 'Clear the job’s “blanks ordered” mark',
        params: orderNumberParams,
        response: { 200: blanksMarkAnswer, ...refusals(404) },
      },
      handler: async (request, reply) => {
        const order = await findOrderByNumber(database, request.params.number);
        if (!order) return sendError(reply, 404, adminApiMessages[requestLocale(request)].orderNotFound);
        await markBlanksOrdered(database.db, order.id, staffOf(request).id, method === 'PUT');
        return reply
          .header('cache-control', 'no-store')
          .send({ orderNumber: order.orderNumber, blanksOrdered: method === 'PUT' });
      },
    });
  }
}

/**
 * A group order's packing list (issue 44): production's, like the job ticket, in the staff's
 * language; 404 for an order without a group's garments.
 */
function packingListRoutes(admin: FastifyInstance, { database }: AppContext): void {
  const api = admin.withTypeProvider<ZodTypeProvider>();
  for (const format of ['pdf', 'csv'] as const) {
    api.get(
      `/api/admin/orders/:number/packing-list.${format}`,
      {
        schema: {
          summary:
            format === 'pdf'
              ? 'A group order’s packing list (PDF): each garment’s size and name/number, sorted by member'
              : 'A group order’s packing list (CSV, one garment a row, sorted by member)',
          params: orderNumberParams,
          response: {
            200:
              format === 'pdf'
                ? { description: 'The packing list', content: { 'application/pdf': { schema: z.string() } } }
                : { description: 'The packing list', content: { 'text/csv': { schema: z.string() } } },
            ...refusals(404),
          },
        },
      },
      async (request, reply) => {
        const locale = requestLocale(request);
        const order = await findOrderByNumber(database, request.params.number);
        if (!order) return sendError(reply, 404, adminApiMessages[locale].orderNotFound);
        if (!order.items.some((line) => line.group))
          return sendError(reply, 404, productionMessages[locale].noGroupGarments);
        const input: PackingListInput = {
          orderNumber: order.orderNumber,
          customer: order.customerOrganization ?? order.customerName,
          items: order.items,
          locale: staffLanguage,
          today: stockholmToday(),
        };
        const name = `packing-list-${order.orderNumber}.${format}`;
        reply.header('cache-control', 'no-store');
        if (format === 'csv')
          return reply
            .header('content-disposition', `attachment; filename="${name}"`)
            .type('text/csv; charset=utf-8')
            .send(packingListCsv(input));
        // Drawn off the request thread (document workers); on it only when the pool is off.
        const pdf = (await renderPackingListOffThread(input)) ?? (await renderPackingList(input));
        return reply
          .header('content-disposition', `inline; filename="${name}"`)
          .type('application/pdf')
          .send(pdf);
      },
    );
  }
}

/** What the job ticket prints for an order: its lines, files, approved proof and production's notes. */
async function jobTicketOf(db: Db, order: OrderRow): Promise<JobTicketInput> {
  const [printFiles, proofs, notes] = await Promise.all([
    orderPrintFiles(db, order.id, order.items),
    listProofs(db, order.id),
    productionNotesOf(db, order.id),
  ]);
  const state = proofState(proofs);
  return {
    orderNumber: order.orderNumber,
    customer: order.customerOrganization ?? order.customerName,
    status: order.status,
    countryCode: order.countryCode,
    neededBy: order.neededBy,
    items: order.items,
    printFiles,
    approvedProof:
      state.state === 'approved' ? { version: state.version, approvedOn: state.approvedOn } : null,
    locale: staffLanguage,
    today: stockholmToday(),
    productionNotes: notes,
  };
}

/** GET /api/admin/orders/:number/job-ticket.pdf: the workshop's sheet for the job, in the staff's language. */
function jobTicketRoute(admin: FastifyInstance, { database }: AppContext): void {
  admin.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/orders/:number/job-ticket.pdf',
    {
      schema: {
        summary: 'The job ticket (PDF): lines, sizes, prints, files, approved proof and production notes',
        params: documentParams,
        response: { 200: fileResponse('The job ticket', 'application/pdf'), ...refusals(404) },
      },
    },
    async (request, reply) => {
      const order = await findOrderByNumber(database, request.params.number);
      if (!order) return sendError(reply, 404, 'Order not found');
      const ticket = await jobTicketOf(database.db, order);
      // Drawn off the request thread (document workers); on it only when the pool is off.
      const pdf =
        (await renderJobTicketOffThread(ticket, catalogueProducts())) ?? (await renderJobTicket(ticket));
      const bytes: FastifyReply = reply;
      return bytes
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="job-ticket-${order.orderNumber}.pdf"`)
        .type('application/pdf')
        .send(pdf);
    },
  );
}
