import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '@/server/app';
import { loadConfig, type Config } from '@/server/config';
import { openPglite, openPostgres, type Database } from '@/server/db/client';
import { pgliteTemplateVariable } from './database-template';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  config: Config;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  /** A PostgreSQL URL (see createPostgresDatabase); default is a fresh in-memory PGlite. */
  databaseUrl?: string;
  /** Serve the built SPA from this folder (e2e tests). */
  clientDir?: string;
  /** Receives the server's log lines (set LOG_LEVEL in env to see more than errors). */
  logStream?: { write(line: string): void };
}

/**
 * Per-client and per-address limits high enough for tests and benches that send everything from
 * one address; the limits themselves are tested with their real values.
 */
export const generousLimits = {
  ORDERS_PER_CLIENT_PER_HOUR: '1000000',
  ORDERS_PER_EMAIL_PER_HOUR: '1000000',
  PARTNER_APPLICATIONS_PER_CLIENT_PER_HOUR: '1000000',
  ORDER_LOOKUPS_PER_CLIENT_PER_HOUR: '1000000',
  ORDER_LOOKUPS_PER_EMAIL_PER_HOUR: '1000000',
} as const;

/**
 * A kept-alive connection stays open for an hour here. fetch closes an idle one a second before the
 * server's announced limit (`Keep-Alive: timeout=72`); on a loaded machine the client's timer fires
 * seconds late while the server's fires on time, and a request sent on the closing connection fails
 * ("other side closed"). fetch keeps one at most 10 minutes, so the server never closes it first.
 * The keep-alive's own tests set theirs (tests/api/timeouts.test.ts).
 */
export const longKeepAlive = { HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '3600' } as const;

/** A real server on a random port with its own database and data folder. */
export async function startServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATES_URL: '',
    // No test asks the EU's VIES: those about it start their own stand-in (src/server/orders/vies.test.ts).
    VIES_URL: '',
    DATA_DIR: dataDir,
    ADMIN_PIN: '4711',
    // Every test request comes from 127.0.0.1: the throttles get their own tests (tests/api/limits).
    ...generousLimits,
    // A silent socket is a hang only after two minutes here: on a loaded machine a PDF can take
    // longer than production's 30 s to start its answer (the timeout's own tests set theirs).
    HTTP_IDLE_TIMEOUT_SECONDS: '120',
    ...longKeepAlive,
    ...options.env,
  });
  const database = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openTestPglite();
  const app = await buildApp({
    config,
    database,
    closeDatabase: true,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    clientDir: options.clientDir ?? resolve('dist/test-client-absent'),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    app,
    config,
    database,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let template: Blob | undefined;

/**
 * An in-memory PGlite started from the migrated template the global setup saved: Playwright's names
 * it in the environment, Vitest's through `inject` (imported only under Vitest).
 */
export async function openTestPglite() {
  const file = process.env[pgliteTemplateVariable] ?? (await import('vitest')).inject('pgliteTemplate');
  template ??= new Blob([readFileSync(file)]);
  return openPglite(undefined, template);
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** A fresh, empty PostgreSQL database on the TEST_DATABASE_URL server; drop() removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** JSON request helper: answers status, parsed body and headers. */
export async function request<T = unknown>(
  server: { url: string },
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const { json, ...rest } = init;
  const response = await fetch(`${server.url}${path}`, {
    ...rest,
    headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...rest.headers },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body: body as T, headers: response.headers };
}
