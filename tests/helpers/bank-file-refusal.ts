import type { BankFileProblem } from '@/shared/i18n/messages/bank-files';
import { BankFileError, type ByteSource } from '@/server/receivables/bank-file';

/** What a bank file reader refuses `source` with; an error when it reads the file without complaint. */
export async function refusalOf(
  read: (source: ByteSource) => Promise<unknown>,
  source: ByteSource,
): Promise<BankFileProblem> {
  try {
    await read(source);
  } catch (error) {
    if (error instanceof BankFileError) return error.problem;
    throw error;
  }
  throw new Error('the file was read without complaint');
}
