import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { newUploadId } from '@/server/uploads/service';
import {
  adminProofFilesPath,
  adminProofsPath,
  orderProofDecisionPath,
  type OrderProof,
  type ProofDecisionKind,
  type ProofFileAnswer,
} from '@/shared/proofs';
import { makePng } from './png';
import { minimalPdf } from './print-files';
import { request } from './server';

/** A minimal PDF: only its header matters to the shop. */
export const proofPdf = minimalPdf;

/** POST /api/admin/proof-files with one file (multipart). */
export function uploadProofFile(
  server: { url: string },
  cookie: string,
  bytes: Uint8Array,
  name: string,
  type = 'application/octet-stream',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return request<ProofFileAnswer & { error?: string }>(server, adminProofFilesPath, {
    method: 'POST',
    body: form,
    headers: cookie ? { cookie } : {},
  });
}

/** Uploads a proof file and makes it the order's next version, as the admin page does (201 expected). */
export async function addProofVersion(
  server: { url: string },
  cookie: string,
  orderNumber: string,
  options: { bytes?: Uint8Array; name?: string; note?: string } = {},
): Promise<OrderProof> {
  const file = await uploadProofFile(
    server,
    cookie,
    options.bytes ?? makePng(32),
    options.name ?? 'proof.png',
  );
  expect(file.status, JSON.stringify(file.body)).toBe(201);
  const created = await request<OrderProof>(server, adminProofsPath(orderNumber), {
    method: 'POST',
    headers: { cookie },
    json: { fileId: file.body.id, ...(options.note === undefined ? {} : { note: options.note }) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** The buyer's answer to a version, token in the header as the order page sends it. */
export function decideProof(
  server: { url: string },
  orderNumber: string,
  token: string,
  version: number,
  body: { decision: ProofDecisionKind; comment?: string } | Record<string, unknown>,
) {
  return request<{ proofs: OrderProof[]; error?: string; fieldErrors?: Record<string, string> }>(
    server,
    orderProofDecisionPath(orderNumber, version),
    { method: 'POST', headers: { 'x-order-token': token }, json: body },
  );
}

/**
 * An approved proof written straight into the database (an upload row without bytes), for tests
 * about what comes after approval (production, shipping) that do not go through the buyer's page.
 */
export async function insertApprovedProof(database: Database, orderId: number): Promise<void> {
  const uploadId = newUploadId();
  await database.db.execute(sql`
    INSERT INTO uploads (id, content_type, size_bytes, sha256, purpose, attached_at)
      VALUES (${uploadId}, 'application/pdf', 1, ${'0'.repeat(64)}, 'proof', now())`);
  await database.db.execute(sql`
    WITH proof AS (
      INSERT INTO order_proofs (order_id, version, upload_id)
        SELECT ${orderId}::bigint, coalesce(max(version), 0) + 1, ${uploadId} FROM order_proofs WHERE order_id = ${orderId}::bigint
        RETURNING id)
    INSERT INTO order_proof_decisions (proof_id, decision) SELECT id, 'approved' FROM proof`);
}

/**
 * An order's proof approved (written straight into the database), then in production and shipped
 * by DHL as the owner marks it: the delivery date is known.
 */
export async function shipOrder(
  server: { url: string; cookie: string; database: Database },
  orderNumber: string,
  trackingNumber = 'JJD0001234567',
): Promise<void> {
  const [row] = await queryRows<{ id: number }>(
    server.database.db,
    sql`SELECT id::int AS id FROM orders WHERE order_number = ${orderNumber}`,
  );
  await insertApprovedProof(server.database, row?.id ?? 0);
  for (const json of [{ status: 'in_production' }, { status: 'shipped', carrier: 'dhl', trackingNumber }]) {
    const res = await request(server, `/api/admin/orders/${orderNumber}/status`, {
      method: 'PATCH',
      json,
      headers: { cookie: server.cookie },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}
