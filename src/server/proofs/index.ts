export { detectProof } from './detect';
export { proofAdminRoutes, proofRoutes } from './routes';
export {
  addProof,
  approvedOnSql,
  decideProof,
  findProofFile,
  listProofs,
  orderApprovalDate,
  productionNeedsApprovedProof,
} from './service';
