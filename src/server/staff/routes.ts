import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatDateTime, isCalendarDate, stockholmDate } from '@/shared/dates';
import { translate } from '@/shared/i18n/define';
import { dateLocaleTag, type Locale } from '@/shared/i18n/locale';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { staffMessages } from '@/shared/i18n/messages/staff';
import {
  auditActions,
  moneyAuditActions,
  roleMay,
  staffRoles,
  STAFF_EMAIL_MAX_LENGTH,
  STAFF_NAME_MAX_LENGTH,
  type AuditEvent,
} from '@/shared/staff';
import { ADMIN_PIN_MAX_LENGTH, ADMIN_PIN_MIN_LENGTH } from '@/shared/terms';
import {
  csvRow,
  deleteAllSessions,
  mayAuditThrottled,
  reservePinChange,
  sessionCookieOptions,
  startSession,
} from '@/server/admin';
import type { AppContext } from '@/server/context';
import { schemaMessages } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { findOrderByNumber, orderNumberPattern } from '@/server/orders';
import { auditBatches, listAudit, recordAudit, type AuditCursor, type AuditFilter } from './audit';
import { staffOf } from './request';
import {
  addStaff,
  changeOwnPin,
  changeStaff,
  listStaff,
  recordOwnPinRefused,
  removeStaff,
  resetStaffPin,
  type StaffResult,
} from './service';
import { refusals } from '@/server/http/route-scope';

// The schemas word their refusals in English; the reader gets them in their language.
schemaMessages(staffMessages, adminApiMessages);
const t = staffMessages.en;

const pinSchema = z
  .string({ error: t.pinInvalid })
  .min(ADMIN_PIN_MIN_LENGTH, t.pinInvalid)
  .max(ADMIN_PIN_MAX_LENGTH, t.pinInvalid);
const nameSchema = z
  .string({ error: t.nameRequired })
  .trim()
  .min(1, t.nameRequired)
  .max(STAFF_NAME_MAX_LENGTH, t.nameRequired);
const emailSchema = z
  .union([z.literal(''), z.email(t.emailInvalid).max(STAFF_EMAIL_MAX_LENGTH, t.emailInvalid)], {
    error: t.emailInvalid,
  })
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));
const roleSchema = z.enum(staffRoles, { error: t.roleInvalid });
// An empty filter field means no filter.
const noFilter = z.literal('').transform(() => undefined);
const daySchema = z
  .string()
  .refine((value) => isCalendarDate(value), t.badFilter)
  .optional()
  .or(noFilter);
// The shop makes every PIN: a PIN a caller still sends (`pin`, `newPin`, as before issue 38) is
// accepted and not used; the answer carries the PIN made.
const ignoredPin = z.unknown().optional();

const addBody = z.strictObject({ name: nameSchema, email: emailSchema, role: roleSchema, pin: ignoredPin });
const changeBody = z.strictObject({
  name: nameSchema.optional(),
  email: emailSchema,
  role: roleSchema.optional(),
});
const resetPinBody = z.strictObject({ pin: ignoredPin });
const ownPinBody = z.strictObject({ currentPin: pinSchema, newPin: ignoredPin });

function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}
const cursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,19})$/;
function decodeCursor(value: string): AuditCursor | undefined {
  const match = cursorPattern.exec(Buffer.from(value, 'base64url').toString('utf8'));
  return match?.[1] && match[2] ? { at: match[1], id: match[2] } : undefined;
}

const auditQuery = z.object({
  staff: z.coerce.number().int().positive({ error: t.badFilter }).optional(),
  action: z.enum(auditActions, { error: t.badFilter }).optional().or(noFilter),
  from: daySchema,
  to: daySchema,
  cursor: z
    .string()
    .max(100)
    .transform((value, context) => {
      const cursor = decodeCursor(value);
      if (!cursor) context.addIssue({ code: 'custom', message: adminApiMessages.en.badCursor });
      return cursor ?? z.NEVER;
    })
    .optional()
    .describe('nextCursor of the page before'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
type AuditQuery = z.output<typeof auditQuery>;

const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, t.staffNotFound)
    .transform(Number),
});
const orderParams = z.object({ number: z.string().regex(orderNumberPattern) });

const memberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(staffRoles),
  createdAt: z.string(),
});
const pinAnswer = z.object({ pin: z.string().describe('The new PIN, shown this once') });
const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  staff: z.string().nullable().describe('The person’s name; null when nobody was logged in'),
  staffId: z.number().int().nullable(),
  action: z.enum(auditActions),
  target: z.string(),
  orderNumber: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
const csvResponse = {
  description: 'The audit log as CSV (UTF-8 with a byte-order mark), streamed',
  content: { 'text/csv': { schema: z.string() } },
};
/** What the staff service may refuse: no such person (404), the last owner or oneself (409). */
const memberRefusals = refusals(400, 404, 409);

/** A refusal of the staff service as the person's language says it. */
function sendRefusal(
  reply: FastifyReply,
  locale: Locale,
  result: Exclude<StaffResult<unknown>, { ok: true }>,
): FastifyReply {
  const texts = staffMessages[locale];
  switch (result.reason) {
    case 'not-found':
      return sendError(reply, 404, texts.staffNotFound);
    case 'last-owner':
      return sendError(reply, 409, texts.lastOwner);
    case 'self':
      return sendError(reply, 409, texts.notYourself);
    case 'wrong-pin':
      return reply
        .code(400)
        .send({ error: texts.currentPinWrong, fieldErrors: { currentPin: texts.currentPinWrong } });
  }
}

/** A streamed CSV download (the route's schema describes it; the stream is its body). */
function sendCsv(reply: FastifyReply, name: string, lines: AsyncIterable<string>): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(Readable.from(lines));
}

function auditFilterOf({ staff, action, from, to }: AuditQuery): AuditFilter {
  return { staffId: staff, action, from, to };
}

const csvHeaders: Record<Locale, string[]> = {
  sv: ['Tid', 'Person', 'Typ', 'Gäller', 'Order', 'Före', 'Efter'],
  en: ['Time', 'Person', 'Kind', 'Concerns', 'Order', 'Before', 'After'],
};

function csvLine(event: AuditEvent, locale: Locale): string {
  const t = staffMessages[locale];
  const json = (value: unknown) => (value === null ? '' : JSON.stringify(value));
  return csvRow([
    formatDateTime(event.at, dateLocaleTag[locale]),
    event.staff ?? t.auditNobody,
    t[event.action],
    event.target,
    event.orderNumber ?? '',
    json(event.before),
    json(event.after),
  ]);
}

/**
 * The staff and audit routes, inside the admin scope (session and role table checked there):
 * GET/POST /api/admin/staff, PATCH/DELETE /api/admin/staff/:id, POST /api/admin/staff/:id/pin,
 * POST /api/admin/me/pin, GET /api/admin/audit(.csv) and GET /api/admin/orders/:number/history.
 */
export function staffAdminRoutes(admin: FastifyInstance, context: AppContext): void {
  const api = contractsOf(admin);
  registerStaffAccounts(api, context);
  registerOwnPin(api, context);
  registerAudit(api, context);
}

/** The admin scope whose routes declare their contracts (handlers get typed input). */
const contractsOf = (admin: FastifyInstance) => admin.withTypeProvider<ZodTypeProvider>();
type Api = ReturnType<typeof contractsOf>;

/** The owner's list of people: add, change, a new PIN, remove. */
function registerStaffAccounts(api: Api, { database }: AppContext): void {
  const { db } = database;
  api.get(
    '/api/admin/staff',
    {
      schema: {
        summary: 'Everyone who may log in',
        response: { 200: z.object({ staff: z.array(memberSchema) }) },
      },
    },
    async () => ({ staff: await listStaff(db) }),
  );

  api.post(
    '/api/admin/staff',
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Add a person with a role; the answer carries the PIN the shop made (shown once)',
        body: addBody,
        response: {
          201: memberSchema.omit({ createdAt: true }).extend({ pin: z.string() }),
          ...memberRefusals,
        },
      },
    },
    async (request, reply) => {
      const { name, email, role } = request.body;
      const result = await addStaff(db, staffOf(request).id, { name, email, role });
      if (!result.ok) return sendRefusal(reply, requestLocale(request), result);
      const { id, pin } = result.value;
      // The PIN is shown to the owner once, here; only its hash and lookup value are stored.
      return reply.code(201).send({ id, name: result.value.name, role, email: result.value.email, pin });
    },
  );

  api.patch(
    '/api/admin/staff/:id',
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Change a person’s name, email or role',
        params: idParams,
        body: changeBody,
        response: { 200: memberSchema, ...memberRefusals },
      },
    },
    async (request, reply) => {
      const result = await changeStaff(db, staffOf(request).id, request.params.id, request.body);
      if (!result.ok) return sendRefusal(reply, requestLocale(request), result);
      return result.value;
    },
  );

  api.post(
    '/api/admin/staff/:id/pin',
    {
      bodyLimit: 1024,
      schema: {
        summary: 'Give a person a new PIN (made by the shop); their sessions end',
        params: idParams,
        body: resetPinBody,
        response: { 200: pinAnswer, ...memberRefusals },
      },
    },
    async (request, reply) => {
      const result = await resetStaffPin(db, staffOf(request).id, request.params.id, deleteAllSessions);
      if (!result.ok) return sendRefusal(reply, requestLocale(request), result);
      return { pin: result.value.pin };
    },
  );

  api.delete(
    '/api/admin/staff/:id',
    {
      schema: {
        summary: 'Remove a person; their sessions end',
        params: idParams,
        response: { 204: z.null(), ...memberRefusals },
      },
    },
    async (request, reply) => {
      const result = await removeStaff(db, staffOf(request).id, request.params.id, deleteAllSessions);
      if (!result.ok) return sendRefusal(reply, requestLocale(request), result);
      return reply.code(204).send(null);
    },
  );
}

/**
 * A person gets a new PIN of their own (made by the shop), confirming the current one. Limited per
 * person (PIN_CHANGE_LIMIT) and never touching the login throttle: a change neither clears the
 * wrong logins counted against this browser nor says anything about anyone else's PIN. The
 * throttle comes after the schema: a malformed request uses up no try.
 */
function registerOwnPin(api: Api, { config, database }: AppContext): void {
  const { db } = database;
  api.post(
    '/api/admin/me/pin',
    {
      bodyLimit: 1024,
      schema: {
        summary: 'A new PIN of one’s own (made by the shop), confirming the current one',
        body: ownPinBody,
        response: { 200: pinAnswer, ...refusals(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const person = staffOf(request);
      const throttle = await reservePinChange(db, person.id);
      if (!throttle.allowed) {
        if (await mayAuditThrottled(db))
          await recordOwnPinRefused(db, person.id, person.name, 'too-many-tries');
        return sendError(
          reply.header('retry-after', String(throttle.retryAfterSeconds)),
          429,
          adminApiMessages[locale].tooManyAttempts({
            minutes: Math.max(1, Math.ceil(throttle.retryAfterSeconds / 60)),
          }),
        );
      }
      const result = await changeOwnPin(db, person.id, request.body.currentPin, deleteAllSessions);
      if (!result.ok) return sendRefusal(reply, locale, result);
      // The person's other sessions ended with the old PIN; this browser goes on with a new one.
      const token = await startSession(
        db,
        { id: person.id, pinHash: result.value.pinHash },
        config.adminSessions,
      );
      reply.setCookie(...sessionCookieOptions(token, request.protocol === 'https'));
      return { pin: result.value.pin };
    },
  );
}

/** The audit log (a page, or all of it as CSV) and one order's history. */
function registerAudit(api: Api, { database }: AppContext): void {
  const { db } = database;
  api.get(
    '/api/admin/audit',
    {
      schema: {
        summary: 'The audit log, newest first, filtered by person, kind and days',
        querystring: auditQuery,
        response: {
          200: z.object({ events: z.array(auditEventSchema), nextCursor: z.string().nullable() }),
          ...refusals(400),
        },
      },
    },
    async (request) => {
      const { limit, cursor } = request.query;
      const { events, next } = await listAudit(db, auditFilterOf(request.query), limit, cursor);
      return { events, nextCursor: next ? encodeCursor(next) : null };
    },
  );

  api.get(
    '/api/admin/audit.csv',
    {
      schema: {
        summary: 'The filtered audit log as CSV, in the reader’s language',
        querystring: auditQuery,
        response: { 200: csvResponse, ...refusals(400) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const filter = auditFilterOf(request.query);
      await recordAudit(db, {
        staffId: staffOf(request).id,
        action: 'export',
        target: 'audit.csv',
        after: { ...filter },
      });
      async function* lines() {
        yield `\uFEFF${csvRow(csvHeaders[locale])}`;
        for await (const batch of auditBatches(db, filter)) {
          yield batch.map((event) => csvLine(event, locale)).join('');
        }
      }
      return sendCsv(reply, `logg-${stockholmDate(new Date())}.csv`, lines());
    },
  );

  /** The order's history with names, newest first; a role without money does not see its money events. */
  api.get(
    '/api/admin/orders/:number/history',
    {
      schema: {
        summary: 'One order’s history with names, newest first (production: without its money)',
        params: orderParams,
        response: { 200: z.object({ events: z.array(auditEventSchema) }), ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const order = await findOrderByNumber(database, request.params.number);
      if (!order)
        return sendError(reply, 404, translate(adminApiMessages, requestLocale(request)).orderNotFound);
      const person = staffOf(request);
      const { events } = await listAudit(
        db,
        { orderId: order.id, without: roleMay(person.role, 'money') ? undefined : moneyAuditActions },
        500,
      );
      return { events };
    },
  );
}
