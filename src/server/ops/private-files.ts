import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * DATA_DIR holds personal data (names, addresses, personnummer: GDPR art. 32 asks for access
 * control), every staff PIN's hash and the bank's payments: readable and writable by the shop's own
 * operating-system user only. Folders 0700, files 0600, whoever wrote them.
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * The mask the shop's processes create files under: nothing for group or others. Set at start-up
 * (main.ts, ops-cli.ts) so every file the process and its worker threads create starts private,
 * whatever the shell or container's own umask is.
 */
export const PRIVATE_UMASK = 0o077;

const SIBLINGS_AT_ONCE = 64;

/** Bits that grant group or others anything. */
const SHARED_BITS = 0o077;

export interface TightenResult {
  /** Files and folders whose mode was changed. */
  changed: number;
  /** Entries whose mode could not be changed (another owner), with the error code. */
  refused: { path: string; code: string }[];
}

/**
 * Takes group and other permissions off everything under `root` (and `root` itself): a DATA_DIR
 * written before this rule, or by PGlite, which sets its own files' modes (0666 on the files initdb
 * writes, 0644 on the cache files it writes at start and at shutdown) whatever the umask says.
 * Symbolic links are neither followed nor changed (chmod would change their target); a missing
 * root is nothing to do.
 */
export async function tightenDataDir(root: string): Promise<TightenResult> {
  const result: TightenResult = { changed: 0, refused: [] };
  const visit = async (path: string): Promise<void> => {
    const info = await lstat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined; // removed meanwhile (a finished temp file)
      throw error;
    });
    if (!info || info.isSymbolicLink()) return;
    if ((info.mode & SHARED_BITS) !== 0) {
      const mode = info.isDirectory() ? PRIVATE_FOLDER_MODE : PRIVATE_FILE_MODE;
      try {
        await chmod(path, (info.mode & 0o700) | mode);
        result.changed += 1;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
        if (code !== 'ENOENT') result.refused.push({ path, code });
      }
    }
    if (!info.isDirectory()) return;
    const names = await readdir(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    // Siblings in parallel, a bounded number at a time: a folder of upload files checks in a
    // fraction of the time one by one would take, without opening thousands of handles at once.
    for (let start = 0; start < names.length; start += SIBLINGS_AT_ONCE) {
      await Promise.all(names.slice(start, start + SIBLINGS_AT_ONCE).map((name) => visit(join(path, name))));
    }
  };
  await visit(root);
  return result;
}
