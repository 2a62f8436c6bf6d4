import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '@/server/db/client';
import { migrate } from '@/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Creates one migrated PGlite database and saves it as a tarball: each test server starts from a
 * copy (about 1 s) instead of running initdb and the migrations again (about 3.5 s).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-template-'));
  const database = await openPglite();
  await migrate(database);
  const file = join(dir, 'template.tar');
  const dump = await database.dumpDataDir();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
