import pg from 'pg';

/** The PostgreSQL server to benchmark on: BENCH_DATABASE_URL, else TEST_DATABASE_URL. */
export const benchDatabaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the benchmark server; drop() removes it. */
export async function createDatabase(serverUrl: string, label: string): Promise<FreshDatabase> {
  const name = `shop_bench_${label}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
