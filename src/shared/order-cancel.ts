import { z } from 'zod';
import type { Locale } from './i18n/locale';
import { orderCancelMessages } from './i18n/messages/order-cancel';
import { textField } from './text';

/**
 * The buyer's cancellation (issue 45): the terms promise free cancellation until the proof is
 * approved, so before that the order page cancels the order itself (the admin's cancellation
 * path: the order cancelled, its invoices credited, the buyer and the shop emailed); afterwards
 * cancelling is a request to the shop.
 */

/** The longest reason a buyer may give (the admin's cancel reason has the same room). */
export const MAX_CANCEL_REASON = 1000;

/** POST with the order's token as `?token=` (or the x-order-token header). */
export const orderCancelPath = (orderNumber: string) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/cancel`;

/** The request's body (may be left out): an optional reason, refused in the reader's language. */
export function cancelRequestSchema(locale: Locale) {
  const t = orderCancelMessages[locale];
  return (
    z
      .object({
        reason: textField({
          multiline: true,
          required: t.reasonTooLong,
          max: [MAX_CANCEL_REASON, t.reasonTooLong],
        }).optional(),
      })
      // A POST with no body at all cancels without a reason.
      .nullish()
  );
}

/** What a cancellation answers (200): the order's state and its credit notes. */
export const cancelAnswerSchema = z.object({
  orderNumber: z.string(),
  status: z.literal('cancelled'),
  creditNotes: z.array(
    z.object({
      number: z.string(),
      /** Negative, as a credit note's total is ("-5718.75"). */
      total: z.string(),
      /** The buyer's PDF of it (needs the order's token). */
      pdf: z.string(),
    }),
  ),
});
export type CancelOrderAnswer = z.output<typeof cancelAnswerSchema>;
