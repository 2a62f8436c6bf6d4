import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { reminderMessages } from '@/shared/i18n/messages/reminders';
import type { AppContext } from '@/server/context';
import { apiErrorSchema } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { findOrderByNumber, type OrderRow } from '@/server/orders';
import { staffOf } from '@/server/staff';
import { orderRemindersView, sentReminderView } from './admin-view';
import {
  disputeBody,
  liftQuery,
  orderParams,
  orderRemindersSchema,
  sendBody,
  sentReminderSchema,
} from './contract';
import { liftDispute, openDispute } from './disputes';
import { issueReminder, pickInvoice, type IssueResult } from './issue';
import { refusals } from '@/server/http/route-scope';

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

interface ReminderDeps {
  context: AppContext;
  /** The order a request names; undefined once the 404 is sent. */
  findOrder: (number: string, reply: FastifyReply, locale: Locale) => Promise<OrderRow | undefined>;
  onQueued?: () => void;
}

/**
 * GET /api/admin/orders/:number/reminders: each invoice's state, what a reminder would charge today;
 * POST `{ invoice? }` → 201 `{ reminder, total, …the order's money }`; 409 when nothing is overdue,
 * or the invoice is paid, credited or disputed.
 */
function registerReminders(admin: FastifyInstance, deps: ReminderDeps): void {
  const { context, findOrder } = deps;
  const { db } = context.database;
  const app = admin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/orders/:number/reminders',
    {
      schema: {
        summary: 'Each invoice of the order: its state, dispute and what a reminder would charge today',
        params: orderParams,
        response: { 200: orderRemindersSchema, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const order = await findOrder(request.params.number, reply, requestLocale(request));
      if (!order) return reply;
      return orderRemindersView(db, order, context.config);
    },
  );

  app.post(
    '/api/admin/orders/:number/reminders',
    {
      bodyLimit: 1024,
      schema: {
        summary:
          'Send a reminder (påminnelse) of an overdue invoice, with the fee and interest the law allows',
        params: orderParams,
        body: sendBody,
        response: { 201: sentReminderSchema, ...refusals(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const order = await findOrder(request.params.number, reply, locale);
      if (!order) return reply;
      const picked = await pickInvoice(db, order, request.body.invoice);
      if ('refused' in picked) return refusal(reply, locale, picked.refused);
      const person = staffOf(request);
      const result = await issueReminder(db, order, picked.invoice, context.config, {
        staffId: person.id,
        name: person.name,
        step: null,
      });
      if (!result.ok) return refusal(reply, locale, result.reason);
      deps.onQueued?.();
      return reply.code(201).send(await sentReminderView(db, order, result));
    },
  );
}

/**
 * POST /api/admin/orders/:number/dispute `{ note, invoice? }` → 201 the reminder state: the invoice
 * is disputed (bestridd) and holds reminders; DELETE `?invoice=` lifts it → 200.
 */
function registerDisputes(admin: FastifyInstance, deps: ReminderDeps): void {
  const { context, findOrder } = deps;
  const { db } = context.database;
  const app = admin.withTypeProvider<ZodTypeProvider>();
  /** The invoice a dispute request names (the order's own by default). */
  const disputed = async (order: OrderRow, number: string | undefined) => {
    const picked = await pickInvoice(db, order, number ?? order.orderNumber);
    return 'refused' in picked ? undefined : picked.invoice;
  };
  const response = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

  app.post(
    '/api/admin/orders/:number/dispute',
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Mark an invoice as disputed by the customer: no reminders until lifted',
        params: orderParams,
        body: disputeBody,
        response: { 201: orderRemindersSchema, ...response },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const t = translate(reminderMessages, locale);
      const order = await findOrder(request.params.number, reply, locale);
      if (!order) return reply;
      const invoice = await disputed(order, request.body.invoice);
      if (!invoice) return sendError(reply, 404, t.invoiceNotFound);
      const person = staffOf(request);
      const opened = await openDispute(db, invoice, request.body.note, {
        staffId: person.id,
        name: person.name,
      });
      if (!opened) return sendError(reply, 409, t.alreadyDisputed);
      return reply.code(201).send(await orderRemindersView(db, order, context.config));
    },
  );

  app.delete(
    '/api/admin/orders/:number/dispute',
    {
      schema: {
        summary: 'Lift an invoice’s dispute: reminders may follow again',
        params: orderParams,
        querystring: liftQuery,
        response: { 200: orderRemindersSchema, ...response },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const t = translate(reminderMessages, locale);
      const order = await findOrder(request.params.number, reply, locale);
      if (!order) return reply;
      const invoice = await disputed(order, request.query.invoice);
      if (!invoice) return sendError(reply, 404, t.invoiceNotFound);
      const person = staffOf(request);
      const lifted = await liftDispute(db, invoice, { staffId: person.id, name: person.name });
      if (!lifted) return sendError(reply, 409, t.notDisputed);
      return orderRemindersView(db, order, context.config);
    },
  );
}

/**
 * Reminders and disputes, mounted in the admin scope (session and role checked there); their
 * contracts in ./contract.ts, their answers made in ./admin-view.ts.
 */
export function reminderAdminRoutes(
  admin: FastifyInstance,
  context: AppContext,
  options: { onQueued?: () => void } = {},
): void {
  const findOrder = async (number: string, reply: FastifyReply, locale: Locale) => {
    const order = await findOrderByNumber(context.database, number);
    if (!order) sendError(reply, 404, adminApiMessages[locale].orderNotFound);
    return order;
  };
  const deps: ReminderDeps = {
    context,
    findOrder,
    ...(options.onQueued ? { onQueued: options.onQueued } : {}),
  };
  registerReminders(admin, deps);
  registerDisputes(admin, deps);
}
