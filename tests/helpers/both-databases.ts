import { openPostgres, type Database } from '@/server/db/client';
import { migrate } from '@/server/db/migrate';
import { createPostgresDatabase, openTestPglite, testDatabaseUrl } from './server';

export type DatabaseKind = 'PGlite' | 'PostgreSQL';

/** A migrated database of one kind; drop() closes it (and removes a PostgreSQL one). */
export type OpenDatabase = () => Promise<{ database: Database; drop(): Promise<void> }>;

/**
 * The databases a query test runs on, for `describe.each`: PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL names a server (the plans and texts must hold on both).
 */
export function bothDatabases(): [DatabaseKind, OpenDatabase][] {
  const databases: [DatabaseKind, OpenDatabase][] = [
    [
      'PGlite',
      async () => {
        const database = await openTestPglite();
        return { database, drop: () => database.close() };
      },
    ],
  ];
  if (testDatabaseUrl)
    databases.push([
      'PostgreSQL',
      async () => {
        const fresh = await createPostgresDatabase();
        const database = await openPostgres(fresh.url);
        await migrate(database);
        return {
          database,
          async drop() {
            await database.close();
            await fresh.drop();
          },
        };
      },
    ]);
  return databases;
}
