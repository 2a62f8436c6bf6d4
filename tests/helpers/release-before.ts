import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { functionsDir, migrationsDir } from '@/server/db/migrate';

/**
 * The migrations and functions files as an earlier release had them: the migrations before `first`,
 * the functions files but those `functionsAdded` since. `dir` is the temporary folder to remove.
 */
export function releaseBefore(
  first: string,
  functionsAdded: string[],
): { migrations: string; functions: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'release-before-'));
  const copy = (from: string, to: string, keep: (file: string) => boolean) => {
    for (const file of readdirSync(from).filter(keep)) cpSync(join(from, file), join(dir, to, file));
  };
  copy(migrationsDir, 'migrations', (file) => file < first);
  copy(functionsDir, 'functions', (file) => file.endsWith('.sql') && !functionsAdded.includes(file));
  return { migrations: join(dir, 'migrations'), functions: join(dir, 'functions'), dir };
}
