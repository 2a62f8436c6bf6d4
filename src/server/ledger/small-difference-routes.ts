import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stockholmDate } from '@/shared/dates';
import { adminApiMessages } from '@/shared/i18n/messages/admin-ui';
import { ledgerMessages } from '@/shared/i18n/messages/ledger';
import { ledgerCurrencyMessages } from '@/shared/i18n/messages/ledger-currency';
import { decimalFromOre, documentNumberPattern, paymentStates, type OrderMoney } from '@/shared/ledger';
import { formatKrDecimal } from '@/shared/money-format';
import type { AppContext } from '@/server/context';
import { schemaMessages } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { findOrderByNumber, type OrderRow } from '@/server/orders';
import { recordAudit, staffOf } from '@/server/staff';
import { documentOfOrder, orderInvoiceRow } from './documents';
import { MANUAL_SETTLEMENT_MAX_ORE, settleResidualByHand } from './small-differences';
import { refusals } from '@/server/http/route-scope';

schemaMessages(ledgerCurrencyMessages);

const settlementBody = z.object({
  /** A supplementary invoice's or reminder's number; the order's own invoice when left out. */
  invoice: z.string().max(40).regex(documentNumberPattern).optional(),
  reason: z
    .string({ error: ledgerCurrencyMessages.en.settlementReason })
    .trim()
    .min(1, ledgerCurrencyMessages.en.settlementReason)
    .max(500, ledgerCurrencyMessages.en.settlementReasonTooLong)
    // The reason is shown in admin only; no control characters.
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, ledgerCurrencyMessages.en.settlementReason),
});

const settlementAnswer = z.object({
  invoice: z.string(),
  settled: z.string().describe('What was written off by öresavrundning (BAS 3740), decimal SEK'),
  paymentState: z.enum(paymentStates),
  balance: z.string(),
});

/**
 * POST /api/admin/orders/:number/settlements `{ invoice?, reason }` → 201: the admin settles what is
 * left of an invoice (at most MANUAL_SETTLEMENT_MAX_ORE) by öresavrundning, with a reason; never a
 * credit note (small-differences.ts).
 */
export function smallDifferenceRoutes(
  admin: FastifyInstance,
  context: AppContext,
  options: { moneyOf: (order: OrderRow) => Promise<OrderMoney> },
): void {
  const { db } = context.database;
  admin.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/orders/:number/settlements',
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Write off what is left of an invoice (a small difference) by öresavrundning, with a reason',
        params: z.object({ number: z.string().max(40) }),
        body: settlementBody,
        response: { 201: settlementAnswer, ...refusals(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const tc = ledgerCurrencyMessages[locale];
      const order = await findOrderByNumber(context.database, request.params.number);
      if (!order) return sendError(reply, 404, adminApiMessages[locale].orderNotFound);
      const number = request.body.invoice;
      const invoice =
        number === undefined
          ? await orderInvoiceRow(db, order.id)
          : await documentOfOrder(db, order.id, number);
      if (!invoice || invoice.kind === 'credit_note')
        return sendError(reply, 404, ledgerMessages[locale].invoiceNotFound);
      const person = staffOf(request);
      const result = await db.transaction(async (tx) => {
        const settled = await settleResidualByHand(
          tx,
          invoice.id,
          stockholmDate(new Date()),
          request.body.reason,
          person.name,
        );
        if (settled.ok)
          await recordAudit(tx, {
            staffId: person.id,
            action: 'payment',
            target: invoice.number,
            orderId: order.id,
            after: {
              settlement: 'rounding',
              amount: decimalFromOre(settled.settledOre),
              reason: request.body.reason,
            },
          });
        return settled;
      });
      if (!result.ok)
        return sendError(
          reply,
          409,
          result.reason === 'nothing-left'
            ? tc.settlementNothingLeft
            : tc.settlementTooMuch({
                balance: formatKrDecimal(decimalFromOre(result.balanceOre)),
                max: formatKrDecimal(decimalFromOre(MANUAL_SETTLEMENT_MAX_ORE)),
              }),
        );
      const money = await options.moneyOf(order);
      return reply.code(201).send({
        invoice: invoice.number,
        settled: decimalFromOre(result.settledOre),
        paymentState: money.paymentState,
        balance: money.balance,
      });
    },
  );
}
