/**
 * Answers of the orders domain that other domains send as they are: the placed order (the
 * checkout's and an accepted quote's) and an entry of the thread with the buyer (the order page's
 * and the thread routes'). Kept apart from the buyer view so that importing them pulls in no
 * other domain.
 */
import { z } from 'zod';
import { vatTreatments } from '@/shared/invoicing/vat-treatment';
import { messageAuthors, type OrderMessage } from '@/shared/order-talk';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import type { PlacedOrder } from './service';

/** What POST /api/orders answers (201 new, 200 the same idempotency key again). */
export const placedOrderSchema = z.object({
  orderNumber: z.string(),
  accessToken: z.string().describe('Opens the order for its buyer: the x-order-token header or ?token='),
  total: z.string().describe('Exact decimal kronor, e.g. "5718.75"'),
  vatTreatment: z.enum(vatTreatments),
}) satisfies z.ZodType<PlacedOrderAnswer>;

/** The placed order as its buyer gets it: the checkout's answer, and a quote's when accepted. */
export function placedOrderAnswer(placed: PlacedOrder): PlacedOrderAnswer {
  return {
    orderNumber: placed.orderNumber,
    accessToken: placed.accessToken,
    total: placed.total,
    vatTreatment: placed.vatTreatment,
  };
}

/** One entry of the thread with the buyer: the order page's and the thread routes' answers. */
export const orderMessageSchema = z.object({
  id: z.string(),
  author: z.enum(messageAuthors),
  kind: z.enum(['message', 'print_file']),
  text: z.string(),
  writtenAt: z.string(),
  printFile: z.number().int().optional(),
  writtenBy: z.string().optional(),
  file: z.object({ name: z.string(), bytes: z.number().int(), contentType: z.string() }).optional(),
}) satisfies z.ZodType<OrderMessage>;
