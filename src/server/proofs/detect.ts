import type { ProofContentType } from '@/shared/proofs';
import { detectImage } from '@/server/uploads';

const PDF = '%PDF-';

/**
 * What a proof really is, from its first bytes (the name and declared type are never trusted): a
 * PNG, JPEG or WebP image, or a PDF, whose header may follow up to 1 KB of other bytes (PDF 1.7,
 * 7.5.2). Anything else, GIF, SVG and HTML included, is no proof.
 */
export function detectProof(head: Uint8Array): ProofContentType | undefined {
  const image = detectImage(head);
  if (image.kind === 'image' && image.contentType !== 'image/gif') return image.contentType;
  if (image.kind === 'image') return undefined;
  const text = new TextDecoder('latin1').decode(head.subarray(0, 1024));
  return text.includes(PDF) ? 'application/pdf' : undefined;
}
