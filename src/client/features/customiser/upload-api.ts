import {
  acceptedImageTypes,
  MAX_UPLOAD_BYTES,
  noPreviewExtension,
  noPreviewTypes,
  SVG_TYPE,
  type UploadAnswer,
} from '@/shared/uploads';
import { postFile } from '@/client/lib/api';

export type { UploadAnswer };

const previewTypes: readonly string[] = [...acceptedImageTypes, SVG_TYPE];
const previewExtension = /\.(png|jpe?g|webp|gif|svg)$/i;

/**
 * Where a chosen file goes, by its declared type or name (the server checks the bytes either way):
 * an image the preview can show → POST /api/uploads; a PDF, EPS or AI file → POST /api/print-files,
 * where it can only become the print file; anything else is refused before sending.
 */
export function destinationFor(file: { type: string; name: string }): 'image' | 'print-file' | undefined {
  if (previewTypes.includes(file.type)) return 'image';
  if (noPreviewTypes.includes(file.type) || noPreviewExtension.test(file.name)) return 'print-file';
  // Some systems declare no type (or a generic one) for files they do not know.
  if ((file.type === '' || file.type === 'application/octet-stream') && previewExtension.test(file.name))
    return 'image';
  return undefined;
}

/**
 * Why a chosen image cannot be uploaded, checked before sending anything (the server checks again
 * by the file's bytes). Undefined when it may be sent.
 */
export function imageProblem(
  file: { size: number },
  t: { empty: string; tooLarge: string },
): string | undefined {
  if (file.size === 0) return t.empty;
  if (file.size > MAX_UPLOAD_BYTES) return t.tooLarge;
  return undefined;
}

export function uploadImage(file: File, signal?: AbortSignal): Promise<UploadAnswer> {
  return postFile<UploadAnswer>('/api/uploads', file, signal);
}
