import { lockOrder } from '@/server/orders';
import { enqueueEmail } from '@/server/email';
import { sql, type SQL } from 'drizzle-orm';
import { type CalendarDate, SHOP_TIME_ZONE } from '@/shared/dates';
import { typedFileName } from '@/shared/uploads';
import {
  productionBlock,
  proofContentTypes,
  proofsOpen,
  type OrderProof,
  type ProofContentType,
  type ProofDecisionKind,
} from '@/shared/proofs';
import type { Database, Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import type { StatusGuard } from '@/server/admin';
import { attachUploads, findUploadBy, uploadFactsSql, type UploadInfo } from '@/server/uploads';

const isoTime = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface ProofRow extends Record<string, unknown> {
  version: number;
  file_name: string | null;
  content_type: string;
  size_bytes: number;
  note: string | null;
  created_at: string;
  decision: ProofDecisionKind | null;
  comment: string | null;
  decided_at: string | null;
}

const isProofType = (type: string): type is ProofContentType =>
  (proofContentTypes as readonly string[]).includes(type);

/** Every proof version of an order with its decision, oldest first. */
export async function listProofs(db: Db, orderId: number | string): Promise<OrderProof[]> {
  const rows = await queryRows<ProofRow>(
    db,
    sql`SELECT p.version, u.file_name, u.content_type, u.size_bytes, p.note, ${isoTime(sql`p.created_at`)} AS created_at,
          d.decision, d.comment, ${isoTime(sql`d.decided_at`)} AS decided_at
        FROM order_proofs p JOIN ${uploadFactsSql} u ON u.id = p.upload_id
        LEFT JOIN order_proof_decisions d ON d.proof_id = p.id
        WHERE p.order_id = ${String(orderId)}::bigint ORDER BY p.version`,
  );
  return rows.map((row) => {
    const version = Number(row.version);
    // Only proof types are ever stored for a proof (detectProof); PDF is the safe reading otherwise.
    const contentType = isProofType(row.content_type) ? row.content_type : 'application/pdf';
    return {
      version,
      fileName: typedFileName(row.file_name, contentType, `proof-${version}`),
      contentType,
      bytes: Number(row.size_bytes),
      note: row.note,
      createdAt: row.created_at,
      decision:
        row.decision && row.decided_at
          ? { decision: row.decision, comment: row.comment, decidedAt: row.decided_at }
          : null,
    };
  });
}

/**
 * The Stockholm day an order's latest proof was approved ("2026-11-23"), or null: delivery is
 * counted from it. A subquery on the order's row, so the admin list reads it per row by index.
 */
export function approvedOnSql(orderId: SQL): SQL {
  return sql`(SELECT to_char(d.decided_at AT TIME ZONE ${sql.raw(`'${SHOP_TIME_ZONE}'`)}, 'YYYY-MM-DD')
      FROM (SELECT id FROM order_proofs WHERE order_id = ${orderId} ORDER BY version DESC LIMIT 1) AS latest
      JOIN order_proof_decisions d ON d.proof_id = latest.id AND d.decision = 'approved')`;
}

/**
 * Where an order's latest proof stands: 'awaiting' (no answer yet), the buyer's decision, or null
 * without proofs. Like approvedOnSql a subquery on the order's row, read per listed row by index.
 */
export function latestProofStateSql(orderId: SQL): SQL {
  return sql`(SELECT coalesce(d.decision, 'awaiting')
      FROM (SELECT id FROM order_proofs WHERE order_id = ${orderId} ORDER BY version DESC LIMIT 1) AS latest
      LEFT JOIN order_proof_decisions d ON d.proof_id = latest.id)`;
}

/** A proof's version and the admin's note with it (the buyer's "proof ready" email), or undefined. */
export async function proofVersionById(
  db: Db,
  proofId: number | null,
): Promise<{ version: number; note: string | null } | undefined> {
  const [row] = await queryRows<{ version: number; note: string | null }>(
    db,
    sql`SELECT version, note FROM order_proofs WHERE id = ${proofId ?? 0}`,
  );
  return row && { version: Number(row.version), note: row.note };
}

/** The buyer's answer to a proof of an order, as the shop's notice tells it. */
export interface ProofDecisionFacts {
  version: number;
  decision: ProofDecisionKind;
  comment: string | null;
  /** ISO 8601, UTC, microseconds. */
  decidedAt: string;
}

/** Decision `decisionId` when it answers a proof of order `orderId`, else undefined. */
export async function proofDecisionById(
  db: Db,
  decisionId: number | null,
  orderId: number,
): Promise<ProofDecisionFacts | undefined> {
  const [row] = await queryRows<{
    version: number;
    decision: ProofDecisionKind;
    comment: string | null;
    decided_at: string;
  }>(
    db,
    sql`SELECT p.version, d.decision, d.comment, ${isoTime(sql`d.decided_at`)} AS decided_at
        FROM order_proof_decisions d JOIN order_proofs p ON p.id = d.proof_id
        WHERE d.id = ${decisionId ?? 0} AND p.order_id = ${orderId}`,
  );
  return (
    row && {
      version: Number(row.version),
      decision: row.decision,
      comment: row.comment,
      decidedAt: row.decided_at,
    }
  );
}

/** The version of an order's latest proof, or null without proofs: a subquery on the order's row. */
export function latestProofVersionSql(orderId: SQL): SQL {
  return sql`(SELECT max(version) FROM order_proofs WHERE order_id = ${orderId})`;
}

export async function orderApprovalDate(db: Db, orderId: number | string): Promise<CalendarDate | null> {
  const [row] = await queryRows<{ approved_on: CalendarDate | null }>(
    db,
    sql`SELECT ${approvedOnSql(sql`${String(orderId)}::bigint`)} AS approved_on`,
  );
  return row?.approved_on ?? null;
}

/**
 * The app's status guard: an order goes to production only when its latest proof is approved.
 * Runs in the status change's transaction with the order row locked, as decisions do.
 */
export const productionNeedsApprovedProof: StatusGuard = async (tx, order, to) => {
  if (to !== 'in_production') return undefined;
  const block = productionBlock(await listProofs(tx, order.id));
  return block;
};

export type AddProofResult =
  { ok: true; version: number } | { ok: false; reason: 'not-found' | 'closed' | 'file' };

/**
 * Makes an uploaded proof file the order's next version and queues the buyer's "proof ready" email
 * (ref = the proof) in the same transaction. The file must be a proof upload no proof uses yet.
 */
export async function addProof(
  database: Database,
  orderNumber: string,
  fileId: string,
  note: string | null,
  /** Writes the audit row in the proof's transaction. */
  record?: (tx: Db, proof: { orderId: string; version: number }) => Promise<void>,
): Promise<AddProofResult> {
  return database.db.transaction(async (tx) => {
    const order = await lockOrder(tx, { number: orderNumber });
    if (!order) return { ok: false, reason: 'not-found' } as const;
    if (!proofsOpen(order.status)) return { ok: false, reason: 'closed' } as const;
    // A file is one proof's: one already shown is not shown again as another version.
    const [used] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id::text AS id FROM order_proofs WHERE upload_id = ${fileId} LIMIT 1`,
    );
    if (used) return { ok: false, reason: 'file' } as const;
    // Claimed in the transaction that writes the proof, so the two commit together.
    const missing = await attachUploads(tx, [fileId], { purpose: 'proof' });
    if (missing.length > 0) return { ok: false, reason: 'file' } as const;
    // The order row is locked, so the next version is this order's alone; a file another order's
    // proof took meanwhile conflicts on upload_id and writes nothing.
    const [proof] = await queryRows<{ id: string; version: number }>(
      tx,
      sql`INSERT INTO order_proofs (order_id, version, upload_id, note)
          SELECT ${order.id}::bigint, coalesce(max(version), 0) + 1, ${fileId}, ${note}
            FROM order_proofs WHERE order_id = ${order.id}::bigint
          ON CONFLICT (upload_id) DO NOTHING
          RETURNING id::text AS id, version`,
    );
    if (!proof) return { ok: false, reason: 'file' } as const;
    await enqueueEmail(tx, { orderId: order.id, kind: 'proof_ready', ref: proof.id });
    await record?.(tx, { orderId: order.id, version: Number(proof.version) });
    return { ok: true, version: Number(proof.version) } as const;
  });
}

export type DecideResult =
  | { ok: true }
  | { ok: false; reason: 'not-found' | 'closed' | 'decided' }
  | { ok: false; reason: 'outdated'; latest: number };

/**
 * Records the buyer's answer to one version and queues the shop's notice of it, in one
 * transaction with the order row locked (as a new version and a status change lock it), so
 * "the latest version" cannot change underneath. Only the latest, undecided version of an order
 * that has not gone to production (or been cancelled) takes an answer.
 */
export async function decideProof(
  database: Database,
  orderId: number,
  version: number,
  decision: ProofDecisionKind,
  comment: string | null,
): Promise<DecideResult> {
  return database.db.transaction(async (tx) => {
    const order = await lockOrder(tx, { id: orderId });
    const proofs = await queryRows<{ id: string; version: number; decided: boolean }>(
      tx,
      sql`SELECT p.id::text AS id, p.version, d.id IS NOT NULL AS decided
          FROM order_proofs p LEFT JOIN order_proof_decisions d ON d.proof_id = p.id
          WHERE p.order_id = ${orderId} ORDER BY p.version DESC`,
    );
    const target = proofs.find((p) => Number(p.version) === version);
    if (!order || !target) return { ok: false, reason: 'not-found' } as const;
    if (!proofsOpen(order.status)) return { ok: false, reason: 'closed' } as const;
    const latest = Number(proofs[0]?.version ?? version);
    if (latest !== version) return { ok: false, reason: 'outdated', latest } as const;
    if (target.decided) return { ok: false, reason: 'decided' } as const;
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO order_proof_decisions (proof_id, decision, comment)
          VALUES (${target.id}::bigint, ${decision}, ${comment}) RETURNING id::text AS id`,
    );
    if (!row) throw new Error('proof decision not recorded');
    await enqueueEmail(tx, { orderId, kind: 'shop_notice_proof_decision', ref: row.id });
    return { ok: true } as const;
  });
}

/** The stored file of an order's proof version, or undefined. */
export async function findProofFile(
  db: Db,
  orderId: number | string,
  version: number,
): Promise<UploadInfo | undefined> {
  return findUploadBy(
    db,
    sql`(SELECT upload_id FROM order_proofs WHERE order_id = ${String(orderId)}::bigint AND version = ${version})`,
  );
}
