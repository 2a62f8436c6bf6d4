import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Turns Drizzle's SQL into text and parameters for the drivers' own query methods (and SQL of our own). */
export const sqlDialect = new PgDialect();

/** A statement as text with its parameters ($1, $2, ...), as sqlDialect.sqlToQuery makes it. */
export interface QueryText {
  sql: string;
  params: unknown[];
}

const queryText = (query: SQL | QueryText): QueryText =>
  query instanceof SQL ? sqlDialect.sqlToQuery(query) : query;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` on one dedicated connection; `exec` takes SQL text with several statements and no
   * parameters and answers the rows of the last one (migrations, advisory locks).
   */
  withConnection<T>(
    work: (exec: (sql: string) => Promise<Record<string, unknown>[]>) => Promise<T>,
  ): Promise<T>;
  /**
   * Runs one hot statement planned once per connection: on PostgreSQL a named prepared statement
   * (node-postgres prepares it on each pooled connection at first use and keeps the plan); PGlite's
   * driver has no named statements, so there it is an ordinary query (see order-writer.ts for the
   * way PGlite gets a reused plan). `name` must always come with the same SQL text; an empty name is
   * an unnamed statement, planned every time. A query already
   * made into text and parameters (QueryText) skips drizzle's building of it, for a statement run
   * many times in a row with new parameters (the orders export's batches).
   */
  queryPrepared<Row>(name: string, query: SQL | QueryText): Promise<Row[]>;
  close(): Promise<void>;
  /**
   * PGlite only: the whole database as one tar, taken while no other transaction is
   * between its statements, so it holds only committed work (the backup). PostgreSQL: pg_dump.
   */
  dumpDataDir?(): Promise<Blob>;
  /** Connections of this process (metrics): PGlite is one connection, busy or idle. */
  poolUse(): { total: number; idle: number; waiting: number; max: number };
}

/**
 * Embedded PostgreSQL. `dataDir` undefined keeps it in memory (tests); `template` starts from a
 * saved copy of a database (tests, to skip initdb).
 */
export async function openPglite(
  dataDir?: string,
  template?: Blob,
): Promise<Database & { dumpDataDir(): Promise<Blob> }> {
  // The shop user's alone (ops/private-files.ts); PGlite's own files are tightened after it opens.
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // pg_trgm ships with PGlite as a contrib bundle: it must be loaded on every start for the admin's
  // trigram search index (migration 0600) to be usable.
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
  return {
    // Inside a transaction of its own: PGlite runs one transaction at a time, so none is half done.
    dumpDataDir: () => client.transaction(() => client.dumpDataDir('none')),
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    withConnection: (work) =>
      work(async (sql) => {
        const results = await client.exec(sql);
        return results.at(-1)?.rows ?? [];
      }),
    queryPrepared: async <Row>(_name: string, query: SQL | QueryText) => {
      const { sql: text, params } = queryText(query);
      return (await client.query<Row>(text, params)).rows;
    },
    close: () => client.close(),
    poolUse: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
  };
}

export async function openPostgres(url: string, maxConnections = 10): Promise<Database> {
  // JIT compilation off for the shop's connections: every statement here is a short index walk,
  // and with statistics that lag a burst of writes (right after thousands of checkouts, or with
  // autovacuum off) the planner's estimates pass jit_above_cost and PostgreSQL spends about a second
  // compiling each batch of the orders CSV, which then runs in 30 ms (docs/performance.md, round 4).
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, options: '-c jit=off' });
  // An idle connection the server closes (restart, failover, admin kill) is an 'error' event on the
  // pool; unhandled, it would end the process. The pool replaces the connection on next use.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`));
  // pg-pool listens for a connection's errors only while it is idle. One in use between two
  // statements (a transaction's, the outbox's) that the network or server resets emits 'error' on
  // its client with no listener, which would end the process (seen when a test cut PostgreSQL away
  // mid-work). With this listener the next statement on it fails instead, and the pool drops the
  // connection when it is released.
  pool.on('connect', (client) =>
    client.on('error', (error) =>
      process.emitWarning(`PostgreSQL connection lost while in use: ${error.message}`),
    ),
  );
  // Fail fast with a clear message instead of on the first request.
  const probe = await pool.connect();
  probe.release();
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    withConnection: async (work) => {
      const connection = await pool.connect();
      try {
        return await work(async (sql) => {
          const result = (await connection.query(sql)) as pg.QueryResult | pg.QueryResult[];
          const last = Array.isArray(result) ? result.at(-1) : result;
          return (last?.rows ?? []) as Record<string, unknown>[];
        });
      } finally {
        connection.release();
      }
    },
    queryPrepared: async <Row>(name: string, query: SQL | QueryText) => {
      const { sql: text, params } = queryText(query);
      return (await pool.query({ name, text, values: params })).rows as Row[];
    },
    close: () => pool.end(),
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: maxConnections,
    }),
  };
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(join(options.dataDir, 'db'));
}
