import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

/** Where the .sql files live: next to this module in the source, copied next to the bundle in dist. */
export const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * The SQL functions and their triggers, one current definition each (`CREATE OR REPLACE`): applied
 * after the migrations on every start, in file-name order, so a function is changed by editing its
 * file, never by one more migration restating it (take_allowances was rewritten in three). Kept
 * out of the migrations from 6100 on; the schema test compares them (schema-parity.test.ts).
 */
export const functionsDir = fileURLToPath(new URL('./functions/', import.meta.url));

const MIGRATION_LOCK = 727274;

/** The database holds migrations this release does not have: a newer release migrated it. */
export class NewerSchemaError extends Error {
  constructor(readonly unknownMigrations: string[]) {
    super(
      `the database was migrated by a newer release (migrations this release does not have: ${unknownMigrations.join(', ')}); ` +
        'start that release, or restore the backup taken before the upgrade (docs/operations.md, Upgrading)',
    );
    this.name = 'NewerSchemaError';
  }
}

/**
 * Applies every migration not yet applied, in file-name order, each in one transaction with its
 * record. An advisory lock makes simultaneous starts of several instances on one PostgreSQL safe.
 * Plain SQL files keep one dialect for PGlite and PostgreSQL and let each domain add its tables
 * (numbered ranges per domain) without editing a shared journal.
 */
export async function migrate(
  database: Database,
  dir = migrationsDir,
  functions = functionsDir,
): Promise<string[]> {
  const files = await sqlFiles(dir);
  const functionFiles = await sqlFiles(functions);
  return database.withConnection(async (exec) => {
    await exec(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const rows = await exec('SELECT name FROM schema_migrations');
      const done = new Set(rows.map((row) => String(row.name)));
      // A newer release migrated this database: this one's code may not match its tables, so it
      // refuses to start rather than answer 500s (docs/operations.md, Upgrading).
      const unknown = [...done].filter((name) => !files.includes(name)).sort();
      if (unknown.length > 0) throw new NewerSchemaError(unknown);
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        const sql = await readFile(join(dir, file), 'utf8');
        try {
          await exec(
            `BEGIN;\n${sql}\n;\nINSERT INTO schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');\nCOMMIT;`,
          );
        } catch (error) {
          await exec('ROLLBACK').catch(() => undefined);
          throw new Error(
            `Migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`,
            {
              cause: error,
            },
          );
        }
        applied.push(file);
      }
      await applyFunctions(exec, functions, functionFiles);
      return applied;
    } finally {
      await exec(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}

async function sqlFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
}

/**
 * Every functions file in one transaction (all replaced or none): a few milliseconds, and replacing
 * a function with its own text changes nothing, so it runs on every start rather than keeping
 * hashes of what was applied.
 */
export async function applyFunctions(
  exec: (sql: string) => Promise<Record<string, unknown>[]>,
  dir = functionsDir,
  files?: readonly string[],
): Promise<void> {
  const names = files ?? (await sqlFiles(dir));
  const texts = await Promise.all(names.map((file) => readFile(join(dir, file), 'utf8')));
  try {
    await exec(`BEGIN;\n${texts.join('\n;\n')}\n;\nCOMMIT;`);
  } catch (error) {
    await exec('ROLLBACK').catch(() => undefined);
    throw new Error(
      `SQL functions (${dir}) failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
}
