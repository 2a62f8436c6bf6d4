import { apiFetch, postFile } from '@/client/lib/api';
import { adminProofFilesPath, adminProofsPath, type OrderProof, type ProofFileAnswer } from '@/shared/proofs';

/**
 * Uploads a proof file, then makes it the order's next version (the server queues the buyer's
 * email with it). A file whose second step fails is never shown to anyone and expires unattached.
 */
export async function uploadProof(orderNumber: string, file: File, note: string): Promise<OrderProof> {
  const uploaded = await postFile<ProofFileAnswer>(adminProofFilesPath, file);
  return apiFetch<OrderProof>(adminProofsPath(orderNumber), {
    method: 'POST',
    json: { fileId: uploaded.id, ...(note.trim() ? { note } : {}) },
  });
}
