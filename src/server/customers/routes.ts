import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CUSTOMER_NOTE_MAX, registerPaths } from '@/shared/customer-register';
import { isCalendarDate, stockholmDate, type CalendarDate } from '@/shared/dates';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { customerRegisterMessages } from '@/shared/i18n/messages/customer-register';
import { reminderMessages } from '@/shared/i18n/messages/reminders';
import { customerIdPattern } from '@/shared/receivables/reminders';
import { textField } from '@/shared/text';
import type { AppContext } from '@/server/context';
import { csvRow } from '@/server/admin';
import { schemaMessages } from '@/server/http/contract';
import { sendError, sendValidationError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { sendPdf } from '@/server/invoicing';
import { recordAudit, staffOf } from '@/server/staff';
import { customerLedger, customerList } from './ledger';
import { addCustomerNote, registerBatches, registerPage, registerRecord } from './register';
import { queueStatement, statementPdf } from './statement';
import { refusals } from '@/server/http/route-scope';

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

/** The day is checked by `dayOf` (its messages in the reader's language), so the query takes any text. */
const ledgerDayQuery = z.object({ on: z.unknown().optional().describe('YYYY-MM-DD; today when left out') });
/** Any id: one that is no customer's answers 404, as an unknown one does. */
const ledgerParams = z.object({ id: z.string().max(1000) });
const statementEmailBody = z
  .object({ on: z.unknown().optional().describe('YYYY-MM-DD; today when left out') })
  .nullish();
const pdfResponse = {
  description: 'The statement as PDF',
  content: { 'application/pdf': { schema: z.string().describe('PDF') } },
};
const customerSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(['company', 'individual']),
  name: z.string(),
  identity: z.string(),
  email: z.string(),
  orders: z.number(),
  balance: z.string(),
  overdue: z.string(),
});
const customerListSchema = z.object({
  asOf: z.string(),
  customers: z.array(customerSummarySchema),
  total: z.string(),
});
const customerLedgerSchema = customerSummarySchema.extend({
  asOf: z.string(),
  lines: z.array(
    z.object({
      date: z.string(),
      kind: z.enum(['invoice', 'supplementary_invoice', 'credit_note', 'reminder', 'payment', 'refund']),
      number: z.string(),
      orderNumber: z.string(),
      dueOn: z.string().nullable(),
      amount: z.string(),
      balance: z.string(),
      pdf: z.string().nullable(),
    }),
  ),
  open: z.array(
    z.object({
      number: z.string(),
      kind: z.enum(['invoice', 'supplementary_invoice', 'reminder']),
      orderNumber: z.string(),
      issuedOn: z.string(),
      dueOn: z.string().nullable(),
      daysOverdue: z.number(),
      balance: z.string(),
    }),
  ),
  statementPdf: z.string(),
});

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

  /** The customer's ledger on the day asked (or `asOf`); undefined once the 400 or 404 is sent. */
  const ledgerOf = async (
    request: FastifyRequest,
    id: string,
    on: unknown,
    reply: FastifyReply,
    asOf?: CalendarDate,
  ) => {
    const locale = requestLocale(request);
    const day = asOf ?? dayOf({ on }, reply, locale);
    if (!day) return undefined;
    const ledger = customerIdPattern.test(id) ? await customerLedger(db, id, day) : undefined;
    if (!ledger) sendError(reply, 404, translate(reminderMessages, locale).customerNotFound);
    return ledger;
  };

  const api = admin.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/customers',
    {
      schema: {
        summary: 'Customers with an open balance on a day, and their total (= account 1510 that day)',
        querystring: ledgerDayQuery,
        response: { 200: customerListSchema, ...refusals(400) },
      },
    },
    async (request, reply) => {
      const day = dayOf({ on: request.query.on }, reply, requestLocale(request));
      if (!day) return reply;
      return reply.send(await customerList(db, day));
    },
  );

  api.get(
    '/api/admin/customers/:id',
    {
      schema: {
        summary: 'One customer’s ledger on a day: documents, payments, running and open balance',
        params: ledgerParams,
        querystring: ledgerDayQuery,
        response: { 200: customerLedgerSchema, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const ledger = await ledgerOf(request, request.params.id, request.query.on, reply);
      if (!ledger) return reply;
      // The schema names what staff see: the statement's internals (latest order, OCRs) stay here.
      return reply.send(ledger);
    },
  );

  api.get(
    '/api/admin/customers/:id/statement.pdf',
    {
      schema: {
        summary: 'The customer’s statement of account (kontoutdrag) on a day, as PDF',
        params: ledgerParams,
        querystring: ledgerDayQuery.extend({
          inline: z.unknown().optional().describe('1: shown in the browser'),
        }),
        response: { 200: pdfResponse, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const ledger = await ledgerOf(request, request.params.id, request.query.on, reply);
      if (!ledger) return reply;
      const pdf = await statementPdf(ledger, context.config);
      const name = `${ledger.language === 'sv' ? 'Kontoutdrag' : 'Statement'}_${ledger.asOf}.pdf`;
      return sendPdf(reply, pdf, name, (request.query.inline ?? '') === '1');
    },
  );

  api.post(
    '/api/admin/customers/:id/statement/email',
    {
      bodyLimit: 1024,
      schema: {
        summary: 'Email the statement of account to the customer (audited)',
        params: ledgerParams,
        body: statementEmailBody,
        response: { 202: z.object({ email: z.string(), asOf: z.string() }), ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const day = dayOf(request.body ?? {}, reply, locale);
      if (!day) return reply;
      const ledger = await ledgerOf(request, request.params.id, undefined, reply, day);
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

// The register's refusals answer in the reader's language.
schemaMessages(customerRegisterMessages);
const en = customerRegisterMessages.en;

const registerQuery = z.object({
  q: z.string().max(100, en.searchTooLong).optional(),
  owing: z.enum(['0', '1']).optional().describe('1: only customers with a balance today'),
  page: z.coerce
    .number({ error: en.pageInvalid })
    .int(en.pageInvalid)
    .min(1, en.pageInvalid)
    .max(100_000, en.pageInvalid)
    .optional(),
});
const csvQuery = registerQuery.omit({ page: true });
const idParams = z.object({ id: z.string().regex(customerIdPattern, en.customerNotFound) });
const registerCustomerSchema = z.object({
  id: z.string(),
  kind: z.enum(['company', 'individual']),
  name: z.string(),
  identity: z.string(),
  email: z.string(),
  phone: z.string(),
  orders: z.number(),
  quotes: z.number(),
  documents: z.number(),
  firstOrder: z.string(),
  lastOrder: z.string(),
  turnover: z.string(),
  balance: z.string(),
  notes: z.number(),
});
const registerPageSchema = z.object({
  customers: z.array(registerCustomerSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
const noteSchema = z.object({ id: z.number(), body: z.string(), staff: z.string(), createdAt: z.string() });
const recordSchema = z.object({
  id: z.string(),
  contacts: z.array(
    z.object({ name: z.string(), email: z.string(), phone: z.string(), lastOrder: z.string() }),
  ),
  orders: z.array(
    z.object({ orderNumber: z.string(), placedAt: z.string(), total: z.string(), status: z.string() }),
  ),
  quotes: z.array(z.object({ quoteNumber: z.string(), createdAt: z.string(), status: z.string() })),
  notes: z.array(noteSchema),
});
const noteBody = z.object({
  body: textField({
    multiline: true,
    required: en.noteRequired,
    min: [1, en.noteRequired],
    max: [CUSTOMER_NOTE_MAX, en.noteTooLong],
  }),
});
const csvResponse = {
  description: 'The register as CSV (UTF-8 with a byte-order mark), streamed',
  content: { 'text/csv': { schema: z.string().describe('CSV') } },
};

/** The CSV's columns (the admin's language is Swedish for staff files; the header names both). */
const registerCsvHeader = [
  'Kund-id',
  'Typ',
  'Namn',
  'Organisationsnummer/personnummer/e-post',
  'E-post',
  'Telefon',
  'Ordrar',
  'Offerter',
  'Dokument',
  'Första order',
  'Senaste order',
  'Omsättning exkl. moms (SEK)',
  'Saldo (SEK)',
] as const;

/** A streamed CSV download (the reply's schema describes it; the stream is its body). */
function sendCsv(reply: FastifyReply, name: string, lines: AsyncIterable<string>): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(Readable.from(lines));
}

/**
 * The customer register (issue 43, docs/customers.md), money roles:
 * - GET /api/admin/customer-register?q=&owing=1&page=: a page of customers, latest first
 * - GET /api/admin/customer-register.csv?q=&owing=1: every matching customer, streamed
 * - GET /api/admin/customer-register/:id: contact people, orders, quotes, staff notes
 * - POST /api/admin/customer-register/:id/notes `{ body }` → 201: a staff note (audited)
 */
export function customerRegisterRoutes(admin: FastifyInstance, context: AppContext): void {
  const api = admin.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendError(reply, 404, translate(customerRegisterMessages, requestLocale(request)).customerNotFound);

  api.get(
    registerPaths.list,
    {
      schema: {
        summary: 'The customer register: every customer who has ordered, 50 a page, latest order first',
        querystring: registerQuery,
        response: { 200: registerPageSchema, ...refusals(400) },
      },
    },
    async (request, reply) => {
      const { q, owing, page } = request.query;
      const answer = await registerPage(db, { q, owing: owing === '1' }, page ?? 1);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  api.get(
    registerPaths.csv,
    {
      schema: {
        summary: 'The customer register as CSV (formula-safe cells), streamed a batch of customers at a time',
        querystring: csvQuery,
        response: { 200: csvResponse, ...refusals(400) },
      },
    },
    async (request, reply) => {
      const { q, owing } = request.query;
      await recordAudit(db, {
        staffId: staffOf(request).id,
        action: 'export',
        target: 'customer-register.csv',
        after: { q: q ?? null, owing: owing === '1' },
      });
      const batches = registerBatches(db, { q, owing: owing === '1' });
      async function* lines() {
        // A byte-order mark makes spreadsheet programs read the file as UTF-8 (å, ä, ö).
        yield `\uFEFF${csvRow(registerCsvHeader)}`;
        for await (const batch of batches)
          yield batch
            .map((c) =>
              csvRow([
                c.id,
                c.kind === 'company' ? 'företag' : 'privatperson',
                c.name,
                c.identity,
                c.email,
                c.phone,
                c.orders,
                c.quotes,
                c.documents,
                c.firstOrder,
                c.lastOrder,
                c.turnover,
                c.balance,
              ]),
            )
            .join('');
      }
      return sendCsv(reply, `kunder-${stockholmDate(new Date())}.csv`, lines());
    },
  );

  api.get(
    '/api/admin/customer-register/:id',
    {
      schema: {
        summary: 'One customer of the register: contact people, orders, quotes and staff notes',
        params: idParams,
        response: { 200: recordSchema, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const record = await registerRecord(db, request.params.id);
      if (!record) return notFound(request, reply);
      return reply.header('cache-control', 'no-store').send(record);
    },
  );

  api.post(
    '/api/admin/customer-register/:id/notes',
    {
      bodyLimit: 16_384,
      schema: {
        summary: 'A staff note on a customer (never shown to the customer; audited)',
        params: idParams,
        body: noteBody,
        response: { 201: z.object({ notes: z.array(noteSchema) }), ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const person = staffOf(request);
      const note = await addCustomerNote(db, request.params.id, request.body.body, person.id);
      if (!note) return notFound(request, reply);
      await recordAudit(db, {
        staffId: person.id,
        action: 'customer_note',
        target: `customer ${request.params.id}`,
        after: { note: note.id },
      });
      const record = await registerRecord(db, request.params.id);
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ notes: record?.notes ?? [] });
    },
  );
}
