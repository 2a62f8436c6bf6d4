import { Readable } from 'node:stream';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { orderStatuses, statusLabels } from '../../shared/admin';
import type { AppContext } from '../app';
import { sendError, sendValidationError } from '../http/errors';
import { sendInvoice } from '../orders/routes';
import { findOrderByNumber, orderNumberPattern } from '../orders/service';
import { listApplications } from '../partners/store';
import { csvRow } from './csv';
import { changeStatus, csvHeader, csvRows, decodeCursor, listOrders, orderDetail, orderStats, type Cursor } from './orders';
import { loadPinHash, verifyPin } from './pin';
import { checkSession, createSession, deleteSession, SESSION_COOKIE } from './sessions';
import { releaseAttempt, reserveAttempt } from './throttle';

const loginSchema = z.object({ pin: z.string({ error: 'Ange pinkod' }).min(4, 'Ange pinkod').max(20, 'Ange pinkod') });

const listQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'Sökningen får vara högst 100 tecken')
    // A NUL byte can match nothing and is an error in a database text parameter.
    .refine((q) => !q.includes('\0'), 'Sökningen innehåller ett ogiltigt tecken')
    .optional()
    .transform((q) => (q ? q : undefined)),
  status: z.enum(orderStatuses, { error: 'Okänd status' }).optional().or(z.literal('').transform(() => undefined)),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const statusSchema = z.object({ status: z.enum(orderStatuses, { error: 'Okänd status' }) });
// Only the shape an order number can have reaches SQL (a NUL byte in text is a database error).
const orderNumberSchema = z.object({ number: z.string().regex(orderNumberPattern) });

function minutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * Admin login, sessions and every /api/admin/* route. The PIN is checked here, never in the browser;
 * a session is a random token in an httpOnly, SameSite=Strict cookie whose sha256 is in the database.
 */
export async function adminRoutes(app: FastifyInstance, { config, database }: AppContext): Promise<void> {
  const { db } = database;
  const pinHash = await loadPinHash(database, config.adminPin, app.log);

  // Encapsulated: the cookie parser and the session check apply to these routes only.
  await app.register(async (scope) => {
    await scope.register(cookie);

    scope.post('/api/admin-login', { bodyLimit: 1024 }, async (request, reply) => {
      const parsed = loginSchema.safeParse(request.body);
      if (!parsed.success) return sendValidationError(reply, parsed.error);
      const throttle = await reserveAttempt(db, request.ip);
      if (!throttle.allowed) {
        return sendError(
          reply.header('retry-after', String(throttle.retryAfterSeconds)),
          429,
          `För många felaktiga försök. Försök igen om ${minutes(throttle.retryAfterSeconds)} minuter.`,
        );
      }
      if (!(await verifyPin(parsed.data.pin, pinHash))) {
        request.log.warn({ ip: request.ip }, 'wrong admin PIN');
        return sendError(reply, 401, 'Fel pinkod');
      }
      await releaseAttempt(db, request.ip);
      const token = await createSession(db);
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        path: '/',
      });
      return reply.code(204).send();
    });

    // eslint-disable-next-line @typescript-eslint/require-await -- Fastify awaits plugin functions
    await scope.register(async (admin) => {
      admin.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        if (!(await checkSession(db, request.cookies[SESSION_COOKIE]))) {
          return sendError(reply.header('cache-control', 'no-store'), 401, 'Logga in som admin');
        }
        reply.header('cache-control', 'no-store');
      });

      admin.get('/api/admin/session', () => ({ ok: true }));

      admin.post('/api/admin/logout', async (request, reply) => {
        await deleteSession(db, request.cookies[SESSION_COOKIE]);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.code(204).send();
      });

      admin.get('/api/admin/stats', () => orderStats(db));

      admin.get('/api/admin/orders', async (request, reply) => {
        const parsed = listQuerySchema.safeParse(request.query);
        if (!parsed.success) return sendValidationError(reply, parsed.error);
        const { q, status, cursor: rawCursor, limit } = parsed.data;
        let cursor: Cursor | undefined;
        if (rawCursor) {
          cursor = decodeCursor(rawCursor);
          if (!cursor) return sendError(reply, 400, 'Ogiltig sidmarkör');
        }
        return listOrders(db, { q, status }, cursor, limit);
      });

      admin.get('/api/admin/orders.csv', async (request, reply) => {
        const parsed = listQuerySchema.safeParse(request.query);
        if (!parsed.success) return sendValidationError(reply, parsed.error);
        const { q, status } = parsed.data;
        const rows = csvRows(db, { q, status });
        async function* lines() {
          // A byte-order mark makes spreadsheet programs read the file as UTF-8 (å, ä, ö).
          yield `\uFEFF${csvRow(csvHeader)}`;
          for await (const row of rows) yield csvRow(row);
        }
        const stamp = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="bestallningar-${stamp}.csv"`)
          .send(Readable.from(lines()));
      });

      admin.get('/api/admin/orders/:number', async (request, reply) => {
        const params = orderNumberSchema.safeParse(request.params);
        const order = params.success ? await orderDetail(db, params.data.number) : undefined;
        if (!order) return sendError(reply, 404, 'Beställningen finns inte');
        return order;
      });

      admin.get('/api/admin/orders/:number/invoice', async (request, reply) => {
        const params = orderNumberSchema.safeParse(request.params);
        const order = params.success ? await findOrderByNumber(database, params.data.number) : undefined;
        if (!order) return sendError(reply, 404, 'Beställningen finns inte');
        return sendInvoice(reply, order, config.seller);
      });

      admin.patch('/api/admin/orders/:number/status', { bodyLimit: 1024 }, async (request, reply) => {
        const params = orderNumberSchema.safeParse(request.params);
        const body = statusSchema.safeParse(request.body);
        if (!body.success) return sendValidationError(reply, body.error);
        if (!params.success) return sendError(reply, 404, 'Beställningen finns inte');
        const result = await changeStatus(db, params.data.number, body.data.status);
        if (!result.ok && result.reason === 'not-found') return sendError(reply, 404, 'Beställningen finns inte');
        if (!result.ok) {
          return sendError(
            reply,
            409,
            `Status kan inte ändras från ${statusLabels[result.from]} till ${statusLabels[body.data.status]}`,
          );
        }
        return orderDetail(db, params.data.number);
      });

      admin.get('/api/admin/partner-applications', async (request, reply) => {
        const parsed = listQuerySchema.pick({ cursor: true, limit: true }).safeParse(request.query);
        if (!parsed.success) return sendValidationError(reply, parsed.error);
        let cursor: Cursor | undefined;
        if (parsed.data.cursor) {
          cursor = decodeCursor(parsed.data.cursor);
          if (!cursor) return sendError(reply, 400, 'Ogiltig sidmarkör');
        }
        return listApplications(db, cursor, parsed.data.limit);
      });

      // Unknown admin paths: 401 without a session (above), 404 with one.
      admin.all('/api/admin/*', (_request, reply) => sendError(reply, 404, 'Not found'));
    });
  });
}
