import type { ProofContentType } from '@/shared/proofs';
import { detectImage, looksLikePdf, unmeasured, type WorkMeter } from '@/server/uploads';

/**
 * What a proof really is, from its first bytes (the name and declared type are never trusted): a
 * PNG, JPEG or WebP image, or a PDF (strictly: looksLikePdf). Anything else, GIF, SVG and HTML
 * included, is no proof.
 */
export function detectProof(head: Uint8Array, meter: WorkMeter = unmeasured()): ProofContentType | undefined {
  const image = detectImage(head, meter);
  if (image.kind === 'image' && image.contentType !== 'image/gif') return image.contentType;
  if (image.kind === 'image') return undefined;
  return looksLikePdf(head, meter) ? 'application/pdf' : undefined;
}
