import { acceptedImageTypes, MAX_UPLOAD_BYTES, uploadMessages } from '@/shared/uploads';
import { apiFetch } from '@/client/lib/api';

/** POST /api/uploads answer. */
export interface UploadAnswer {
  id: string;
  contentType: string;
  size: number;
  url: string;
}

/**
 * Why a chosen file cannot be uploaded, checked before sending anything (the server checks again
 * by the file's bytes). Undefined when it may be sent.
 */
export function fileProblem(file: { type: string; size: number; name: string }): string | undefined {
  if (file.type === 'image/svg+xml' || /\.svgz?$/i.test(file.name)) return uploadMessages.svg;
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) return uploadMessages.notImage;
  if (file.size === 0) return uploadMessages.empty;
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.tooLarge;
  return undefined;
}

export function uploadImage(file: File, signal?: AbortSignal): Promise<UploadAnswer> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiFetch<UploadAnswer>('/api/uploads', { method: 'POST', body, ...(signal ? { signal } : {}) });
}
