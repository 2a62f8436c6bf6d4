import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { bigintNumber, identityId, timestampTz, createdAt } from './schema-columns';
import { proofDecisions } from '@/shared/proofs';
import { orders } from './orders-schema';
import { oneOf } from './schema-checks';
import { uploads } from './uploads-schema';

/** See migrations/1600_order_proofs.sql: an order's proofs, version 1, 2, ... per order, kept forever. */
export const orderProofs = pgTable(
  'order_proofs',
  {
    id: identityId(),
    orderId: bigintNumber('order_id')
      .notNull()
      .references(() => orders.id),
    version: integer('version').notNull(),
    uploadId: text('upload_id')
      .notNull()
      .unique()
      .references(() => uploads.id),
    /** The shop's words to the buyer with this version (in the proof email and on the order page). */
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    unique().on(t.orderId, t.version),
    check('order_proofs_version_check', sql`${t.version} > 0`),
    check('order_proofs_note_check', sql`char_length(${t.note}) <= 1000`),
  ],
);

/** The buyer's answer to one proof version (at most one each). */
export const orderProofDecisions = pgTable(
  'order_proof_decisions',
  {
    id: identityId(),
    proofId: bigintNumber('proof_id')
      .notNull()
      .unique()
      .references(() => orderProofs.id),
    decision: text('decision', { enum: proofDecisions }).notNull(),
    /** Required when changes are requested: what to change. */
    comment: text('comment'),
    decidedAt: timestampTz('decided_at').notNull().defaultNow(),
  },
  (t) => [
    check('order_proof_decisions_decision_check', oneOf(t.decision, proofDecisions)),
    check('order_proof_decisions_comment_check', sql`char_length(${t.comment}) <= 2000`),
    check(
      'order_proof_decisions_changes_need_comment',
      sql`${t.decision} = 'approved' OR ${t.comment} IS NOT NULL`,
    ),
  ],
);
