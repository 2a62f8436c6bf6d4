import { z } from 'zod';
import { proofContentTypes, proofDecisions, type OrderProof, type ProofFileAnswer } from '@/shared/proofs';

/** One proof version as the admin and the buyer read it (docs/api.md: response schemas). */
export const orderProofSchema = z.object({
  version: z.number().int(),
  fileName: z.string(),
  contentType: z.enum(proofContentTypes),
  bytes: z.number().int(),
  note: z.string().nullable().describe('The shop’s note to the buyer with this version'),
  createdAt: z.string().describe('ISO time'),
  decision: z
    .object({ decision: z.enum(proofDecisions), comment: z.string().nullable(), decidedAt: z.string() })
    .nullable(),
}) satisfies z.ZodType<OrderProof>;

/** What POST /api/admin/proof-files answers (201). */
export const proofFileAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  bytes: z.number().int(),
  contentType: z.enum(proofContentTypes),
}) satisfies z.ZodType<ProofFileAnswer>;
