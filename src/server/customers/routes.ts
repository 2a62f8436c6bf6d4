import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isCalendarDate, stockholmDate, type CalendarDate } from '@/shared/dates';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { reminderMessages } from '@/shared/i18n/messages/reminders';
import { customerIdPattern } from '@/shared/receivables/reminders';
import type { AppContext } from '@/server/context';
import { sendError, sendValidationError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { sendPdf } from '@/server/invoicing';
import { recordAudit, staffOf } from '@/server/staff';
import { customerLedger, customerList } from './ledger';
import { queueStatement, statementPdf } from './statement';

/** `?on=YYYY-MM-DD`: the day balances are counted on (today in Stockholm when left out, never later). */
function daySchema(locale: Locale) {
  const t = adminApiMessages[locale];
  return z.object({
    on: z
      .string({ error: t.sieDateFormat })
      .refine((value) => isCalendarDate(value), t.sieDateInvalid)
      .optional(),
  });
}
const daySchemas = { sv: daySchema('sv'), en: daySchema('en') } as const;

type DayRequest = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, unknown> }>;

/**
 * The customer ledger's admin routes (money roles):
 * - GET /api/admin/customers?on=: customers with an open balance, and their total (= 1510 that day)
 * - GET /api/admin/customers/:id?on=: one customer's documents, payments, running and open balance
 * - GET /api/admin/customers/:id/statement.pdf?on=: the statement of account (kontoutdrag)
 * - POST /api/admin/customers/:id/statement/email `{ on? }` → 202: the statement emailed to the customer
 */
export function customerAdminRoutes(
  admin: FastifyInstance,
  context: AppContext,
  options: { onQueued?: () => void } = {},
): void {
  const { db } = context.database;

  /** The day asked (or today); undefined once the 400 is sent. */
  const dayOf = (query: unknown, reply: FastifyReply, locale: Locale): CalendarDate | undefined => {
    const parsed = daySchemas[locale].safeParse(query ?? {});
    if (!parsed.success) {
      sendValidationError(reply, parsed.error);
      return undefined;
    }
    const today = stockholmDate(new Date());
    const on = parsed.data.on ?? today;
    return on > today ? today : on;
  };

  const ledgerOf = async (request: DayRequest, reply: FastifyReply, asOf?: CalendarDate) => {
    const locale = requestLocale(request);
    const day = asOf ?? dayOf({ on: request.query.on }, reply, locale);
    if (!day) return undefined;
    const id = request.params.id;
    const ledger = customerIdPattern.test(id) ? await customerLedger(db, id, day) : undefined;
    if (!ledger) sendError(reply, 404, translate(reminderMessages, locale).customerNotFound);
    return ledger;
  };

  admin.get<{ Querystring: Record<string, unknown> }>('/api/admin/customers', async (request, reply) => {
    const day = dayOf({ on: request.query.on }, reply, requestLocale(request));
    if (!day) return reply;
    return customerList(db, day);
  });

  admin.get('/api/admin/customers/:id', async (request: DayRequest, reply) => {
    const ledger = await ledgerOf(request, reply);
    if (!ledger) return reply;
    const { latestOrderId: _order, language: _language, ocrs: _ocrs, ...answer } = ledger;
    return answer;
  });

  admin.get('/api/admin/customers/:id/statement.pdf', async (request: DayRequest, reply) => {
    const ledger = await ledgerOf(request, reply);
    if (!ledger) return reply;
    const pdf = await statementPdf(ledger, context.config);
    const name = `${ledger.language === 'sv' ? 'Kontoutdrag' : 'Statement'}_${ledger.asOf}.pdf`;
    return sendPdf(reply, pdf, name, (request.query.inline ?? '') === '1');
  });

  admin.post<{ Params: { id: string }; Body: unknown }>(
    '/api/admin/customers/:id/statement/email',
    { bodyLimit: 1024 },
    async (request, reply) => {
      const locale = requestLocale(request);
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const day = dayOf(body, reply, locale);
      if (!day) return reply;
      const ledger = await ledgerOf(request as unknown as DayRequest, reply, day);
      if (!ledger) return reply;
      const person = staffOf(request);
      const pdf = await statementPdf(ledger, context.config);
      await queueStatement(db, ledger, pdf, person.name);
      await recordAudit(db, {
        staffId: person.id,
        action: 'export',
        target: `statement ${ledger.name} ${ledger.asOf}`.slice(0, 200),
        orderId: ledger.latestOrderId,
        after: { customer: ledger.id, asOf: ledger.asOf, email: ledger.email },
      });
      options.onQueued?.();
      return reply.code(202).send({ email: ledger.email, asOf: ledger.asOf });
    },
  );
}
