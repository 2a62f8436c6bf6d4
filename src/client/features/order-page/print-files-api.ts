import { apiFetch } from '@/client/lib/api';
import { orderTokenHeader } from '@/shared/order-view';
import {
  supplementaryInvoicePaths,
  type AddPrintFileAnswer,
  type AddPrintFileRequest,
} from '@/shared/supplementary-invoices';
import type { OrderAccess } from './order-page-api';

/**
 * Adds a print file (already uploaded with POST /api/print-files) to the order, the token in the
 * header. Sending the same request again is safe: the server answers the same file and invoice.
 */
export function addPrintFileToOrder(
  access: OrderAccess,
  body: AddPrintFileRequest,
): Promise<AddPrintFileAnswer> {
  return apiFetch<AddPrintFileAnswer>(`/api/orders/${encodeURIComponent(access.orderNumber)}/print-files`, {
    method: 'POST',
    json: body,
    headers: { [orderTokenHeader]: access.token },
  });
}

/** A supplementary invoice's documents, opened in a new tab (token in the query, redacted in logs). */
export function supplementaryInvoiceLinks(access: OrderAccess, invoiceNumber: string) {
  const paths = supplementaryInvoicePaths(access.orderNumber, invoiceNumber);
  const query = `?token=${encodeURIComponent(access.token)}`;
  return { html: paths.html + query, pdf: paths.pdf + query };
}

/** What replacing a print file issued: a credit note (a raster file's fee) or a supplementary invoice. */
export interface ReplacePrintFileAnswer {
  creditNote: string | null;
  supplementaryInvoice: string | null;
}

/** Replaces one of the order's print files (before proof approval) with an uploaded one. */
export function replacePrintFile(
  access: OrderAccess,
  oldId: string,
  body: { printFile: string; acceptConversionFee: boolean },
): Promise<ReplacePrintFileAnswer> {
  return apiFetch<ReplacePrintFileAnswer>(
    `/api/orders/${encodeURIComponent(access.orderNumber)}/print-files/${encodeURIComponent(oldId)}/replace`,
    { method: 'POST', json: body, headers: { [orderTokenHeader]: access.token } },
  );
}

/** Removes one of the order's print files (before proof approval); answers the fee's credit note, if any. */
export function removePrintFile(
  access: OrderAccess,
  uploadId: string,
): Promise<{ creditNote: string | null }> {
  return apiFetch<{ creditNote: string | null }>(
    `/api/orders/${encodeURIComponent(access.orderNumber)}/print-files/${encodeURIComponent(uploadId)}/remove`,
    { method: 'POST', headers: { [orderTokenHeader]: access.token } },
  );
}
