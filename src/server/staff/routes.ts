import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { sendError, sendValidationError } from '@/server/http/errors';
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

function schemasFor(locale: Locale) {
  const t = staffMessages[locale];
  const pin = z
    .string({ error: t.pinInvalid })
    .min(ADMIN_PIN_MIN_LENGTH, t.pinInvalid)
    .max(ADMIN_PIN_MAX_LENGTH, t.pinInvalid);
  const name = z
    .string({ error: t.nameRequired })
    .trim()
    .min(1, t.nameRequired)
    .max(STAFF_NAME_MAX_LENGTH, t.nameRequired);
  const email = z
    .union([z.literal(''), z.email(t.emailInvalid).max(STAFF_EMAIL_MAX_LENGTH, t.emailInvalid)], {
      error: t.emailInvalid,
    })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));
  const role = z.enum(staffRoles, { error: t.roleInvalid });
  const day = z
    .string()
    .refine((value) => isCalendarDate(value), t.badFilter)
    .optional();
  // The shop makes every PIN: a PIN a caller still sends (`pin`, `newPin`, as before issue 38) is
  // accepted and not used; the answer carries the PIN made.
  const ignoredPin = z.unknown().optional();
  return {
    add: z.strictObject({ name, email, role, pin: ignoredPin }),
    change: z.strictObject({ name: name.optional(), email, role: role.optional() }),
    resetPin: z.strictObject({ pin: ignoredPin }),
    ownPin: z.strictObject({ currentPin: pin, newPin: ignoredPin }),
    audit: z.object({
      staff: z.coerce.number().int().positive({ error: t.badFilter }).optional(),
      action: z
        .enum(auditActions, { error: t.badFilter })
        .optional()
        .or(z.literal('').transform(() => undefined)),
      from: day.or(z.literal('').transform(() => undefined)),
      to: day.or(z.literal('').transform(() => undefined)),
      cursor: z.string().max(100).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
  };
}
const schemas = { sv: schemasFor('sv'), en: schemasFor('en') } as const;

const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number),
});
const orderParams = z.object({ number: z.string().regex(orderNumberPattern) });

function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}
const cursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,19})$/;
function decodeCursor(value: string): AuditCursor | undefined {
  const match = cursorPattern.exec(Buffer.from(value, 'base64url').toString('utf8'));
  return match?.[1] && match[2] ? { at: match[1], id: match[2] } : undefined;
}

/** A refusal of the staff service as the person's language says it. */
function sendRefusal(
  reply: FastifyReply,
  locale: Locale,
  result: Exclude<StaffResult<unknown>, { ok: true }>,
): FastifyReply {
  const t = staffMessages[locale];
  switch (result.reason) {
    case 'not-found':
      return sendError(reply, 404, t.staffNotFound);
    case 'last-owner':
      return sendError(reply, 409, t.lastOwner);
    case 'self':
      return sendError(reply, 409, t.notYourself);
    case 'wrong-pin':
      return reply
        .code(400)
        .send({ error: t.currentPinWrong, fieldErrors: { currentPin: t.currentPinWrong } });
  }
}

function auditFilterOf(request: FastifyRequest, reply: FastifyReply) {
  const locale = requestLocale(request);
  const parsed = schemas[locale].audit.safeParse(request.query);
  if (!parsed.success) {
    sendValidationError(reply, parsed.error);
    return undefined;
  }
  const { staff, action, from, to, cursor: rawCursor, limit } = parsed.data;
  let cursor: AuditCursor | undefined;
  if (rawCursor) {
    cursor = decodeCursor(rawCursor);
    if (!cursor) {
      sendError(reply, 400, adminApiMessages[locale].badCursor);
      return undefined;
    }
  }
  const filter: AuditFilter = { staffId: staff, action, from, to };
  return { filter, cursor, limit };
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
export function staffAdminRoutes(admin: FastifyInstance, { config, database }: AppContext): void {
  const { db } = database;

  admin.get('/api/admin/staff', async () => ({ staff: await listStaff(db) }));

  admin.post('/api/admin/staff', { bodyLimit: 4096 }, async (request, reply) => {
    const locale = requestLocale(request);
    const parsed = schemas[locale].add.safeParse(request.body);
    if (!parsed.success) return sendValidationError(reply, parsed.error);
    const { name, email, role } = parsed.data;
    const result = await addStaff(db, staffOf(request).id, { name, email, role });
    if (!result.ok) return sendRefusal(reply, locale, result);
    const { id, pin } = result.value;
    // The PIN is shown to the owner once, here; only its hash and lookup value are stored.
    return reply.code(201).send({ id, name: result.value.name, role, email: result.value.email, pin });
  });

  admin.patch('/api/admin/staff/:id', { bodyLimit: 4096 }, async (request, reply) => {
    const locale = requestLocale(request);
    const params = idParams.safeParse(request.params);
    if (!params.success) return sendError(reply, 404, staffMessages[locale].staffNotFound);
    const parsed = schemas[locale].change.safeParse(request.body);
    if (!parsed.success) return sendValidationError(reply, parsed.error);
    const result = await changeStaff(db, staffOf(request).id, params.data.id, parsed.data);
    if (!result.ok) return sendRefusal(reply, locale, result);
    return result.value;
  });

  admin.post('/api/admin/staff/:id/pin', { bodyLimit: 1024 }, async (request, reply) => {
    const locale = requestLocale(request);
    const params = idParams.safeParse(request.params);
    if (!params.success) return sendError(reply, 404, staffMessages[locale].staffNotFound);
    const parsed = schemas[locale].resetPin.safeParse(request.body);
    if (!parsed.success) return sendValidationError(reply, parsed.error);
    const result = await resetStaffPin(db, staffOf(request).id, params.data.id, deleteAllSessions);
    if (!result.ok) return sendRefusal(reply, locale, result);
    return { pin: result.value.pin };
  });

  admin.delete('/api/admin/staff/:id', async (request, reply) => {
    const locale = requestLocale(request);
    const params = idParams.safeParse(request.params);
    if (!params.success) return sendError(reply, 404, staffMessages[locale].staffNotFound);
    const result = await removeStaff(db, staffOf(request).id, params.data.id, deleteAllSessions);
    if (!result.ok) return sendRefusal(reply, locale, result);
    return reply.code(204).send();
  });

  /**
   * A person gets a new PIN of their own (made by the shop), confirming the current one. Limited per
   * person (PIN_CHANGE_LIMIT) and never touching the login throttle: a change neither clears the
   * wrong logins counted against this browser nor says anything about anyone else's PIN.
   */
  admin.post('/api/admin/me/pin', { bodyLimit: 1024 }, async (request, reply) => {
    const locale = requestLocale(request);
    const parsed = schemas[locale].ownPin.safeParse(request.body);
    if (!parsed.success) return sendValidationError(reply, parsed.error);
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
    const result = await changeOwnPin(db, person.id, parsed.data.currentPin, deleteAllSessions);
    if (!result.ok) return sendRefusal(reply, locale, result);
    // The person's other sessions ended with the old PIN; this browser goes on with a new one.
    const token = await startSession(
      db,
      { id: person.id, pinHash: result.value.pinHash },
      config.adminSessions,
    );
    reply.setCookie(...sessionCookieOptions(token, request.protocol === 'https'));
    return { pin: result.value.pin };
  });

  admin.get('/api/admin/audit', async (request, reply) => {
    const query = auditFilterOf(request, reply);
    if (!query) return reply;
    const { events, next } = await listAudit(db, query.filter, query.limit, query.cursor);
    return { events, nextCursor: next ? encodeCursor(next) : null };
  });

  admin.get('/api/admin/audit.csv', async (request, reply) => {
    const query = auditFilterOf(request, reply);
    if (!query) return reply;
    const locale = requestLocale(request);
    const person = staffOf(request);
    await recordAudit(db, {
      staffId: person.id,
      action: 'export',
      target: 'audit.csv',
      after: { ...query.filter },
    });
    const { filter } = query;
    async function* lines() {
      yield `\uFEFF${csvRow(csvHeaders[locale])}`;
      for await (const batch of auditBatches(db, filter)) {
        yield batch.map((event) => csvLine(event, locale)).join('');
      }
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="logg-${stockholmDate(new Date())}.csv"`)
      .send(Readable.from(lines()));
  });

  /** The order's history with names, newest first; a role without money does not see its money events. */
  admin.get('/api/admin/orders/:number/history', async (request, reply) => {
    const locale = requestLocale(request);
    const params = orderParams.safeParse(request.params);
    const order = params.success ? await findOrderByNumber(database, params.data.number) : undefined;
    if (!order) return sendError(reply, 404, translate(adminApiMessages, locale).orderNotFound);
    const person = staffOf(request);
    const { events } = await listAudit(
      db,
      { orderId: order.id, without: roleMay(person.role, 'money') ? undefined : moneyAuditActions },
      500,
    );
    return { events };
  });
}
