import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { catalogueProducts } from '@/shared/catalogue';
import { addDays, isCalendarDate, type CalendarDate } from '@/shared/dates';
import { stockholmToday } from '@/shared/delivery';
import { productionMessages } from '@/shared/i18n/messages/production';
import { proofState } from '@/shared/proofs';
import { BLANKS_MAX_DAYS, jobMethods, productionPaths, staffLanguage } from '@/shared/production';
import type { AppContext } from '@/server/context';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { findOrderByNumber } from '@/server/orders';
import { orderPrintFiles } from '@/server/print-files';
import { listProofs } from '@/server/proofs';
import { blanksCsv, blanksToOrder } from './blanks';
import { isKnownProduct, productionBoard } from './board';
import { renderJobTicket, renderJobTicketOffThread, type JobTicketInput } from './job-ticket';

/** "2026-12-01".."2026-12-07": real dates, from not after to, a year at most. */
function readRange(query: unknown): { from: CalendarDate; to: CalendarDate } | undefined {
  const parsed = z.object({ from: z.string().max(10), to: z.string().max(10) }).safeParse(query);
  if (!parsed.success) return undefined;
  const { from, to } = parsed.data;
  if (!isCalendarDate(from) || !isCalendarDate(to) || from > to) return undefined;
  if (addDays(from, BLANKS_MAX_DAYS) < to) return undefined;
  return { from, to };
}

/**
 * The production side of the admin: the board of open jobs, the blanks to order (table and the
 * supplier's CSV) and each order's job ticket. Mounted behind the admin session by the app.
 */
export function productionAdminRoutes(admin: FastifyInstance, { database }: AppContext): void {
  const { db } = database;

  admin.get(productionPaths.board, async (request, reply) => {
    const t = productionMessages[requestLocale(request)];
    const query = z
      .object({ method: z.string().max(20).optional(), product: z.string().max(100).optional() })
      .safeParse(request.query);
    const method = query.success && query.data.method ? query.data.method : undefined;
    const product = query.success && query.data.product ? query.data.product : undefined;
    if (method !== undefined && !(jobMethods as readonly string[]).includes(method))
      return sendError(reply, 400, t.unknownMethod);
    if (product !== undefined && !isKnownProduct(product)) return sendError(reply, 400, t.unknownProduct);
    const board = await productionBoard(db, {
      method: method as (typeof jobMethods)[number] | undefined,
      product,
    });
    return reply.header('cache-control', 'no-store').send(board);
  });

  admin.get(productionPaths.blanks, async (request, reply) => {
    const range = readRange(request.query);
    if (!range) return sendError(reply, 400, productionMessages[requestLocale(request)].badRange);
    const rows = await blanksToOrder(db, range.from, range.to);
    return reply.header('cache-control', 'no-store').send({ ...range, rows });
  });

  admin.get(productionPaths.blanksCsv, async (request, reply) => {
    const range = readRange(request.query);
    if (!range) return sendError(reply, 400, productionMessages[requestLocale(request)].badRange);
    const rows = await blanksToOrder(db, range.from, range.to);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="blanks-${range.from}-${range.to}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(blanksCsv(rows, staffLanguage));
  });

  admin.get<{ Params: { number: string } }>(
    '/api/admin/orders/:number/job-ticket.pdf',
    async (request, reply) => {
      const order = await findOrderByNumber(database, request.params.number);
      if (!order) return sendError(reply, 404, 'Order not found');
      const [printFiles, proofs] = await Promise.all([
        orderPrintFiles(db, order.id, order.items),
        listProofs(db, order.id),
      ]);
      const state = proofState(proofs);
      const ticket: JobTicketInput = {
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
      };
      // Drawn off the request thread (document workers); on it only when the pool is off.
      const pdf =
        (await renderJobTicketOffThread(ticket, catalogueProducts())) ?? (await renderJobTicket(ticket));
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="job-ticket-${order.orderNumber}.pdf"`)
        .type('application/pdf')
        .send(pdf);
    },
  );
}
