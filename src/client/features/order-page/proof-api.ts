import { ApiError, apiFetch } from '@/client/lib/api';
import { orderTokenHeader } from '@/shared/order-view';
import {
  orderProofDecisionPath,
  orderProofPath,
  type OrderProof,
  type ProofDecisionKind,
} from '@/shared/proofs';
import type { OrderAccess } from './order-page-api';

/**
 * A proof's file as a Blob, fetched with the token in the header: the page shows it from a blob:
 * URL, so the token never sits in an image or link address (logs, Referer, history).
 */
export async function fetchProofFile(
  access: OrderAccess,
  version: number,
  signal?: AbortSignal,
): Promise<Blob> {
  const response = await fetch(orderProofPath(access.orderNumber, version), {
    credentials: 'same-origin',
    headers: { [orderTokenHeader]: access.token },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: unknown } | undefined;
    throw new ApiError(response.status, typeof body?.error === 'string' ? body.error : response.statusText);
  }
  return response.blob();
}

/** The buyer's answer to a version: approve, or ask for changes saying which. */
export function sendProofDecision(
  access: OrderAccess,
  version: number,
  decision: ProofDecisionKind,
  comment?: string,
): Promise<{ proofs: OrderProof[] }> {
  return apiFetch<{ proofs: OrderProof[] }>(orderProofDecisionPath(access.orderNumber, version), {
    method: 'POST',
    headers: { [orderTokenHeader]: access.token },
    json: { decision, ...(comment ? { comment } : {}) },
  });
}

/** Saves a fetched file under its name (a PDF proof: never opened in the shop's own page). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; it is freed a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
