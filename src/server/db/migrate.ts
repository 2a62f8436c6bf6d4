import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

/** Where the .sql files live: next to this module in the source, copied next to the bundle in dist. */
export const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

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
export async function migrate(database: Database, dir = migrationsDir): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
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
      return applied;
    } finally {
      await exec(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}
