import { Readable } from 'node:stream';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { carrierIds, carrierNames, trackingNumberPattern, type StatusDetails } from '@/shared/carriers';
import { stockholmDate } from '@/shared/dates';
import { ledgerMessages } from '@/shared/i18n/messages/ledger';
import { translate } from '@/shared/i18n/define';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { orderAdminMessages } from '@/shared/i18n/messages/order-admin';
import { orderStatusMessages } from '@/shared/i18n/messages/order-status';
import { orderStatuses } from '@/shared/order-status';
import { textField } from '@/shared/text';
import { hasControlCharacter, isSearchableTerm, searchMessages } from '@/shared/admin-search';
import type { AppContext } from '@/server/context';
import { apiErrorSchema, schemaMessages } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
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
import { roleMay, statusStepRoles } from '@/shared/staff';
import { orderAttentionMessages } from '@/shared/i18n/messages/order-attention';
import { csvFormats, csvRow } from './csv';
import type { StatusGuard } from '@/server/orders';
import { csvBatches, csvHeader, exportBatching } from './order-export';
import { decodeCursor } from './order-query';
import { listOrderJobs, listOrders } from './order-list';
import { clearOrderFlag, flagOrder } from './attention';
import {
  adminOrderListSchema,
  adminOrderView,
  adminOrderViewSchema,
  adminPartnerPageSchema,
  adminSessionSchema,
  adminStatsSchema,
} from './admin-view';

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
import { refusals } from '@/server/http/route-scope';

// The admin API's schemas word their refusals in English; the reader gets them in their language.
schemaMessages(adminApiMessages, orderAdminMessages, orderAttentionMessages, ledgerMessages, {
  en: { searchTooShort: searchMessages.tooShort.en, searchCharacter: searchMessages.invalidCharacter.en },
  sv: { searchTooShort: searchMessages.tooShort.sv, searchCharacter: searchMessages.invalidCharacter.sv },
});
const t = adminApiMessages.en;
const adminText = orderAdminMessages.en;

const loginBody = z.object({
  pin: z
    .string({ error: t.enterPin })
    .min(ADMIN_PIN_MIN_LENGTH, t.enterPin)
    .max(ADMIN_PIN_MAX_LENGTH, t.enterPin),
});

/** A page marker as the list answered it (nextCursor), decoded by the schema. */
const cursorSchema = z
  .string()
  .max(200)
  .transform((value, context) => {
    const cursor = decodeCursor(value);
    if (!cursor) context.addIssue({ code: 'custom', message: t.badCursor });
    return cursor ?? z.NEVER;
  })
  .optional()
  .describe('nextCursor of the page before');
const limitSchema = z.coerce.number().int().min(1).max(200).default(50);

/** The order search and filter (the list and its CSV). */
const searchShape = {
  q: z
    .string()
    .trim()
    .max(100, t.searchTooLong)
    // Control characters (NUL is an error in a database text; the searched fields are joined by one).
    .refine((q) => !hasControlCharacter(q), searchMessages.invalidCharacter.en)
    // Too short for the trigram index (an empty term means no search).
    .refine((q) => q === '' || isSearchableTerm(q), searchMessages.tooShort.en)
    .optional()
    .transform((q) => (q ? q : undefined)),
  status: z
    .enum(orderStatuses, { error: t.unknownStatus })
    .optional()
    .or(z.literal('').transform(() => undefined)),
};
const listQuery = z.object({ ...searchShape, cursor: cursorSchema, limit: limitSchema });
const csvQuery = z.object({
  ...searchShape,
  format: z.enum(csvFormats, { error: t.unknownFormat }).default('standard'),
});
const pageQuery = z.object({ cursor: cursorSchema, limit: limitSchema });

/** A job state change and what it records: cancel reason, carrier and tracking. */
const statusBody = z
  .object({
    // Payments make an order paid: the step that used to be a status points to them.
    status: z.enum(orderStatuses, {
      error: (issue) => (issue.input === 'paid' ? ledgerMessages.en.paidIsNoStatus : t.unknownStatus),
    }),
    // The reason goes into the cancellation's credit note; the carrier's name into the email.
    reason: textField({
      multiline: true,
      required: adminText.reasonRequired,
      max: [500, adminText.reasonTooLong],
    }).optional(),
    carrier: z.enum(carrierIds, { error: adminText.carrierRequired }).optional(),
    carrierName: textField({
      required: adminText.carrierNameRequired,
      max: [60, adminText.carrierNameRequired],
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
type StatusBody = z.output<typeof statusBody>;

const attentionTexts = orderAttentionMessages.en;
/** A flag for the owner: why, in a sentence or two. */
const attentionBody = z.object({
  reason: textField({
    multiline: true,
    required: attentionTexts.reasonRequired,
    min: [1, attentionTexts.reasonRequired],
    max: [300, attentionTexts.reasonTooLong],
  }),
});

// Only the shape an order number can have reaches SQL (a NUL byte in text is a database error).
const orderNumberSchema = z.object({ number: z.string().regex(orderNumberPattern) });

const noContent = z.null().describe('Done');
const csvResponse = {
  description: 'The orders as CSV (UTF-8 with a byte-order mark), streamed',
  content: { 'text/csv': { schema: z.string() } },
};
const invoiceResponses = {
  html: {
    description: 'The invoice as issued, a page of its own',
    content: { 'text/html': { schema: z.string() } },
  },
  pdf: { description: 'The invoice as issued (PDF)', content: { 'application/pdf': { schema: z.string() } } },
  xml: {
    description: 'The invoice as a Peppol BIS Billing 3.0 e-invoice (UBL)',
    content: { 'application/xml': { schema: z.string() } },
  },
};

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
/** The request's language and its messages. */
function language(request: FastifyRequest) {
  const locale = requestLocale(request);
  return { locale, t: translate(adminApiMessages, locale) };
}

function minutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/** The admin scope whose routes declare their contracts (handlers get typed input). */
const contractsOf = (scope: FastifyInstance) => scope.withTypeProvider<ZodTypeProvider>();
type Api = ReturnType<typeof contractsOf>;

/** A non-JSON download whose route's schema describes it (the stream or bytes are its body). */
function sendFile(reply: FastifyReply, type: string, disposition: string, body: Readable): FastifyReply {
  return reply.header('content-type', type).header('content-disposition', disposition).send(body);
}

export interface AdminRouteOptions {
  /** After a status change or a new proof committed an email (the email worker's nudge). */
  onStatusChanged?: () => void;
  /** Extra conditions for a step (proof approval before production). */
  statusGuard?: StatusGuard;
  /**
   * Other domains' admin routes (proofs, print-file downloads, SIE export, ...), mounted behind the
   * session check. The app passes them in, so admin does not depend on those domains' routes.
   */
  domainRoutes?: readonly ((admin: FastifyInstance) => void | Promise<void>)[];
}

/**
 * Admin login, sessions and every /api/admin/* route. The PIN is checked here, never in the browser;
 * a session is a random token in an httpOnly, SameSite=Strict cookie whose sha256 is in the database.
 */
export async function adminRoutes(
  app: FastifyInstance,
  context: AppContext,
  options: AdminRouteOptions = {},
): Promise<void> {
  const { config, database } = context;
  const registeredAdminRoutes: RegisteredRoute[] = [];
  app.decorate('adminRouteList', registeredAdminRoutes);
  // Stores the PIN's hash (sessions are tied to it) and, at first start, generates a PIN.
  await loadPinHash(database, config.adminPin, app.log, config.dataDir);

  // Encapsulated: the cookie parser and the session check apply to these routes only.
  await app.register(async (scope) => {
    await scope.register(cookie);
    // Login and every admin change: only from the shop's own pages, only as JSON (or an upload).
    scope.addHook('onRequest', sameOriginGuard(config.publicBaseUrl));
    registerLogin(contractsOf(scope), context);

    await scope.register(async (admin) => {
      // Every admin route is listed (the role table's test calls each one) and checked below.
      trackAdminRoutes(admin, registeredAdminRoutes);
      requireSession(admin, context);
      const api = contractsOf(admin);
      registerSession(api, context);
      registerOrderList(api, context);
      registerOrder(api, context);
      for (const mount of options.domainRoutes ?? []) await mount(admin);
      registerStatusChange(api, context, options);
      registerAttention(api, context);
      registerPartnerApplications(api, context);
      // Unknown admin paths: 401 without a session (above), 404 with one.
      // Not an operation of the API: left out of the OpenAPI document.
      admin.all('/api/admin/*', { schema: { hide: true } }, (request, reply) =>
        sendError(reply, 404, language(request).t.notFound),
      );
    });
  });
}

/**
 * POST /api/admin-login `{ pin }`: a session for whoever's PIN it is. The throttle comes after the
 * schema, so a malformed request uses up no attempt.
 */
function registerLogin(api: Api, { config, database }: AppContext): void {
  const { db } = database;
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

  api.post(
    '/api/admin-login',
    {
      bodyLimit: 1024,
      schema: {
        summary: 'Log in with a PIN: sets the session cookie (and remembers the browser)',
        body: loginBody,
        response: { 204: noContent, ...refusals(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { t: texts } = language(request);
      const client = clientKey(request);
      const device = await knownDevice(db, request.cookies[DEVICE_COOKIE]);
      const throttle = await reserveLoginAttempt(db, client, device);
      if (!throttle.allowed) {
        // Bounded (a flood of refused requests must not fill the append-only log).
        if (await mayAuditThrottled(db)) await recordFailedLogin(client, device, 'throttled');
        return sendError(
          reply.header('retry-after', String(throttle.retryAfterSeconds)),
          429,
          texts.tooManyAttempts({ minutes: minutes(throttle.retryAfterSeconds) }),
        );
      }
      // Whose PIN it is, as stored now (every instance the same): a PIN changed elsewhere counts at once.
      const person = await findStaffByPin(db, request.body.pin);
      if (!person) {
        request.log.warn({ client }, 'wrong admin PIN');
        await recordFailedLogin(client, device, 'wrong-pin');
        return sendError(reply, 401, texts.wrongPin);
      }
      // Only this attempt's own unit: the wrong PINs counted before it stay counted.
      await giveBackAttempt(db, throttle);
      const token = await db.transaction(async (tx) => {
        const opened = await createSession(tx, person, config.adminSessions);
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
      return reply.code(204).send(null);
    },
  );
}

/** Every admin route: a session, and the role table's leave (src/server/staff/route-roles.ts). */
function requireSession(admin: FastifyInstance, { config, database }: AppContext): void {
  admin.decorateRequest('staff', null);
  admin.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const person = await checkSession(database.db, request.cookies[SESSION_COOKIE], config.adminSessions);
    if (!person) return sendError(reply, 401, language(request).t.loginRequired);
    request.staff = person;
    if (!mayCall(person.role, request)) {
      const texts = staffMessages[requestLocale(request)];
      return sendError(reply, 403, texts.forbidden({ role: texts[person.role] }));
    }
  });
}

/** Who is logged in, logging out (here, or everywhere) and the shop's figures. */
function registerSession(api: Api, { database }: AppContext): void {
  const { db } = database;
  api.get(
    '/api/admin/session',
    { schema: { summary: 'Who is logged in', response: { 200: adminSessionSchema } } },
    (request) => {
      const { id, name, role } = staffOf(request);
      return { ok: true as const, staff: { id, name, role } };
    },
  );

  api.post(
    '/api/admin/logout',
    { schema: { summary: 'End this session', response: { 204: noContent } } },
    async (request, reply) => {
      const person = staffOf(request);
      await db.transaction(async (tx) => {
        await deleteSession(tx, request.cookies[SESSION_COOKIE]);
        await recordAudit(tx, { staffId: person.id, action: 'logout', target: person.name });
      });
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
  );

  // Ends every one of the person's sessions on every device (a lost laptop, a PIN seen by someone).
  api.post(
    '/api/admin/logout-all',
    { schema: { summary: 'End every session of the person, on every device', response: { 204: noContent } } },
    async (request, reply) => {
      const ended = await deleteAllSessions(db, staffOf(request).id);
      request.log.info({ ended }, 'admin logged out every session');
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/api/admin/stats',
    {
      schema: { summary: 'Orders, turnover and net turnover this year', response: { 200: adminStatsSchema } },
    },
    () => orderStats(db),
  );
}

/** The order list (a page, by the role's view) and its CSV export. */
function registerOrderList(api: Api, { database }: AppContext): void {
  const { db } = database;
  api.get(
    '/api/admin/orders',
    {
      schema: {
        summary: 'Orders, newest first: searched, filtered by status, a page at a time',
        querystring: listQuery,
        response: { 200: adminOrderListSchema, ...refusals(400) },
      },
    },
    async (request) => {
      const { q, status, cursor, limit } = request.query;
      const { locale } = language(request);
      // Production gets each order's job, never its money (issue 38).
      return roleMay(staffOf(request).role, 'money')
        ? listOrders(db, { q, status }, cursor, limit, locale)
        : listOrderJobs(db, { q, status }, cursor, limit, locale);
    },
  );

  api.get(
    '/api/admin/orders.csv',
    {
      schema: {
        summary: 'Every matching order as CSV (standard, or for a Swedish spreadsheet), streamed',
        querystring: csvQuery,
        response: { 200: csvResponse, ...refusals(400) },
      },
    },
    async (request, reply) => {
      const { q, status, format } = request.query;
      await recordAudit(db, {
        staffId: staffOf(request).id,
        action: 'export',
        target: 'orders.csv',
        after: { q: q ?? null, status: status ?? null, format },
      });
      const batches = csvBatches(
        database,
        { q, status },
        format,
        exportBatching[database.kind],
        language(request).locale,
      );
      async function* lines() {
        // A byte-order mark makes spreadsheet programs read the file as UTF-8 (å, ä, ö).
        yield `\uFEFF${csvRow(csvHeader, format)}`;
        yield* batches;
      }
      const stamp = stockholmDate(new Date());
      const suffix = format === 'excel-sv' ? '-excel' : '';
      return sendFile(
        reply,
        'text/csv; charset=utf-8',
        `attachment; filename="bestallningar-${stamp}${suffix}.csv"`,
        Readable.from(lines()),
      );
    },
  );
}

/** One order as the role may see it, and its invoice as issued (page, PDF, e-invoice). */
function registerOrder(api: Api, { config, database }: AppContext): void {
  const { db } = database;
  api.get(
    '/api/admin/orders/:number',
    {
      schema: {
        summary: 'One order: the money view (owner, bookkeeping) or the job view (production)',
        params: orderNumberSchema,
        response: { 200: adminOrderViewSchema, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const { locale, t: texts } = language(request);
      const order = await adminOrderView(db, staffOf(request).role, request.params.number, locale);
      return order ?? sendError(reply, 404, texts.orderNotFound);
    },
  );

  // The order's invoice as issued (stored when the order was placed), never rebuilt from today's settings.
  const invoiceRoute = (format: keyof typeof invoiceResponses, summary: string) => ({
    schema: {
      summary,
      params: orderNumberSchema,
      response: {
        200: invoiceResponses[format],
        ...(format === 'xml' ? { 409: apiErrorSchema, 422: apiErrorSchema } : {}),
        ...refusals(400, 404),
      },
    },
  });
  api.get(
    '/api/admin/orders/:number/invoice',
    invoiceRoute('html', 'The order’s invoice as issued, as a page'),
    async (request, reply) => {
      const order = await findOrderByNumber(database, request.params.number);
      if (!order) return sendError(reply, 404, language(request).t.orderNotFound);
      return sendInvoice(reply, await orderInvoice(db, order, config.seller));
    },
  );

  api.get(
    '/api/admin/orders/:number/invoice.pdf',
    invoiceRoute('pdf', 'The order’s invoice as issued (PDF)'),
    async (request, reply) => {
      const order = await findOrderByNumber(database, request.params.number);
      if (!order) return sendError(reply, 404, language(request).t.orderNotFound);
      const { pdf, fileName } = await orderInvoicePdf(db, order, config.seller);
      return sendPdf(reply, pdf, fileName);
    },
  );

  api.get(
    '/api/admin/orders/:number/invoice.xml',
    invoiceRoute(
      'xml',
      'The order’s invoice as a Peppol e-invoice (409 before shipping, 422 without Peppol)',
    ),
    async (request, reply) => {
      const { locale, t: texts } = language(request);
      const order = await findOrderByNumber(database, request.params.number);
      if (!order) return sendError(reply, 404, texts.orderNotFound);
      return sendOrderEInvoice(
        reply,
        await orderInvoice(db, order, config.seller),
        () => orderShippedOn(db, order.id),
        locale,
      );
    },
  );
}

/** A refusal of a step the role may not take, in the reader's language. */
function forbiddenStep(reply: FastifyReply, request: FastifyRequest, to: StatusBody['status']): FastifyReply {
  const locale = requestLocale(request);
  const texts = staffMessages[locale];
  return sendError(
    reply,
    403,
    texts.forbiddenStep({ role: texts[staffOf(request).role], to: orderStatusMessages[locale][to] }),
  );
}

/** PATCH /api/admin/orders/:number/status: the job's next step, as the role may take it. */
function registerStatusChange(api: Api, { config, database }: AppContext, options: AdminRouteOptions): void {
  const { db } = database;
  api.patch(
    '/api/admin/orders/:number/status',
    {
      bodyLimit: 1024,
      schema: {
        summary: 'Move the order to its next status (cancel with a reason, ship with carrier and tracking)',
        params: orderNumberSchema,
        body: statusBody,
        response: { 200: adminOrderViewSchema, ...refusals(400, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { locale, t: texts } = language(request);
      const { number } = request.params;
      const person = staffOf(request);
      const to = request.body.status;
      // Cancelling is decided in the transaction: by whether it issues a credit note (below).
      const stepAllowed =
        to === 'cancelled'
          ? roleMay(person.role, 'production') || roleMay(person.role, 'money')
          : roleMay(person.role, statusStepRoles[to]);
      if (!stepAllowed) return forbiddenStep(reply, request, to);
      const result = await transition(db, number, to, statusDetails(request.body), {
        guard: options.statusGuard,
        seller: config.seller,
        // A credit note is the money roles' to issue; an order with nothing to credit is a job
        // the owner or the printer stops.
        mayCancel: (issuesCreditNote) => roleMay(person.role, issuesCreditNote ? 'money' : 'production'),
        record: (tx, change) =>
          recordAudit(tx, {
            staffId: person.id,
            action: 'order_status',
            target: number,
            orderId: change.orderId,
            before: { status: change.from },
            after: { status: to, ...(change.details ?? {}) },
          }),
      });
      if (!result.ok && result.reason === 'not-found') return sendError(reply, 404, texts.orderNotFound);
      if (!result.ok && result.reason === 'cancel-forbidden')
        return result.issuesCreditNote
          ? sendError(reply, 403, orderAttentionMessages[locale].cancelNeedsMoneyRole)
          : forbiddenStep(reply, request, to);
      if (!result.ok && result.reason === 'refused')
        return sendError(reply, 409, orderAdminMessages[locale][result.refusal]);
      if (!result.ok) {
        const labels = orderStatusMessages[locale];
        return sendError(reply, 409, texts.statusChange({ from: labels[result.from], to: labels[to] }));
      }
      options.onStatusChanged?.();
      const order = await adminOrderView(db, person.role, number, locale);
      return order ?? sendError(reply, 404, texts.orderNotFound);
    },
  );
}

/** Production's way to ask for what it may not do: a flag for the owner, cleared by the money roles. */
function registerAttention(api: Api, { database }: AppContext): void {
  const { db } = database;
  api.post(
    '/api/admin/orders/:number/attention',
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Flag an order for the owner (any role), with a reason',
        params: orderNumberSchema,
        body: attentionBody,
        response: { 200: adminOrderViewSchema, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const { locale, t: texts } = language(request);
      const person = staffOf(request);
      if (!(await flagOrder(db, request.params.number, request.body.reason, person.id)))
        return sendError(reply, 404, texts.orderNotFound);
      const order = await adminOrderView(db, person.role, request.params.number, locale);
      return order ?? sendError(reply, 404, texts.orderNotFound);
    },
  );

  // The owner or the bookkeeper has seen to it.
  api.delete(
    '/api/admin/orders/:number/attention',
    {
      schema: {
        summary: 'Clear an order’s flag (owner, bookkeeping)',
        params: orderNumberSchema,
        response: { 200: adminOrderViewSchema, ...refusals(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const { locale, t: texts } = language(request);
      const person = staffOf(request);
      const cleared = await clearOrderFlag(db, request.params.number, person.id);
      if (cleared === 'not-found') return sendError(reply, 404, texts.orderNotFound);
      if (cleared === 'not-flagged') return sendError(reply, 409, orderAttentionMessages[locale].notFlagged);
      const order = await adminOrderView(db, person.role, request.params.number, locale);
      return order ?? sendError(reply, 404, texts.orderNotFound);
    },
  );
}

/** The owner's list of partner applications, newest first. */
function registerPartnerApplications(api: Api, { database }: AppContext): void {
  api.get(
    '/api/admin/partner-applications',
    {
      schema: {
        summary: 'Partner applications, newest first, a page at a time',
        querystring: pageQuery,
        response: { 200: adminPartnerPageSchema, ...refusals(400) },
      },
    },
    async (request) => listApplications(database.db, request.query.cursor, request.query.limit),
  );
}
