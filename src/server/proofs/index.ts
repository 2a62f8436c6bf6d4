/** Proofs' public face for other domains: the proofs of an order and the approval rules. Its routes are in ./routes. */
export { detectProof } from './detect';
export {
  addProof,
  approvedOnSql,
  latestProofVersionSql,
  decideProof,
  findProofFile,
  latestProofStateSql,
  listProofs,
  orderApprovalDate,
  productionNeedsApprovedProof,
  proofDecisionById,
  proofVersionById,
  type ProofDecisionFacts,
} from './service';
export { orderProofSchema, proofFileAnswerSchema } from './contract';
