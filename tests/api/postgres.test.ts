import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '@/server/db/migrate';
import {
  createPostgresDatabase,
  request,
  startServer,
  testDatabaseUrl,
  type TestServer,
} from '../helpers/server';

describe.skipIf(!testDatabaseUrl)('PostgreSQL via DATABASE_URL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let servers: TestServer[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // Two instances start at once on one empty database: the advisory lock lets one migrate.
    servers = await Promise.all([
      startServer({ databaseUrl: database.url }),
      startServer({ databaseUrl: database.url }),
    ]);
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
    const files = readdirSync(migrationsDir)
      .filter((file) => file.endsWith('.sql'))
      .sort();
    expect(rows.map((row) => row.name)).toEqual(files);
  });

  it('survives PostgreSQL closing its connections (restart, failover): the next request works', async () => {
    const [server] = servers;
    if (!server) throw new Error('no server');
    // Open pool connections, then have PostgreSQL end every one of them.
    expect(
      (await request(server, '/api/admin-login', { method: 'POST', json: { pin: '4711' } })).status,
    ).toBe(204);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const { rows } = await admin.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    await admin.end();
    expect(rows.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await request(server, '/api/admin-login', { method: 'POST', json: { pin: '4711' } });
    expect([204, 503]).toContain(again.status);
    expect(
      (await request(server, '/api/admin-login', { method: 'POST', json: { pin: '4711' } })).status,
    ).toBe(204);
  });

  it('both instances serve the catalogue', async () => {
    for (const server of servers) {
      const { status, body } = await request<unknown[]>(server, '/api/products');
      expect(status).toBe(200);
      expect(body).toHaveLength(17);
    }
  });
});
