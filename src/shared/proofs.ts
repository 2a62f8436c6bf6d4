/**
 * Proofs: what the shop shows the buyer before anything is printed, and the buyer's answer. One
 * set of rules for the server (uploads, decisions, the production guard), the admin and the order
 * page: which version is the latest, whether it is approved, and from which day delivery counts.
 */
import { z } from 'zod';
import { stockholmDate, type CalendarDate } from './dates';
import type { OrderStatus } from './order-status';
import { textField } from './text';
import { uploadIdPattern } from './uploads';

/** Largest proof file (25 MB): a proof is a picture of the print, not the print file itself. */
export const MAX_PROOF_BYTES = 25 * 1024 * 1024;

/** What content sniffing may decide for a proof: a PDF or an image a browser shows safely. */
export const proofContentTypes = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type ProofContentType = (typeof proofContentTypes)[number];

/** The file input's `accept` (the server decides by content all the same). */
export const proofAccept = ['.pdf', '.png', '.jpg', '.jpeg', '.webp', ...proofContentTypes].join(',');

/** Images are shown on the page; a PDF is offered as a download (it could carry script). */
export function isInlineProof(contentType: string): boolean {
  return contentType.startsWith('image/');
}

export const MAX_PROOF_NOTE_LENGTH = 1000;
export const MAX_PROOF_COMMENT_LENGTH = 2000;

export const proofDecisions = ['approved', 'changes_requested'] as const;
export type ProofDecisionKind = (typeof proofDecisions)[number];

/** The buyer's answer to one version. */
export interface ProofDecision {
  decision: ProofDecisionKind;
  /** Required with changes_requested; optional with an approval. */
  comment: string | null;
  /** ISO time. */
  decidedAt: string;
}

/** One proof version as both the admin and the buyer see it. */
export interface OrderProof {
  version: number;
  fileName: string;
  contentType: ProofContentType;
  bytes: number;
  /** The shop's note to the buyer with this version. */
  note: string | null;
  /** ISO time. */
  createdAt: string;
  decision: ProofDecision | null;
}

/** Orders that take a new proof or a decision: before production starts (paid or not), and not cancelled. */
const openStatuses: ReadonlySet<string> = new Set<OrderStatus>(['pending']);

export function proofsOpen(status: string): boolean {
  return openStatuses.has(status);
}

/** Where the order stands with its proofs: decided by the latest version alone. */
export type ProofState =
  | { state: 'none' }
  | { state: 'awaiting'; version: number }
  | { state: 'changes_requested'; version: number }
  | { state: 'approved'; version: number; approvedOn: CalendarDate };

export function latestProof<T extends { version: number }>(proofs: readonly T[]): T | undefined {
  return proofs.reduce<T | undefined>(
    (latest, proof) => (!latest || proof.version > latest.version ? proof : latest),
    undefined,
  );
}

export function proofState(proofs: readonly OrderProof[]): ProofState {
  const latest = latestProof(proofs);
  if (!latest) return { state: 'none' };
  const { version, decision } = latest;
  if (!decision) return { state: 'awaiting', version };
  if (decision.decision === 'changes_requested') return { state: 'changes_requested', version };
  return { state: 'approved', version, approvedOn: stockholmDate(decision.decidedAt) };
}

/** The Stockholm day the latest proof was approved (delivery counts from it), or null. */
export function approvalDate(proofs: readonly OrderProof[]): CalendarDate | null {
  const state = proofState(proofs);
  return state.state === 'approved' ? state.approvedOn : null;
}

/** Why an order may not go to production yet (a key of the admin's messages), or undefined. */
export function productionBlock(proofs: readonly OrderProof[]): 'noProof' | 'proofNotApproved' | undefined {
  const state = proofState(proofs).state;
  if (state === 'none') return 'noProof';
  return state === 'approved' ? undefined : 'proofNotApproved';
}

const orderBase = (orderNumber: string) => `/api/orders/${encodeURIComponent(orderNumber)}/proofs`;
const adminBase = (orderNumber: string) => `/api/admin/orders/${encodeURIComponent(orderNumber)}/proofs`;

/** The buyer's copy of a proof file (token in the x-order-token header). */
export const orderProofPath = (orderNumber: string, version: number) =>
  `${orderBase(orderNumber)}/${version}`;
/** The buyer's answer to a version (POST, token in the header). */
export const orderProofDecisionPath = (orderNumber: string, version: number) =>
  `${orderBase(orderNumber)}/${version}/decision`;
/** The admin's copy of a proof file (images inline, PDF as an attachment). */
export const adminProofPath = (orderNumber: string, version: number) =>
  `${adminBase(orderNumber)}/${version}`;
/** POST: a new version from an uploaded proof file. */
export const adminProofsPath = adminBase;
/** POST (multipart, one file): a proof file, answered with its id. */
export const adminProofFilesPath = '/api/admin/proof-files';

/** What POST /api/admin/proof-files answers (201). */
export interface ProofFileAnswer {
  id: string;
  name: string;
  bytes: number;
  contentType: ProofContentType;
}

/** The words the request schemas answer with, in the caller's language. */
export interface ProofSchemaMessages {
  fileRequired: string;
  noteInvalid: string;
  noteTooLong: string;
  decisionInvalid: string;
  commentRequired: string;
  commentTooLong: string;
}

/** POST /api/admin/orders/:number/proofs: an uploaded proof file and an optional note. */
export function newProofSchema(t: ProofSchemaMessages) {
  return z.object({
    fileId: z.string({ error: t.fileRequired }).regex(uploadIdPattern, t.fileRequired),
    note: textField({
      multiline: true,
      required: t.noteInvalid,
      max: [MAX_PROOF_NOTE_LENGTH, t.noteTooLong],
    }).optional(),
  });
}

/** POST /api/orders/:number/proofs/:version/decision: approve, or ask for changes saying which. */
export function proofDecisionSchema(t: ProofSchemaMessages) {
  return z
    .object({
      decision: z.enum(proofDecisions, { error: t.decisionInvalid }),
      comment: textField({
        multiline: true,
        required: t.commentRequired,
        max: [MAX_PROOF_COMMENT_LENGTH, t.commentTooLong],
      }).optional(),
    })
    .superRefine((body, context) => {
      if (body.decision === 'changes_requested' && !body.comment)
        context.addIssue({ code: 'custom', path: ['comment'], message: t.commentRequired });
    });
}

/** One proof happening as the timelines show it: a version uploaded, approved, or sent back. */
export interface ProofEvent {
  kind: 'ready' | ProofDecisionKind;
  version: number;
  /** ISO time. */
  at: string;
}

/** Every proof happening, oldest first. */
export function proofEvents(proofs: readonly OrderProof[]): ProofEvent[] {
  return proofs
    .flatMap((proof): ProofEvent[] => [
      { kind: 'ready', version: proof.version, at: proof.createdAt },
      ...(proof.decision
        ? [{ kind: proof.decision.decision, version: proof.version, at: proof.decision.decidedAt }]
        : []),
    ])
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.version - b.version);
}
