import { enqueueEmail } from '@/server/email';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { isCalendarDate, stockholmDate } from '@/shared/dates';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { ledgerMessages } from '@/shared/i18n/messages/ledger';
import { ledgerCurrencyMessages } from '@/shared/i18n/messages/ledger-currency';
import { validationMessages } from '@/shared/i18n/messages/validation';
import {
  adminDocumentPdfPath,
  decimalFromOre,
  documentNumberPattern,
  parseAmountInput,
  paymentMethods,
} from '@/shared/ledger';
import { formatKrDecimal } from '@/shared/money-format';
import { textField } from '@/shared/text';
import type { AppContext } from '@/server/context';
import type { Db } from '@/server/db/client';
import { sendError, sendValidationError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { sendInvoice, sendOrderEInvoice, sendPdf } from '@/server/invoicing';
import { findBuyerOrder, findOrderByNumber, orderShippedOn, type OrderRow } from '@/server/orders';
import { recordAudit, staffOf } from '@/server/staff';
import { issueCreditNote, type CreditChoice } from './credit-notes';
import {
  documentOfOrder,
  documentPdf,
  documentPdfFileName,
  issuedDocument,
  orderInvoiceRow,
  type DocumentRow,
} from './documents';
import { invoiceBalanceOre, orderMoney, recordPayment } from './payments';
import { recordEurPayment } from './eur-payments';
import { smallDifferenceRoutes } from './small-difference-routes';
import { invoiceJournal, journalCsv } from './journal';
import { sieFile } from './sie-export';
import { paymentDayRefusal } from './closed-months';

export { bookkeepingAdminRoutes, distanceSaleDecider, distanceSalesRoute } from './bookkeeping-routes';

/** An amount field as the admin types it: Swedish or plain, more than zero; answers öre. */
function amountField(t: (typeof ledgerMessages)[Locale]) {
  return z.string({ error: t.amountInvalid }).transform((input, context) => {
    const trimmed = input.trim();
    const negative = /^[-\u2212]/.test(trimmed);
    const ore = parseAmountInput(negative ? trimmed.slice(1) : trimmed);
    if (ore === undefined) {
      context.addIssue({ code: 'custom', message: t.amountInvalid });
      return z.NEVER;
    }
    if (negative && ore > 0) {
      context.addIssue({ code: 'custom', message: t.amountNegative });
      return z.NEVER;
    }
    if (ore === 0) {
      context.addIssue({ code: 'custom', message: t.amountZero });
      return z.NEVER;
    }
    return ore;
  });
}

/** The day money arrived: a real date, today in Stockholm at the latest. */
function paidOnField(t: (typeof ledgerMessages)[Locale]) {
  return z.string({ error: t.paidOnInvalid }).superRefine((day, context) => {
    if (!isCalendarDate(day)) context.addIssue({ code: 'custom', message: t.paidOnInvalid });
    else {
      const today = stockholmDate(new Date());
      if (day > today) context.addIssue({ code: 'custom', message: t.paidOnFuture({ today }) });
    }
  });
}

function schemasFor(locale: Locale) {
  const t = ledgerMessages[locale];
  const tc = ledgerCurrencyMessages[locale];
  const invalidCharacter = validationMessages[locale].invalidCharacter;
  const invoice = textField({
    required: t.invoiceNotFound,
    max: [40, t.invoiceNotFound],
    invalidCharacter,
  }).optional();
  const payment = z.object({
    amount: amountField(t),
    paidOn: paidOnField(t),
    reference: textField({
      required: t.referenceTooLong,
      max: [200, t.referenceTooLong],
      invalidCharacter,
    }).optional(),
    method: z.enum(paymentMethods, { error: t.methodInvalid }).optional(),
    invoice,
    // A payment of a EUR invoice: `amount` in EUR and the SEK the bank booked (eur-payments.ts).
    currency: z.enum(['SEK', 'EUR'], { error: tc.currencyInvalid }).optional(),
    bookedSek: amountField(t).optional(),
  });
  const credit = z
    .object({
      invoice,
      // A credit note's reason is its Note in the Peppol XML: no character XML 1.0 forbids.
      reason: textField({
        multiline: true,
        required: t.reasonRequired,
        min: [1, t.reasonRequired],
        max: [500, t.reasonTooLong],
        invalidCharacter,
      }),
      lines: z.array(z.number().int().min(0).max(10_000)).max(500).optional(),
      amount: amountField(t).optional(),
    })
    .refine((body) => !(body.lines?.length && body.amount !== undefined), { message: t.creditChoose });
  return { payment, credit };
}
const schemas = { sv: schemasFor('sv'), en: schemasFor('en') } as const;

const orderParams = z.object({ number: z.string().max(40) });

/** The invoice a request names (a supplementary invoice's number), or the order's own. */
async function invoiceToPay(
  db: Db,
  order: OrderRow,
  number: string | undefined,
): Promise<DocumentRow | undefined> {
  if (number === undefined) return orderInvoiceRow(db, order.id);
  const row = documentNumberPattern.test(number) ? await documentOfOrder(db, order.id, number) : undefined;
  return row && row.kind !== 'credit_note' ? row : undefined;
}

/** `INV-1.pdf` / `KR-2.xml` → the document number, or undefined for anything else. */
function fileParam(file: string, extension: '.pdf' | '.xml'): string | undefined {
  if (!file.endsWith(extension)) return undefined;
  const number = file.slice(0, -extension.length);
  return documentNumberPattern.test(number) ? number : undefined;
}

interface DocumentRequest {
  Params: { number: string; file: string };
  Querystring: { token?: unknown; inline?: unknown };
}

async function sendDocument(
  request: FastifyRequest<DocumentRequest>,
  reply: FastifyReply,
  context: AppContext,
  order: OrderRow | undefined,
  notFound: string,
  /** The former address of supplementary invoices (…/invoices/…) serves only those. */
  onlySupplementary = false,
): Promise<FastifyReply> {
  const { file } = request.params;
  const db = context.database.db;
  const pdfNumber = fileParam(file, '.pdf');
  const xmlNumber = onlySupplementary ? undefined : fileParam(file, '.xml');
  const number = pdfNumber ?? xmlNumber ?? (documentNumberPattern.test(file) ? file : undefined);
  const row = order && number ? await documentOfOrder(db, order.id, number) : undefined;
  if (!order || !row || (onlySupplementary && row.kind !== 'supplementary_invoice'))
    return sendError(reply, 404, notFound);
  // A reminder is a PDF only (no HTML page, no e-invoice).
  if (row.kind === 'reminder' && !pdfNumber) return sendError(reply, 404, notFound);
  // The document's Peppol e-invoice (a CreditNote for a credit note), or why there is none (422/409).
  if (xmlNumber) {
    const issued = await issuedDocument(db, row, context.config.seller);
    return sendOrderEInvoice(reply, issued, () => orderShippedOn(db, order.id), requestLocale(request));
  }
  if (!pdfNumber) return sendInvoice(reply, await issuedDocument(db, row, context.config.seller));
  const pdf = await documentPdf(db, row, context.config.seller);
  return sendPdf(reply, pdf, documentPdfFileName(row), request.query.inline === '1');
}

/**
 * The buyer's documents behind the order's token (header or `?token=`): GET
 * /api/orders/:number/documents/:number.pdf (.xml: its e-invoice; without either, the HTML page); the supplementary
 * invoices also at their former address /api/orders/:number/invoices/:invoice(.pdf).
 */
export function ledgerRoutes(app: FastifyInstance, context: AppContext): void {
  const handler =
    (onlySupplementary: boolean) => async (request: FastifyRequest<DocumentRequest>, reply: FastifyReply) => {
      const order = await findBuyerOrder(context.database, request, request.params.number, 'header-or-link');
      return sendDocument(request, reply, context, order, 'Order not found', onlySupplementary);
    };
  app.get<DocumentRequest>('/api/orders/:number/documents/:file', handler(false));
  app.get<DocumentRequest>('/api/orders/:number/invoices/:file', handler(true));
}

/** The period of a SIE export, its refusals in the admin's language. */
function rangeSchemaFor(locale: Locale) {
  const t = adminApiMessages[locale];
  const isoDay = z
    .string({ error: t.sieDateFormat })
    .regex(/^\d{4}-\d{2}-\d{2}$/, t.sieDateFormat)
    .refine((value) => isCalendarDate(value), t.sieDateInvalid);
  return z
    .object({ from: isoDay, to: isoDay })
    .refine((range) => range.from <= range.to, { message: t.sieRange, path: ['to'] })
    .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= 366 * 86_400_000, {
      message: t.sieYear,
      path: ['to'],
    });
}
const rangeSchemas = { sv: rangeSchemaFor('sv'), en: rangeSchemaFor('en') } as const;

/**
 * The ledger's admin routes, mounted in the admin scope (session checked there):
 * - POST /api/admin/orders/:number/payments `{ amount, paidOn, reference?, method?, invoice? }` → 201
 * - POST /api/admin/orders/:number/refunds (the same fields; at most what was paid beyond what is owed)
 * - POST /api/admin/orders/:number/credit-notes `{ reason, lines? | amount?, invoice? }` → 201
 * - GET /api/admin/orders/:number/documents/:number.pdf (and the supplementary invoices' former address);
 *   …/:number.xml the document's Peppol e-invoice (422 or 409 saying why there is none)
 * - GET /api/admin/sie?from&to
 * - GET /api/admin/journal?from&to and /api/admin/journal.csv?from&to (the invoice journal)
 * Each write answers the order's money (documents, payments, balance, payment state).
 */
export function ledgerAdminRoutes(
  admin: FastifyInstance,
  context: AppContext,
  options: { onQueued?: () => void } = {},
): void {
  const { db } = context.database;
  const moneyOf = (order: OrderRow) => orderMoney(db, order, adminDocumentPdfPath);

  /** The order and the invoice a money request is about; undefined once the 404 is sent. */
  /**
   * A money request's body (payment, refund, credit note) checked in the admin's language, and the
   * order and invoice it names: undefined once the 400 or 404 is sent.
   */
  const moneyRequest = async <Kind extends 'payment' | 'credit'>(
    request: FastifyRequest<{ Params: { number: string } }>,
    reply: FastifyReply,
    kind: Kind,
  ) => {
    const locale = requestLocale(request);
    const body = schemas[locale][kind].safeParse(request.body ?? {});
    if (!body.success) {
      sendValidationError(reply, body.error);
      return undefined;
    }
    const params = orderParams.safeParse(request.params);
    const order = params.success ? await findOrderByNumber(context.database, params.data.number) : undefined;
    if (!order) {
      sendError(reply, 404, adminApiMessages[locale].orderNotFound);
      return undefined;
    }
    const data = body.data as z.infer<(typeof schemas)['sv'][Kind]>;
    const invoice = await invoiceToPay(db, order, data.invoice);
    if (!invoice) {
      sendError(reply, 404, translate(ledgerMessages, locale).invoiceNotFound);
      return undefined;
    }
    return { locale, data, order, invoice };
  };

  const documentHandler =
    (onlySupplementary: boolean) => async (request: FastifyRequest<DocumentRequest>, reply: FastifyReply) => {
      const order = await findOrderByNumber(context.database, request.params.number);
      const notFound = adminApiMessages[requestLocale(request)].invoiceNotFound;
      return sendDocument(request, reply, context, order, notFound, onlySupplementary);
    };
  admin.get<DocumentRequest>('/api/admin/orders/:number/documents/:file', documentHandler(false));
  admin.get<DocumentRequest>('/api/admin/orders/:number/invoices/:file', documentHandler(true));

  admin.post<{ Params: { number: string } }>(
    '/api/admin/orders/:number/payments',
    { bodyLimit: 4096 },
    async (request, reply) => {
      const target = await moneyRequest(request, reply, 'payment');
      if (!target) return reply;
      const { locale, data, order, invoice } = target;
      const tc = ledgerCurrencyMessages[locale];
      const inEur = data.currency === 'EUR';
      if (inEur && data.bookedSek === undefined) return sendError(reply, 400, tc.bookedSekRequired);
      if (!inEur && data.bookedSek !== undefined) return sendError(reply, 400, tc.bookedSekForEurOnly);
      // A closed month or a day before the invoice: refused (Bokföringslagen 5 kap., closed-months.ts).
      const dayRefused = await paymentDayRefusal(db, invoice, data.paidOn, locale);
      if (dayRefused) return sendError(reply, 400, dayRefused);
      const person = staffOf(request);
      const payment = {
        documentId: invoice.id,
        amountOre: data.amount,
        paidOn: data.paidOn,
        method: data.method ?? 'bank_transfer',
        reference: data.reference || null,
        recordedBy: person.name,
        settleResidualUpToOre: context.config.receivables.smallDifferenceMaxOre,
      } as const;
      // The payment and its audit row commit together.
      const refused = await db.transaction(async (tx) => {
        let cleared = payment.amountOre;
        if (inEur) {
          const { documentId: _documentId, amountOre: _amountOre, ...rest } = payment;
          const result = await recordEurPayment(tx, invoice, {
            ...rest,
            amountCents: data.amount,
            bookedSekOre: data.bookedSek ?? 0,
          });
          if (!result.ok) return result.reason;
          cleared = result.clearedOre;
        } else await recordPayment(tx, payment);
        await recordAudit(tx, {
          staffId: person.id,
          action: 'payment',
          target: invoice.number,
          orderId: order.id,
          after: {
            amount: decimalFromOre(cleared),
            paidOn: payment.paidOn,
            method: payment.method,
            ...(inEur
              ? {
                  currency: 'EUR',
                  amountInCurrency: decimalFromOre(data.amount),
                  bookedSek: decimalFromOre(data.bookedSek ?? 0),
                }
              : {}),
          },
        });
        return undefined;
      });
      if (refused === 'not-eur') return sendError(reply, 409, tc.notEurInvoice({ number: invoice.number }));
      options.onQueued?.();
      return reply.code(201).send(await moneyOf(order));
    },
  );

  admin.post<{ Params: { number: string } }>(
    '/api/admin/orders/:number/refunds',
    { bodyLimit: 4096 },
    async (request, reply) => {
      const target = await moneyRequest(request, reply, 'payment');
      if (!target) return reply;
      const { locale, data, order, invoice } = target;
      const t = translate(ledgerMessages, locale);
      const dayRefused = await paymentDayRefusal(db, invoice, data.paidOn, locale);
      if (dayRefused) return sendError(reply, 400, dayRefused);
      const person = staffOf(request);
      const refused = await db.transaction(async (tx) => {
        // The invoice row locked: two refunds at once cannot both pay back the same money.
        await tx.execute(sql`SELECT id FROM documents WHERE id = ${invoice.id}::bigint FOR UPDATE`);
        const refundable = -(await invoiceBalanceOre(tx, invoice.id));
        if (data.amount > refundable) return Math.max(0, refundable);
        const refund = await recordPayment(tx, {
          documentId: invoice.id,
          amountOre: -data.amount,
          paidOn: data.paidOn,
          method: data.method ?? 'bank_transfer',
          reference: data.reference || null,
          recordedBy: person.name,
        });
        await recordAudit(tx, {
          staffId: person.id,
          action: 'payment',
          target: invoice.number,
          orderId: order.id,
          after: { refund: decimalFromOre(data.amount), paidOn: data.paidOn },
        });
        // The buyer is told of the money paid back (issue 41), with the invoice's currency.
        if (refund.recorded) await enqueueEmail(tx, { orderId: order.id, kind: 'refund', ref: refund.id });
        return undefined;
      });
      if (refused === undefined) options.onQueued?.();
      if (refused !== undefined)
        return sendError(reply, 409, t.refundTooMuch({ max: formatKrDecimal(decimalFromOre(refused)) }));
      return reply.code(201).send(await moneyOf(order));
    },
  );

  admin.post<{ Params: { number: string } }>(
    '/api/admin/orders/:number/credit-notes',
    { bodyLimit: 16_384 },
    async (request, reply) => {
      const target = await moneyRequest(request, reply, 'credit');
      if (!target) return reply;
      const { locale, data, order, invoice } = target;
      const t = translate(ledgerMessages, locale);
      const { lines, amount } = data;
      const choice: CreditChoice = lines?.length
        ? { kind: 'lines', lines }
        : amount !== undefined
          ? { kind: 'amount', amountOre: amount }
          : { kind: 'remaining' };
      const person = staffOf(request);
      const result = await db.transaction(async (tx) => {
        const issued = await issueCreditNote(tx, invoice, choice, data.reason, context.config.seller);
        if (issued.ok)
          await recordAudit(tx, {
            staffId: person.id,
            action: 'credit_note',
            target: issued.number,
            orderId: order.id,
            after: { corrects: invoice.number, reason: data.reason, ...choice },
          });
        return issued;
      });
      if (!result.ok) {
        const message =
          result.reason === 'too-much'
            ? t.creditTooMuch({ max: formatKrDecimal(decimalFromOre(result.maxOre)) })
            : {
                'not-invoice': t.creditNotInvoice,
                'nothing-left': t.creditNothingLeft,
                'unknown-line': t.creditUnknownLine,
                'line-credited': t.creditLineCredited,
              }[result.reason];
        return sendError(reply, result.reason === 'unknown-line' ? 400 : 409, message);
      }
      options.onQueued?.();
      return reply.code(201).send({ creditNote: result.number, ...(await moneyOf(order)) });
    },
  );

  smallDifferenceRoutes(admin, context, { moneyOf });

  admin.get('/api/admin/journal', async (request, reply) => {
    const parsed = rangeSchemas[requestLocale(request)].safeParse(request.query);
    if (!parsed.success) return sendValidationError(reply, parsed.error);
    return { entries: await invoiceJournal(db, parsed.data.from, parsed.data.to) };
  });

  admin.get('/api/admin/journal.csv', async (request, reply) => {
    const locale = requestLocale(request);
    const parsed = rangeSchemas[locale].safeParse(request.query);
    if (!parsed.success) return sendValidationError(reply, parsed.error);
    const { from, to } = parsed.data;
    await recordAudit(db, {
      staffId: staffOf(request).id,
      action: 'export',
      target: `journal ${from}–${to}`,
      after: { from, to },
    });
    const t = ledgerMessages[locale];
    const header = [
      t.documentNumber,
      t.kind,
      t.issuedOn,
      t.customer,
      t.correctsColumn,
      t.net,
      t.vat,
      t.total,
      t.paidAmount,
      t.balanceColumn,
      t.accountColumn,
    ];
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="fakturajournal-${from}-${to}.csv"`)
      .send(journalCsv(await invoiceJournal(db, from, to), header));
  });

  admin.get('/api/admin/sie', async (request, reply) => {
    const parsed = rangeSchemas[requestLocale(request)].safeParse(request.query);
    if (!parsed.success) return sendValidationError(reply, parsed.error);
    const { from, to } = parsed.data;
    await recordAudit(db, {
      staffId: staffOf(request).id,
      action: 'export',
      target: `sie ${from}–${to}`,
      after: { from, to },
    });
    const file = sieFile(db, {
      companyName: context.config.seller.name,
      orgNumber: context.config.seller.orgNumber,
      generated: stockholmDate(new Date()),
      from,
      to,
    });
    return reply
      .header('content-type', 'text/plain; charset=IBM437')
      .header('content-disposition', `attachment; filename="bokforing-${from}-${to}.se"`)
      .send(Readable.from(file));
  });
}
