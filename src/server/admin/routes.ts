import { Readable } from 'node:stream';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { carrierIds, carrierNames, trackingNumberPattern, type StatusDetails } from '@/shared/carriers';
import { stockholmDate } from '@/shared/dates';
import { ledgerMessages } from '@/shared/i18n/messages/ledger';
import { translate } from '@/shared/i18n/define';
import type { AdminJobOrderDetail, AdminOrderDetail } from '@/shared/admin';
import type { Locale } from '@/shared/i18n/locale';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { orderAdminMessages } from '@/shared/i18n/messages/order-admin';
import { orderStatusMessages } from '@/shared/i18n/messages/order-status';
import { validationMessages } from '@/shared/i18n/messages/validation';
import { orderStatuses } from '@/shared/order-status';
import { textField } from '@/shared/text';
import { hasControlCharacter, isSearchableTerm, searchMessages } from '@/shared/admin-search';
import type { AppContext } from '@/server/context';
import type { Db } from '@/server/db/client';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, schemaMessages } from '@/server/http/contract';
import { sendError, sendValidationError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { sameOriginGuard } from '@/server/http/same-origin';
import { sendInvoice, sendOrderEInvoice, sendPdf } from '@/server/invoicing';
import { orderInvoice, orderInvoicePdf } from '@/server/ledger';
import { findOrderByNumber, orderNumberPattern, orderShippedOn, transition } from '@/server/orders';
import { listApplications } from '@/server/partners';
import {
  findStaffByPin,
  mayCall,
  recordAudit,
  staffOf,
  trackAdminRoutes,
  type RegisteredRoute,
} from '@/server/staff';
import { staffMessages } from '@/shared/i18n/messages/staff';
import { roleMay, statusStepRoles, type StaffRole } from '@/shared/staff';
import { orderAttentionMessages } from '@/shared/i18n/messages/order-attention';
import { csvFormats, csvRow } from './csv';
import type { StatusGuard } from '@/server/orders';
import { csvBatches, csvHeader, exportBatching } from './order-export';
import { decodeCursor, type Cursor } from './order-query';
import { orderDetail, orderJobDetail } from './order-detail';
import { clearOrderFlag, flagOrder } from './attention';

export { staffOrderAdminRoutes } from './staff-orders';
import { orderStats } from './order-stats';
import { loadPinHash } from './pin';
import { ADMIN_PIN_MAX_LENGTH, ADMIN_PIN_MIN_LENGTH } from '@/shared/terms';
import {
  checkSession,
  createSession,
  deleteAllSessions,
  deleteSession,
  SESSION_COOKIE,
  sessionCookieOptions,
} from './sessions';
import { clientKey } from '@/server/http/throttle';
import {
  DEVICE_COOKIE,
  DEVICE_DAYS,
  giveBackAttempt,
  knownDevice,
  mayAuditThrottled,
  rememberDevice,
  reserveLoginAttempt,
  type KnownDevice,
} from './throttle';

/** The admin API's request schemas, their messages in one language (the admin page's). */
function buildSchemas(locale: Locale) {
  const t = adminApiMessages[locale];
  const adminText = orderAdminMessages[locale];
  const invalidCharacter = validationMessages[locale].invalidCharacter;
  const loginSchema = z.object({
    pin: z
      .string({ error: t.enterPin })
      .min(ADMIN_PIN_MIN_LENGTH, t.enterPin)
      .max(ADMIN_PIN_MAX_LENGTH, t.enterPin),
  });

  const listQuerySchema = z.object({
    q: z
      .string()
      .trim()
      .max(100, t.searchTooLong)
      // Control characters (NUL is an error in a database text; the searched fields are joined by one).
      .refine((q) => !hasControlCharacter(q), searchMessages.invalidCharacter[locale])
      // Too short for the trigram index (an empty term means no search).
      .refine((q) => q === '' || isSearchableTerm(q), searchMessages.tooShort[locale])
      .optional()
      .transform((q) => (q ? q : undefined)),
    status: z
      .enum(orderStatuses, { error: t.unknownStatus })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  });

  /** A job state change and what it records: cancel reason, carrier and tracking. */
  const statusSchema = z
    .object({
      status: z.enum(orderStatuses, { error: t.unknownStatus }),
      // The reason goes into the cancellation's credit note; the carrier's name into the email.
      reason: textField({
        multiline: true,
        required: adminText.reasonRequired,
        max: [500, adminText.reasonTooLong],
        invalidCharacter,
      }).optional(),
      carrier: z.enum(carrierIds, { error: adminText.carrierRequired }).optional(),
      carrierName: textField({
        required: adminText.carrierNameRequired,
        max: [60, adminText.carrierNameRequired],
        invalidCharacter,
      }).optional(),
      trackingNumber: z.string().trim().regex(trackingNumberPattern, adminText.trackingInvalid).optional(),
    })
    .superRefine((body, context) => {
      if (body.status === 'cancelled' && !body.reason)
        context.addIssue({ code: 'custom', path: ['reason'], message: adminText.reasonRequired });
      if (body.status === 'shipped') {
        if (!body.carrier)
          context.addIssue({ code: 'custom', path: ['carrier'], message: adminText.carrierRequired });
        if (body.carrier === 'other' && !body.carrierName)
          context.addIssue({ code: 'custom', path: ['carrierName'], message: adminText.carrierNameRequired });
        if (!body.trackingNumber)
          context.addIssue({ code: 'custom', path: ['trackingNumber'], message: adminText.trackingInvalid });
      }
    });
  const attentionTexts = orderAttentionMessages[locale];
  /** A flag for the owner: why, in a sentence or two. */
  const attentionSchema = z.object({
    reason: textField({
      multiline: true,
      required: attentionTexts.reasonRequired,
      min: [1, attentionTexts.reasonRequired],
      max: [300, attentionTexts.reasonTooLong],
      invalidCharacter,
    }),
  });
  return { loginSchema, listQuerySchema, statusSchema, attentionSchema };
}

const schemasByLocale = { sv: buildSchemas('sv'), en: buildSchemas('en') } as const;
type StatusBody = z.infer<(typeof schemasByLocale)['en']['statusSchema']>;

const csvFormatSchema = z.enum(csvFormats);

/**
 * The order as the session's role may read it: the money roles get its money, production the job
 * view, built without reading a document or payment (issue 38: no amount reaches production).
 */
function orderFor(db: Db, role: StaffRole, orderNumber: string, locale: Locale) {
  return roleMay(role, 'money')
    ? orderDetail(db, orderNumber, locale)
    : orderJobDetail(db, orderNumber, locale);
}

/** Only what belongs to the step is kept with it. */
function statusDetails(body: StatusBody): StatusDetails | null {
  switch (body.status) {
    case 'cancelled':
      return { reason: body.reason ?? '' };
    case 'shipped': {
      const carrier = body.carrier ?? 'other';
      return {
        carrier,
        carrierName: carrier === 'other' ? (body.carrierName ?? '') : carrierNames[carrier],
        trackingNumber: body.trackingNumber ?? '',
      };
    }
    default:
      return null;
  }
}
// Only the shape an order number can have reaches SQL (a NUL byte in text is a database error).
const orderNumberSchema = z.object({ number: z.string().regex(orderNumberPattern) });

// The attention schema's refusals (and the order-number path's) answer in the reader's language.
schemaMessages(orderAttentionMessages);

/**
 * An order as the staff member's role may see it (docs/security-roles.md): the money view (owner,
 * bookkeeping) or the job view (production), built by orderDetail and orderJobDetail.
 */
const adminOrderViewSchema = z
  .looseObject({ view: z.enum(['money', 'job']), orderNumber: z.string() })
  .describe('The order as the role may see it: the money view or the job view');

/** The views' interfaces meet the loose schema field for field; TypeScript wants an index signature. */
function orderView(order: AdminOrderDetail | AdminJobOrderDetail): z.output<typeof adminOrderViewSchema> {
  return order as unknown as z.output<typeof adminOrderViewSchema>;
}

/** The request's language, its messages and its schemas. */
function language(request: FastifyRequest) {
  const locale = requestLocale(request);
  return { locale, t: translate(adminApiMessages, locale), schemas: schemasByLocale[locale] };
}

function minutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * Admin login, sessions and every /api/admin/* route. The PIN is checked here, never in the browser;
 * a session is a random token in an httpOnly, SameSite=Strict cookie whose sha256 is in the database.
 */
export async function adminRoutes(
  app: FastifyInstance,
  { config, database }: AppContext,
  options: {
    /** After a status change or a new proof committed an email (the email worker's nudge). */
    onStatusChanged?: () => void;
    /** Extra conditions for a step (proof approval before production). */
    statusGuard?: StatusGuard;
    /**
     * Other domains' admin routes (proofs, print-file downloads, SIE export, ...), mounted behind the
     * session check. The app passes them in, so admin does not depend on those domains' routes.
     */
    domainRoutes?: readonly ((admin: FastifyInstance) => void | Promise<void>)[];
  } = {},
): Promise<void> {
  const { db } = database;
  const sessionLimits = config.adminSessions;
  const registeredAdminRoutes: RegisteredRoute[] = [];
  app.decorate('adminRouteList', registeredAdminRoutes);
  // Stores the PIN's hash (sessions are tied to it) and, at first start, generates a PIN.
  await loadPinHash(database, config.adminPin, app.log, config.dataDir);

  // Encapsulated: the cookie parser and the session check apply to these routes only.
  await app.register(async (scope) => {
    await scope.register(cookie);
    // Login and every admin change: only from the shop's own pages, only as JSON (or an upload).
    scope.addHook('onRequest', sameOriginGuard(config.publicBaseUrl));

    /**
     * A refused login in the audit: the address, and whose remembered browser it came from (a
     * member's browser guessing PINs is worth the owner's attention).
     */
    const recordFailedLogin = (
      client: string,
      device: KnownDevice | undefined,
      reason: 'wrong-pin' | 'throttled',
    ) =>
      recordAudit(db, {
        staffId: null,
        action: 'login_failed',
        target: client.slice(0, 100),
        after: device ? { reason, browserOf: device.staffName } : { reason },
      });

    scope.post('/api/admin-login', { bodyLimit: 1024 }, async (request, reply) => {
      const { t, schemas } = language(request);
      const parsed = schemas.loginSchema.safeParse(request.body);
      if (!parsed.success) return sendValidationError(reply, parsed.error);
      const client = clientKey(request);
      const device = await knownDevice(db, request.cookies[DEVICE_COOKIE]);
      const throttle = await reserveLoginAttempt(db, client, device);
      if (!throttle.allowed) {
        // Bounded (a flood of refused requests must not fill the append-only log).
        if (await mayAuditThrottled(db)) await recordFailedLogin(client, device, 'throttled');
        return sendError(
          reply.header('retry-after', String(throttle.retryAfterSeconds)),
          429,
          t.tooManyAttempts({ minutes: minutes(throttle.retryAfterSeconds) }),
        );
      }
      // Whose PIN it is, as stored now (every instance the same): a PIN changed elsewhere counts at once.
      const person = await findStaffByPin(db, parsed.data.pin);
      if (!person) {
        request.log.warn({ client }, 'wrong admin PIN');
        await recordFailedLogin(client, device, 'wrong-pin');
        return sendError(reply, 401, t.wrongPin);
      }
      // Only this attempt's own unit: the wrong PINs counted before it stay counted.
      await giveBackAttempt(db, throttle);
      const token = await db.transaction(async (tx) => {
        const opened = await createSession(tx, person, sessionLimits);
        await recordAudit(tx, { staffId: person.id, action: 'login', target: person.name });
        return opened;
      });
      const secure = request.protocol === 'https';
      reply.setCookie(...sessionCookieOptions(token, secure));
      reply.setCookie(DEVICE_COOKIE, await rememberDevice(db, request.cookies[DEVICE_COOKIE], person.id), {
        httpOnly: true,
        sameSite: 'strict',
        secure,
        // Only the login reads it.
        path: '/api/admin-login',
        maxAge: DEVICE_DAYS * 24 * 60 * 60,
      });
      return reply.code(204).send();
    });

    await scope.register(async (admin) => {
      // Every admin route is listed (the role table's test calls each one) and checked below.
      trackAdminRoutes(admin, registeredAdminRoutes);
      admin.decorateRequest('staff', null);
      admin.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        reply.header('cache-control', 'no-store');
        const person = await checkSession(db, request.cookies[SESSION_COOKIE], sessionLimits);
        if (!person) return sendError(reply, 401, language(request).t.loginRequired);
        request.staff = person;
        // The role table (src/server/staff/route-roles.ts), one check for every admin route.
        if (!mayCall(person.role, request)) {
          const texts = staffMessages[requestLocale(request)];
          return sendError(reply, 403, texts.forbidden({ role: texts[person.role] }));
        }
      });

      admin.get('/api/admin/session', (request) => {
        const { id, name, role } = staffOf(request);
        return { ok: true, staff: { id, name, role } };
      });

      admin.post('/api/admin/logout', async (request, reply) => {
        const person = staffOf(request);
        await db.transaction(async (tx) => {
          await deleteSession(tx, request.cookies[SESSION_COOKIE]);
          await recordAudit(tx, { staffId: person.id, action: 'logout', target: person.name });
        });
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.code(204).send();
      });

      // Ends every one of the person's sessions on every device (a lost laptop, a PIN seen by someone).
      admin.post('/api/admin/logout-all', async (request, reply) => {
        const ended = await deleteAllSessions(db, staffOf(request).id);
        request.log.info({ ended }, 'admin logged out every session');
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.code(204).send();
      });

      admin.get('/api/admin/stats', () => orderStats(db));

      admin.get('/api/admin/orders.csv', async (request, reply) => {
        const { locale, t, schemas } = language(request);
        const parsed = schemas.listQuerySchema.safeParse(request.query);
        if (!parsed.success) return sendValidationError(reply, parsed.error);
        const { q, status } = parsed.data;
        const format = csvFormatSchema.safeParse(
          (request.query as { format?: unknown }).format ?? 'standard',
        );
        if (!format.success) return sendError(reply, 400, t.unknownFormat);
        await recordAudit(db, {
          staffId: staffOf(request).id,
          action: 'export',
          target: 'orders.csv',
          after: { q: q ?? null, status: status ?? null, format: format.data },
        });
        const batches = csvBatches(db, { q, status }, format.data, exportBatching[database.kind], locale);
        async function* lines() {
          // A byte-order mark makes spreadsheet programs read the file as UTF-8 (å, ä, ö).
          yield `\uFEFF${csvRow(csvHeader, format.data)}`;
          yield* batches;
        }
        const stamp = stockholmDate(new Date());
        const suffix = format.data === 'excel-sv' ? '-excel' : '';
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="bestallningar-${stamp}${suffix}.csv"`)
          .send(Readable.from(lines()));
      });

      admin.get('/api/admin/orders/:number', async (request, reply) => {
        const { locale, t } = language(request);
        const params = orderNumberSchema.safeParse(request.params);
        const order = params.success
          ? await orderFor(db, staffOf(request).role, params.data.number, locale)
          : undefined;
        if (!order) return sendError(reply, 404, t.orderNotFound);
        return order;
      });

      // The order's invoice as issued (stored when the order was placed), never rebuilt from today's settings.
      admin.get('/api/admin/orders/:number/invoice', async (request, reply) => {
        const params = orderNumberSchema.safeParse(request.params);
        const order = params.success ? await findOrderByNumber(database, params.data.number) : undefined;
        if (!order) return sendError(reply, 404, language(request).t.orderNotFound);
        return sendInvoice(reply, await orderInvoice(db, order, config.seller));
      });

      admin.get('/api/admin/orders/:number/invoice.pdf', async (request, reply) => {
        const params = orderNumberSchema.safeParse(request.params);
        const order = params.success ? await findOrderByNumber(database, params.data.number) : undefined;
        if (!order) return sendError(reply, 404, language(request).t.orderNotFound);
        const { pdf, fileName } = await orderInvoicePdf(db, order, config.seller);
        return sendPdf(reply, pdf, fileName);
      });

      admin.get('/api/admin/orders/:number/invoice.xml', async (request, reply) => {
        const params = orderNumberSchema.safeParse(request.params);
        const order = params.success ? await findOrderByNumber(database, params.data.number) : undefined;
        const { locale, t } = language(request);
        if (!order) return sendError(reply, 404, t.orderNotFound);
        return sendOrderEInvoice(
          reply,
          await orderInvoice(db, order, config.seller),
          () => orderShippedOn(db, order.id),
          locale,
        );
      });

      for (const mount of options.domainRoutes ?? []) await mount(admin);

      admin.patch('/api/admin/orders/:number/status', { bodyLimit: 1024 }, async (request, reply) => {
        const { locale, t, schemas } = language(request);
        const params = orderNumberSchema.safeParse(request.params);
        // Payments make an order paid: the step that used to be a status points to them.
        if ((request.body as { status?: unknown } | null)?.status === 'paid')
          return sendError(reply, 400, ledgerMessages[locale].paidIsNoStatus);
        const body = schemas.statusSchema.safeParse(request.body);
        if (!body.success) return sendValidationError(reply, body.error);
        if (!params.success) return sendError(reply, 404, t.orderNotFound);
        const person = staffOf(request);
        const to = body.data.status;
        // Cancelling is decided in the transaction: by whether it issues a credit note (below).
        const stepAllowed =
          to === 'cancelled'
            ? roleMay(person.role, 'production') || roleMay(person.role, 'money')
            : roleMay(person.role, statusStepRoles[to]);
        if (!stepAllowed) {
          const texts = staffMessages[locale];
          return sendError(
            reply,
            403,
            texts.forbiddenStep({ role: texts[person.role], to: orderStatusMessages[locale][to] }),
          );
        }
        const result = await transition(db, params.data.number, to, statusDetails(body.data), {
          guard: options.statusGuard,
          seller: config.seller,
          // A credit note is the money roles' to issue; an order with nothing to credit is a job
          // the owner or the printer stops.
          mayCancel: (issuesCreditNote) => roleMay(person.role, issuesCreditNote ? 'money' : 'production'),
          record: (tx, change) =>
            recordAudit(tx, {
              staffId: person.id,
              action: 'order_status',
              target: params.data.number,
              orderId: change.orderId,
              before: { status: change.from },
              after: { status: to, ...(change.details ?? {}) },
            }),
        });
        if (!result.ok && result.reason === 'not-found') return sendError(reply, 404, t.orderNotFound);
        if (!result.ok && result.reason === 'cancel-forbidden') {
          const texts = staffMessages[locale];
          return sendError(
            reply,
            403,
            result.issuesCreditNote
              ? orderAttentionMessages[locale].cancelNeedsMoneyRole
              : texts.forbiddenStep({ role: texts[person.role], to: orderStatusMessages[locale][to] }),
          );
        }
        if (!result.ok && result.reason === 'refused')
          return sendError(reply, 409, orderAdminMessages[locale][result.refusal]);
        if (!result.ok) {
          const labels = orderStatusMessages[locale];
          return sendError(
            reply,
            409,
            t.statusChange({ from: labels[result.from], to: labels[body.data.status] }),
          );
        }
        options.onStatusChanged?.();
        return orderFor(db, person.role, params.data.number, locale);
      });

      // Flags the order for the owner's attention (production's way to ask for what it may not do).
      admin.withTypeProvider<ZodTypeProvider>().post(
        '/api/admin/orders/:number/attention',
        {
          bodyLimit: 4096,
          schema: {
            summary: 'Flag an order for the owner (any role), with a reason',
            params: orderNumberSchema,
            body: schemasByLocale.en.attentionSchema,
            response: { 200: adminOrderViewSchema, 400: apiErrorSchema, 404: apiErrorSchema },
          },
        },
        async (request, reply) => {
          const { locale, t } = language(request);
          const person = staffOf(request);
          if (!(await flagOrder(db, request.params.number, request.body.reason, person.id)))
            return sendError(reply, 404, t.orderNotFound);
          const order = await orderFor(db, person.role, request.params.number, locale);
          return order ? orderView(order) : sendError(reply, 404, t.orderNotFound);
        },
      );

      // The owner or the bookkeeper has seen to it.
      admin.withTypeProvider<ZodTypeProvider>().delete(
        '/api/admin/orders/:number/attention',
        {
          schema: {
            summary: 'Clear an order’s flag (owner, bookkeeping)',
            params: orderNumberSchema,
            response: { 200: adminOrderViewSchema, 404: apiErrorSchema, 409: apiErrorSchema },
          },
        },
        async (request, reply) => {
          const { locale, t } = language(request);
          const person = staffOf(request);
          const cleared = await clearOrderFlag(db, request.params.number, person.id);
          if (cleared === 'not-found') return sendError(reply, 404, t.orderNotFound);
          if (cleared === 'not-flagged')
            return sendError(reply, 409, orderAttentionMessages[locale].notFlagged);
          const order = await orderFor(db, person.role, request.params.number, locale);
          return order ? orderView(order) : sendError(reply, 404, t.orderNotFound);
        },
      );

      admin.get('/api/admin/partner-applications', async (request, reply) => {
        const { t, schemas } = language(request);
        const parsed = schemas.listQuerySchema.pick({ cursor: true, limit: true }).safeParse(request.query);
        if (!parsed.success) return sendValidationError(reply, parsed.error);
        let cursor: Cursor | undefined;
        if (parsed.data.cursor) {
          cursor = decodeCursor(parsed.data.cursor);
          if (!cursor) return sendError(reply, 400, t.badCursor);
        }
        return listApplications(db, cursor, parsed.data.limit);
      });

      // Unknown admin paths: 401 without a session (above), 404 with one.
      // Not an operation of the API: left out of the OpenAPI document.
      admin.all('/api/admin/*', { schema: { hide: true } }, (request, reply) =>
        sendError(reply, 404, language(request).t.notFound),
      );
    });
  });
}
