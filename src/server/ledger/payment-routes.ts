import { enqueueEmail } from '@/server/email';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { translate } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { ledgerMessages } from '@/shared/i18n/messages/ledger';
import { ledgerCurrencyMessages } from '@/shared/i18n/messages/ledger-currency';
import { decimalFromOre, documentNumberPattern } from '@/shared/ledger';
import { formatKrDecimal } from '@/shared/money-format';
import type { AppContext } from '@/server/context';
import type { Db } from '@/server/db/client';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { findOrderByNumber, type OrderRow } from '@/server/orders';
import { recordAudit, staffOf } from '@/server/staff';
import { adminOrderMoney, creditNoteView } from './admin-view';
import { describePaymentDayProblem, paymentDayProblem } from './closed-months';
import {
  creditBody,
  creditNoteAnswerSchema,
  orderMoneySchema,
  orderParams,
  paymentBody,
  refundBody,
} from './contract';
import { issueCreditNote, type CreditChoice } from './credit-notes';
import { documentOfOrder, orderInvoiceRow, type DocumentRow } from './documents';
import { recordEurPayment } from './eur-payments';
import { invoiceBalanceOre, recordPayment } from './payments';
import { refusals } from '@/server/http/route-scope';

export interface MoneyRouteOptions {
  onQueued?: () => void;
}

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

/**
 * The order and the invoice a money request (payment, refund, credit note) names, after its body
 * passed the schema: undefined once the 404 is sent.
 */
async function moneyTarget(
  context: AppContext,
  reply: FastifyReply,
  locale: Locale,
  orderNumber: string,
  invoiceNumber: string | undefined,
): Promise<{ order: OrderRow; invoice: DocumentRow } | undefined> {
  const order = await findOrderByNumber(context.database, orderNumber);
  if (!order) {
    sendError(reply, 404, adminApiMessages[locale].orderNotFound);
    return undefined;
  }
  const invoice = await invoiceToPay(context.database.db, order, invoiceNumber);
  if (!invoice) {
    sendError(reply, 404, translate(ledgerMessages, locale).invoiceNotFound);
    return undefined;
  }
  return { order, invoice };
}

/**
 * What a payment and a refund check before touching the money: the order's invoice, then the day
 * by the ledger's one rule (paymentDayRule in closed-months.ts: not after today, not in a closed
 * month, not before the invoice; Bokföringslagen 5 kap.), refused as the schema refuses the field.
 * Undefined when one refused, its answer sent.
 */
async function paymentTarget(
  context: AppContext,
  reply: FastifyReply,
  locale: Locale,
  orderNumber: string,
  data: { paidOn: string; invoice?: string | undefined },
): Promise<Awaited<ReturnType<typeof moneyTarget>>> {
  const target = await moneyTarget(context, reply, locale, orderNumber, data.invoice);
  if (!target) return undefined;
  const found = await paymentDayProblem(context.database.db, target.invoice, data.paidOn);
  if (found) {
    const error = describePaymentDayProblem(found, locale);
    reply.code(400).send({ error, fieldErrors: { paidOn: error } });
    return undefined;
  }
  return target;
}

const paymentSchema = (summary: string, body: typeof paymentBody) => ({
  summary,
  params: orderParams,
  body,
  response: { 201: orderMoneySchema, ...refusals(400, 404, 409) },
});

/** POST /api/admin/orders/:number/payments `{ amount, paidOn, reference?, method?, invoice?, currency?, bookedSek? }` → 201 */
export function registerPayments(
  admin: FastifyInstance,
  context: AppContext,
  options: MoneyRouteOptions,
): void {
  const { db } = context.database;
  admin.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/orders/:number/payments',
    {
      bodyLimit: 4096,
      schema: paymentSchema('Record money the buyer paid against an invoice of the order', paymentBody),
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const data = request.body;
      const tc = ledgerCurrencyMessages[locale];
      const inEur = data.currency === 'EUR';
      const target = await paymentTarget(context, reply, locale, request.params.number, data);
      if (!target) return reply;
      const { order, invoice } = target;
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
      return reply.code(201).send(await adminOrderMoney(db, order));
    },
  );
}

/** POST /api/admin/orders/:number/refunds (the payment's fields; at most what was paid beyond what is owed) → 201 */
export function registerRefunds(
  admin: FastifyInstance,
  context: AppContext,
  options: MoneyRouteOptions,
): void {
  const { db } = context.database;
  admin.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/orders/:number/refunds',
    {
      bodyLimit: 4096,
      schema: paymentSchema('Record money paid back to the buyer (at most what was overpaid)', refundBody),
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const data = request.body;
      const t = translate(ledgerMessages, locale);
      const target = await paymentTarget(context, reply, locale, request.params.number, data);
      if (!target) return reply;
      const { order, invoice } = target;
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
      if (refused !== undefined)
        return sendError(reply, 409, t.refundTooMuch({ max: formatKrDecimal(decimalFromOre(refused)) }));
      options.onQueued?.();
      return reply.code(201).send(await adminOrderMoney(db, order));
    },
  );
}

/** POST /api/admin/orders/:number/credit-notes `{ reason, lines? | amount?, invoice? }` → 201 `{ creditNote, …the order's money }` */
export function registerCreditNotes(
  admin: FastifyInstance,
  context: AppContext,
  options: MoneyRouteOptions,
): void {
  const { db } = context.database;
  admin.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/orders/:number/credit-notes',
    {
      bodyLimit: 16_384,
      schema: {
        summary: 'Issue a credit note for whole lines, an amount, or what is left of an invoice',
        params: orderParams,
        body: creditBody,
        response: { 201: creditNoteAnswerSchema, ...refusals(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const data = request.body;
      const target = await moneyTarget(context, reply, locale, request.params.number, data.invoice);
      if (!target) return reply;
      const { order, invoice } = target;
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
      return reply.code(201).send(creditNoteView(result.number, await adminOrderMoney(db, order)));
    },
  );
}
