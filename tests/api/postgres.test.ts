import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../src/server/db/migrate';
import { createPostgresDatabase, request, startServer, testDatabaseUrl, type TestServer } from '../helpers/server';

describe.skipIf(!testDatabaseUrl)('PostgreSQL via DATABASE_URL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let servers: TestServer[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // Two instances start at once on one empty database: the advisory lock lets one migrate.
    servers = await Promise.all([startServer({ databaseUrl: database.url }), startServer({ databaseUrl: database.url })]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await database.drop();
  });

  it('applies every migration exactly once when two instances start together', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    await client.end();
    const files = readdirSync(migrationsDir).filter((file) => file.endsWith('.sql')).sort();
    expect(rows.map((row) => row.name)).toEqual(files);
  });

  it('both instances serve the catalogue', async () => {
    for (const server of servers) {
      const { status, body } = await request<unknown[]>(server, '/api/products');
      expect(status).toBe(200);
      expect(body).toHaveLength(17);
    }
  });
});
