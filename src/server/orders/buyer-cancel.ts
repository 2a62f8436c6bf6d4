import { enqueueEmail } from '@/server/email';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { orderCancelMessages } from '@/shared/i18n/messages/order-cancel';
import { buyerDocumentPdfPath } from '@/shared/ledger';
import { MAX_CANCEL_REASON, type CancelOrderAnswer } from '@/shared/order-cancel';
import { textField } from '@/shared/text';
import type { AppContext } from '@/server/context';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { apiErrorSchema, schemaMessages } from '@/server/http/contract';
import { sendError } from '@/server/http/errors';
import { requestLocale } from '@/server/http/locale';
import { orderMoney } from '@/server/ledger';
import { latestProofStateSql } from '@/server/proofs';
import { findBuyerOrder } from './buyer-token';
import type { OrderRow } from './service';
import { transition } from './transition';

// The reason's refusal answers in the reader's language.
schemaMessages(orderCancelMessages);

/** The request's body (may be left out): an optional reason. */
const cancelRequestSchema = z
  .object({
    reason: textField({
      multiline: true,
      required: orderCancelMessages.en.reasonTooLong,
      max: [MAX_CANCEL_REASON, orderCancelMessages.en.reasonTooLong],
    }).optional(),
  })
  // A POST with no body at all cancels without a reason.
  .nullish();

const cancelAnswerSchema = z.object({
  orderNumber: z.string(),
  status: z.literal('cancelled'),
  creditNotes: z.array(
    z.object({
      number: z.string(),
      total: z.string().describe('Negative, as a credit note’s total is'),
      pdf: z.string().describe('The buyer’s PDF of it (needs the order’s token)'),
    }),
  ),
}) satisfies z.ZodType<CancelOrderAnswer>;

/** Whether the order's latest proof is approved, read in the caller's transaction. */
async function proofApproved(tx: Db, orderId: string): Promise<boolean> {
  const [row] = await queryRows<{ state: string | null }>(
    tx,
    sql`SELECT ${latestProofStateSql(sql`${orderId}::bigint`)} AS state`,
  );
  return row?.state === 'approved';
}

/** The order's credit notes as the buyer reads them (the cancellation's, or an earlier one's). */
async function creditNotesOf(
  context: AppContext,
  order: OrderRow,
): Promise<CancelOrderAnswer['creditNotes']> {
  const money = await orderMoney(context.database.db, order, buyerDocumentPdfPath);
  return money.documents
    .filter((document) => document.kind === 'credit_note')
    .map((document) => ({ number: document.number, total: document.total, pdf: document.pdf }));
}

/**
 * POST /api/orders/:number/cancel?token= `{ reason? }`: the buyer cancels their order, free until
 * they approve the proof (the terms). It is the admin's cancellation (transition): one transaction
 * with the order row locked cancels the order, credits what is left of each invoice
 * (Mervärdesskattelagen 2023:200, 17 kap. 22 §) and queues the buyer's emails and the shop's
 * notice. The approval is checked in that transaction, so a proof approved a moment earlier wins.
 * Again on a cancelled order: 200 with the same credit notes (a double click issues one). After
 * approval, in production or shipped: 409, saying to contact the shop.
 */
export function buyerCancelRoute(app: FastifyInstance, context: AppContext, onCancelled?: () => void): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/orders/:number/cancel',
    {
      bodyLimit: 8192,
      schema: {
        summary:
          'The buyer cancels their order before approving the proof (token in ?token= or x-order-token)',
        params: z.object({ number: z.string().max(100) }),
        querystring: z.object({ token: z.string().max(200).optional() }),
        body: cancelRequestSchema,
        response: { 200: cancelAnswerSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const t = orderCancelMessages[locale];
      const order = await findBuyerOrder(context.database, request, request.params.number, 'header-or-link');
      if (!order) return sendError(reply, 404, 'Order not found');
      const reason = request.body?.reason ?? '';
      const result = await transition(
        context.database.db,
        order.orderNumber,
        'cancelled',
        { reason, cancelledBy: 'buyer' },
        {
          seller: context.config.seller,
          // Free cancellation ends with the approved proof; production needs one, so this also
          // refuses an order in production.
          mayCancel: async (_issuesCreditNote, tx, locked) =>
            locked.status === 'pending' && !(await proofApproved(tx, locked.id)),
          record: (tx, change) =>
            enqueueEmail(tx, { orderId: change.orderId, kind: 'shop_notice_cancelled', ref: change.eventId }),
        },
      );
      const alreadyCancelled = !result.ok && result.reason === 'not-allowed' && result.from === 'cancelled';
      if (!result.ok && !alreadyCancelled) {
        if (result.reason === 'not-found') return sendError(reply, 404, 'Order not found');
        return sendError(reply, 409, t.tooLate({ email: context.config.seller.email }));
      }
      if (result.ok) onCancelled?.();
      const answer: CancelOrderAnswer = {
        orderNumber: order.orderNumber,
        status: 'cancelled',
        creditNotes: await creditNotesOf(context, order),
      };
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
