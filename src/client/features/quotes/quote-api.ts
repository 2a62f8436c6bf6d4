import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/client/lib/api';
import type { OrderRequestInput } from '@/shared/checkout-schema';
import { orderTokenHeader } from '@/shared/order-view';
import {
  quotePaths,
  type AcceptedQuoteAnswer,
  type AdminQuoteDetail,
  type AdminQuoteDraft,
  type AdminQuoteJobView,
  type AdminQuoteRow,
  type CreatedQuoteAnswer,
  type QuoteStatus,
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

/** One row of the admin's list: the total only for the money roles (production's rows lack it). */
export type AdminQuoteListRow = Omit<AdminQuoteRow, 'total'> & { total?: string };

export function adminQuotesQuery(status: QuoteStatus | '') {
  return queryOptions({
    queryKey: ['admin-quotes', status],
    queryFn: () =>
      apiFetch<{ view: 'money' | 'job'; quotes: AdminQuoteListRow[] }>(
        `${quotePaths.adminList}${status === '' ? '' : `?status=${status}`}`,
      ),
  });
}

export function adminQuoteQuery(number: string) {
  return queryOptions({
    queryKey: ['admin-quotes', 'one', number],
    queryFn: () => apiFetch<AdminQuoteDetail | AdminQuoteJobView>(quotePaths.adminOne(number)),
  });
}

/** POST/PATCH /api/admin/quotes's body: the server prices every line and checks every field. */
export interface AdminQuoteBody {
  customer: AdminQuoteDraft['customer'];
  lines: (AdminQuoteDraft['lines'][number] & { reason?: string })[];
  freeLines: AdminQuoteDraft['freeLines'];
  note?: string;
  neededBy?: string;
  send?: boolean;
}

/** Creates a quote (number null) or changes one (a sent quote gets a new version). */
export function saveAdminQuote(
  number: string | null,
  body: AdminQuoteBody,
): Promise<{ quoteNumber: string }> {
  return number === null
    ? apiFetch(quotePaths.adminList, { method: 'POST', json: body })
    : apiFetch(quotePaths.adminOne(number), { method: 'PATCH', json: body });
}

/** POST /api/admin/orders (issue 41): a staff order, priced by the server like a quote. */
export function createStaffOrder(
  body: Omit<AdminQuoteBody, 'note' | 'send'> & {
    notifyBuyer: boolean;
    idempotencyKey: string;
    quoteNumber?: string;
  },
): Promise<{ orderNumber: string; accessToken: string; total: string }> {
  return apiFetch('/api/admin/orders', { method: 'POST', json: body });
}

export function sendAdminQuote(number: string): Promise<{ quoteNumber: string }> {
  return apiFetch(quotePaths.adminSend(number), { method: 'POST' });
}
