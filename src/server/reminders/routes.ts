import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { reminderMessages } from '@/shared/i18n/messages/reminders';
import { validationMessages } from '@/shared/i18n/messages/validation';
import { adminDocumentPdfPath, documentNumberPattern } from '@/shared/ledger';
import type { OrderRemindersAnswer } from '@/shared/receivables/reminders';
import { textField } from '@/shared/text';
import type { AppContext } from '@/server/context';
import { sendError, sendValidationError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { orderMoney } from '@/server/ledger';
import { findOrderByNumber, type OrderRow } from '@/server/orders';
import { staffOf } from '@/server/staff';
import { liftDispute, openDispute } from './disputes';
import { buyerKindOf, issueReminder, pickInvoice, reminderStates, type IssueResult } from './issue';

const orderParams = z.object({ number: z.string().max(40) });
const invoiceField = z.string().max(40).regex(documentNumberPattern).optional();

function schemasFor(locale: Locale) {
  const t = reminderMessages[locale];
  return {
    send: z.object({ invoice: invoiceField }).strict(),
    dispute: z
      .object({
        invoice: invoiceField,
        note: textField({
          multiline: true,
          required: t.noteRequired,
          min: [1, t.noteRequired],
          max: [1000, t.noteRequired],
          invalidCharacter: validationMessages[locale].invalidCharacter,
        }),
      })
      .strict(),
    lift: z.object({ invoice: invoiceField }),
  };
}
const schemas = { sv: schemasFor('sv'), en: schemasFor('en') } as const;

type Refusal = Exclude<IssueResult, { ok: true }>['reason'];

/** The 404/409 of a refused reminder, in the admin's language. */
function refusal(reply: FastifyReply, locale: Locale, reason: Refusal): FastifyReply {
  const t = translate(reminderMessages, locale);
  if (reason === 'not_found') return sendError(reply, 404, t.invoiceNotFound);
  const message: Record<Exclude<Refusal, 'not_found'>, string> = {
    not_invoice: t.notAnInvoice,
    nothing_overdue: t.nothingOverdue,
    not_overdue: t.invoiceNotOverdue,
    paid: t.invoicePaid,
    credited: t.invoiceCredited,
    disputed: t.invoiceDisputed,
    step_taken: t.nothingOverdue,
    order_cancelled: t.orderCancelled,
    nothing_to_charge: t.nothingToCharge,
  };
  return sendError(reply, 409, message[reason]);
}

/**
 * Reminders and disputes, mounted in the admin scope (session and role checked there):
 * - GET /api/admin/orders/:number/reminders: each invoice's state, what a reminder would charge today
 * - POST /api/admin/orders/:number/reminders `{ invoice? }` → 201 `{ reminder, total, …the order's money }`;
 *   409 when nothing is overdue, or the invoice is paid, credited or disputed
 * - POST /api/admin/orders/:number/dispute `{ note, invoice? }` → 201; DELETE `?invoice=` lifts it
 */
export function reminderAdminRoutes(
  admin: FastifyInstance,
  context: AppContext,
  options: { onQueued?: () => void } = {},
): void {
  const { db } = context.database;

  const findOrder = async (params: unknown, reply: FastifyReply, locale: Locale) => {
    const parsed = orderParams.safeParse(params);
    const order = parsed.success ? await findOrderByNumber(context.database, parsed.data.number) : undefined;
    if (!order) sendError(reply, 404, adminApiMessages[locale].orderNotFound);
    return order;
  };

  const state = async (order: OrderRow): Promise<OrderRemindersAnswer> => ({
    buyerKind: buyerKindOf(order),
    invoices: await reminderStates(db, order, context.config),
    schedule: context.config.receivables.reminderSchedule,
  });

  admin.get<{ Params: { number: string } }>('/api/admin/orders/:number/reminders', async (request, reply) => {
    const order = await findOrder(request.params, reply, requestLocale(request));
    if (!order) return reply;
    return state(order);
  });

  admin.post<{ Params: { number: string } }>(
    '/api/admin/orders/:number/reminders',
    { bodyLimit: 1024 },
    async (request, reply) => {
      const locale = requestLocale(request);
      const body = schemas[locale].send.safeParse(request.body ?? {});
      if (!body.success) return sendValidationError(reply, body.error);
      const order = await findOrder(request.params, reply, locale);
      if (!order) return reply;
      const picked = await pickInvoice(db, order, body.data.invoice);
      if ('refused' in picked) return refusal(reply, locale, picked.refused);
      const person = staffOf(request);
      const result = await issueReminder(db, order, picked.invoice, context.config, {
        staffId: person.id,
        name: person.name,
        step: null,
      });
      if (!result.ok) return refusal(reply, locale, result.reason);
      options.onQueued?.();
      return reply.code(201).send({
        reminder: result.number,
        total: result.total,
        ...(await orderMoney(db, order, adminDocumentPdfPath)),
      });
    },
  );

  /** The invoice a dispute request names (the order's own by default). */
  const disputed = async (order: OrderRow, number: string | undefined) => {
    const picked = await pickInvoice(db, order, number ?? order.orderNumber);
    return 'refused' in picked ? undefined : picked.invoice;
  };

  admin.post<{ Params: { number: string } }>(
    '/api/admin/orders/:number/dispute',
    { bodyLimit: 4096 },
    async (request, reply) => {
      const locale = requestLocale(request);
      const t = translate(reminderMessages, locale);
      const body = schemas[locale].dispute.safeParse(request.body ?? {});
      if (!body.success) return sendValidationError(reply, body.error);
      const order = await findOrder(request.params, reply, locale);
      if (!order) return reply;
      const invoice = await disputed(order, body.data.invoice);
      if (!invoice) return sendError(reply, 404, t.invoiceNotFound);
      const person = staffOf(request);
      const opened = await openDispute(db, invoice, body.data.note, {
        staffId: person.id,
        name: person.name,
      });
      if (!opened) return sendError(reply, 409, t.alreadyDisputed);
      return reply.code(201).send(await state(order));
    },
  );

  admin.delete<{ Params: { number: string }; Querystring: Record<string, unknown> }>(
    '/api/admin/orders/:number/dispute',
    async (request, reply) => {
      const locale = requestLocale(request);
      const t = translate(reminderMessages, locale);
      const query = schemas[locale].lift.safeParse({ invoice: request.query.invoice });
      if (!query.success) return sendValidationError(reply, query.error);
      const order = await findOrder(request.params, reply, locale);
      if (!order) return reply;
      const invoice = await disputed(order, query.data.invoice);
      if (!invoice) return sendError(reply, 404, t.invoiceNotFound);
      const person = staffOf(request);
      const lifted = await liftDispute(db, invoice, { staffId: person.id, name: person.name });
      if (!lifted) return sendError(reply, 409, t.notDisputed);
      return state(order);
    },
  );
}
