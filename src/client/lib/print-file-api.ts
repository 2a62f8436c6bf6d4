import { postFile } from '@/client/lib/api';
import { MAX_PRINT_FILE_BYTES, type PrintFileAnswer } from '@/shared/print-files';

/** Why a chosen file is not sent at all (the server checks the content again): too large or empty. */
export function printFileProblem(
  file: { size: number },
  t: { tooLarge: string; empty: string },
): string | undefined {
  if (file.size === 0) return t.empty;
  if (file.size > MAX_PRINT_FILE_BYTES) return t.tooLarge;
  return undefined;
}

export function uploadPrintFile(file: File, signal?: AbortSignal): Promise<PrintFileAnswer> {
  return postFile<PrintFileAnswer>('/api/print-files', file, signal);
}
