import { apiFetch } from '@/client/lib/api';
import type { OrderRequestInput } from '@/shared/checkout-schema';
import { orderTokenHeader } from '@/shared/order-view';
import {
  quotePaths,
  type AcceptedQuoteAnswer,
  type CreatedQuoteAnswer,
  type QuoteView,
} from '@/shared/quotes';

/** POST /api/quotes: the cart as checkout sends it, without the idempotency key and print files. */
export function requestQuote(
  body: Omit<OrderRequestInput, 'idempotencyKey' | 'printFiles'>,
): Promise<CreatedQuoteAnswer> {
  return apiFetch<CreatedQuoteAnswer>(quotePaths.create, { method: 'POST', json: body });
}

/** The quote as its page shows it; the token goes as a header (never logged with the URL). */
export function fetchQuote(number: string, token: string): Promise<QuoteView> {
  return apiFetch<QuoteView>(quotePaths.one(number), { headers: { [orderTokenHeader]: token } });
}

export function acceptQuote(
  number: string,
  token: string,
  body: { idempotencyKey: string; acceptedBy: string; termsAccepted: boolean; purchaseOrder?: string },
): Promise<AcceptedQuoteAnswer> {
  return apiFetch<AcceptedQuoteAnswer>(quotePaths.accept(number), {
    method: 'POST',
    headers: { [orderTokenHeader]: token },
    json: body,
  });
}

export function declineQuote(number: string, token: string, reason: string): Promise<unknown> {
  return apiFetch(quotePaths.decline(number), {
    method: 'POST',
    headers: { [orderTokenHeader]: token },
    json: reason === '' ? {} : { reason },
  });
}
