import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { encodeCursor } from '@/server/admin';
import { openPglite, openPostgres, type Database } from '@/server/db/client';
import { migrate } from '@/server/db/migrate';
import { seedOrders } from '@tests/helpers/seed-orders';
import { loadOnce, summarise, type LoadRun, type LoadSummary } from './lib/load';
import { createDatabase } from './lib/postgres';
import { benchAdminPin, startShopServer, type RunningServer } from './lib/server';
import { round } from './lib/stats';

export const adminBudget = {
  p95Ms: 50,
  exportRowsPerSecond: 100_000,
  /** "Memory flat": the server's peak RSS late in the export is at most this far above its peak early on. */
  exportGrowthMb: 32,
  orders: { PostgreSQL: 10_000_000, PGlite: 1_000_000 },
  /** Rows of the export measured (its first rows, newest first). */
  exportRows: { PostgreSQL: 1_000_000, PGlite: 200_000 },
};

export interface AdminEndpointResult {
  name: string;
  path: string;
  load: LoadSummary;
  budgetOk: boolean;
}

export interface AdminExportResult {
  rows: number;
  megabytes: number;
  seconds: number;
  rowsPerSecond: number;
  /** Server RSS before the export, its peak during it, and how far the late peak rose above the early one. */
  idleRssMb: number;
  peakRssMb: number;
  growthMb: number;
  budgetOk: boolean;
}

export interface AdminDatabaseResult {
  database: 'PostgreSQL' | 'PGlite';
  orders: number;
  seedSeconds: number;
  endpoints: AdminEndpointResult[];
  export: AdminExportResult;
}

export type AdminResult = { skipped: string } | { results: AdminDatabaseResult[]; notes: string[] };

export async function login(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pin: benchAdminPin }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (response.status >= 300 || !cookie)
    throw new Error(`admin login answered ${response.status} without a session cookie`);
  return cookie;
}

const timeText = `to_char(order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** What the measured requests ask for, taken from the seeded table. */
async function requestsFor(database: Database, count: number): Promise<[name: string, path: string][]> {
  return database.withConnection(async (exec) => {
    const [deep] = await exec(
      `SELECT ${timeText} AS date, id::text AS id FROM orders ORDER BY order_date DESC, id DESC OFFSET ${Math.max(0, Math.min(50 * 999, count - 1))} LIMIT 1`,
    );
    const [middle] = await exec(
      `SELECT order_number, customer_email FROM orders
       WHERE id >= (SELECT (min(id) + max(id)) / 2 FROM orders) ORDER BY id LIMIT 1`,
    );
    if (!deep || !middle) throw new Error('the seeded table is empty');
    const cursor = encodeCursor({ date: String(deep.date), id: String(deep.id) });
    const q = (term: string) => encodeURIComponent(term);
    return [
      ['stats', '/api/admin/stats'],
      ['first page', '/api/admin/orders'],
      ['page 1 000 (by cursor)', `/api/admin/orders?cursor=${cursor}`],
      ['status filter', '/api/admin/orders?status=in_production'],
      ['search, common term (2 %)', `/api/admin/orders?q=${q('johansson')}`],
      ['search, one match (order number)', `/api/admin/orders?q=${q(String(middle.order_number))}`],
      ['search, few matches (an email)', `/api/admin/orders?q=${q(String(middle.customer_email))}`],
      ['search + status', `/api/admin/orders?q=${q('johansson')}&status=shipped`],
      ['order detail', `/api/admin/orders/${String(middle.order_number)}`],
      ['partner applications', '/api/admin/partner-applications'],
    ];
  });
}

/** The server's resident memory in MB (Linux /proc); undefined elsewhere. */
function rssMb(pid: number | undefined): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Downloads the whole CSV export, counting rows, while sampling the server's memory. */
async function measureExport(
  server: RunningServer,
  cookie: string,
  total: number,
): Promise<AdminExportResult> {
  const pid = server.process.pid;
  const idle = rssMb(pid) ?? 0;
  let rows = -1; // the header line
  let bytes = 0;
  let early = 0;
  let late = 0;
  let peak = idle;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = rssMb(pid) ?? 0;
      peak = Math.max(peak, now);
      if (rows < total * 0.1) early = Math.max(early, now);
      else if (rows > total * 0.5) late = Math.max(late, now);
      await sleep(50);
    }
  })();
  const started = performance.now();
  const response = await fetch(`${server.url}/api/admin/orders.csv`, { headers: { cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`CSV export answered ${response.status}`);
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
    if (rows >= total) break;
  }
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  if (rows < total) throw new Error(`CSV export had ${rows} rows, expected ${total}`);
  const rowsPerSecond = Math.round(rows / seconds);
  const growthMb = round(Math.max(0, late - early), 1);
  return {
    rows,
    megabytes: round(bytes / 1e6, 0),
    seconds: round(seconds, 1),
    rowsPerSecond,
    idleRssMb: round(idle, 0),
    peakRssMb: round(peak, 0),
    growthMb,
    budgetOk: rowsPerSecond >= adminBudget.exportRowsPerSecond && growthMb <= adminBudget.exportGrowthMb,
  };
}

async function measure(
  database: AdminDatabaseResult['database'],
  server: RunningServer,
  requests: [string, string][],
  options: { runs: number; seconds: number },
  orders: number,
  seedSeconds: number,
): Promise<AdminDatabaseResult> {
  const cookie = await login(server);
  const endpoints: AdminEndpointResult[] = [];
  for (const [name, path] of requests) {
    const check = await fetch(server.url + path, { headers: { cookie } });
    await check.arrayBuffer();
    if (check.status !== 200) throw new Error(`${name}: GET ${path} answered ${check.status}`);
    // One admin at a time: latency, not throughput, is the budget.
    const load = { url: server.url + path, headers: { cookie }, connections: 1, duration: options.seconds };
    await loadOnce({ ...load, duration: 1 });
    const runs: LoadRun[] = [];
    for (let i = 0; i < options.runs; i++) runs.push(await loadOnce(load));
    const summary = summarise(runs);
    endpoints.push({
      name,
      path,
      load: summary,
      budgetOk: summary.p95Ms < adminBudget.p95Ms && summary.non2xx === 0 && summary.errors === 0,
    });
  }
  const exported = await measureExport(server, cookie, Math.min(orders, adminBudget.exportRows[database]));
  return { database, orders, seedSeconds, endpoints, export: exported };
}

const log = (message: string) => process.stderr.write(`[bench] admin: ${message}\n`);

/** Seeds realistic orders (and partner applications) through `database`, answering the seconds it took. */
async function seed(database: Database, count: number): Promise<number> {
  const started = performance.now();
  await migrate(database);
  await database.withConnection(async (exec) => {
    await seedOrders(exec, count, {
      onProgress: (done) => log(`seeded ${done.toLocaleString('en')} of ${count.toLocaleString('en')}`),
    });
    await exec(
      `INSERT INTO partner_applications (company_name, org_number, contact_person, email, phone, address, city,
         postal_code, business_description, terms_accepted_at, created_at)
       SELECT 'Företag ' || i, '556036-0793', 'Kontakt ' || i, 'partner' || i || '@example.se', '0701234567',
         'Storgatan ' || i, 'Stockholm', '111 22', 'Vi trycker profilkläder åt föreningar i hela landet.', now(),
         now() - i * interval '1 hour'
       FROM generate_series(1, 5000) AS i`,
    );
    await exec('ANALYZE partner_applications');
  });
  return round((performance.now() - started) / 1000, 1);
}

/**
 * What a kept database needs: 'seed' when it has no orders yet (migrated or not), 'reuse' when it
 * holds exactly `count` (seeded by an earlier run); any other count is an error, as its figures
 * would be another bench's.
 */
async function keptSeed(url: string, count: number): Promise<'seed' | 'reuse'> {
  const database = await openPostgres(url, 1);
  try {
    // The partner applications are the seed's last rows: without them an earlier seed was cut short.
    const row = await database.withConnection(async (exec) => {
      const [tables] = await exec(`SELECT to_regclass('orders') IS NOT NULL AS migrated`);
      if (!tables?.migrated) return undefined;
      const [counts] = await exec(
        `SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM partner_applications) AS partners`,
      );
      return counts;
    });
    const found = Number(row?.orders ?? 0);
    if (found === 0) return 'seed';
    if (found === count && Number(row?.partners ?? 0) > 0) return 'reuse';
    throw new Error(
      found === count
        ? 'BENCH_ADMIN_DATABASE_URL: its seed was cut short (no partner applications, its last rows): drop the database and run again'
        : `BENCH_ADMIN_DATABASE_URL holds ${found.toLocaleString('en')} orders, this run measures ${count.toLocaleString('en')}: use another database, or drop this one`,
    );
  } finally {
    await database.close();
  }
}

/** The PostgreSQL half: seed `url` (or reuse its seed), then measure through a shop server on it. */
async function measurePostgres(
  url: string,
  count: number,
  options: { runs: number; seconds: number },
  seeding: 'seed' | 'reuse',
): Promise<AdminDatabaseResult> {
  const database = await openPostgres(url, 2);
  let seedSeconds = 0;
  let requests: [string, string][];
  try {
    if (seeding === 'seed') {
      log(`seeding ${count.toLocaleString('en')} orders in PostgreSQL`);
      seedSeconds = await seed(database, count);
    } else {
      log(`reusing the ${count.toLocaleString('en')} orders already seeded in PostgreSQL`);
      await migrate(database);
    }
    requests = await requestsFor(database, count);
  } finally {
    await database.close();
  }
  const server = await startShopServer({ databaseUrl: url });
  try {
    log('measuring PostgreSQL');
    return await measure('PostgreSQL', server, requests, options, count, seedSeconds);
  } finally {
    await server.stop();
  }
}

/**
 * The admin at scale: 10 000 000 realistic orders in PostgreSQL and 1 000 000 in PGlite (seeded
 * with generate_series inside the database), then p95/p99 of every admin read, one request at a
 * time, and the CSV export of every order with the server's memory.
 */
export async function runAdmin(options: {
  postgresUrl: string | undefined;
  /**
   * A database (not a server) that keeps its seed between runs (BENCH_ADMIN_DATABASE_URL): seeded on
   * the first run, only measured on later ones. Seeding 10 000 000 orders with their ledger takes
   * over half an hour, so a quiet window can go to the measurement alone.
   */
  keptPostgresUrl?: string | undefined;
  runs: number;
  seconds: number;
  orders?: { PostgreSQL: number; PGlite: number };
  /** PostgreSQL only (`--admin-postgres-only`): no PGlite seed and measurement. */
  postgresOnly?: boolean;
}): Promise<AdminResult> {
  const counts = options.orders ?? adminBudget.orders;
  const results: AdminDatabaseResult[] = [];
  const notes: string[] = [];

  if (options.keptPostgresUrl) {
    const kept = options.keptPostgresUrl;
    results.push(
      await measurePostgres(kept, counts.PostgreSQL, options, await keptSeed(kept, counts.PostgreSQL)),
    );
    notes.push(
      `PostgreSQL: the kept database of BENCH_ADMIN_DATABASE_URL (${new URL(kept).pathname.slice(1)})`,
    );
  } else if (options.postgresUrl) {
    const fresh = await createDatabase(options.postgresUrl, 'admin');
    try {
      results.push(await measurePostgres(fresh.url, counts.PostgreSQL, options, 'seed'));
    } finally {
      await fresh.drop();
    }
  } else notes.push('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  if (options.postgresOnly) {
    notes.push('PGlite skipped (--admin-postgres-only)');
    return { results, notes };
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-admin-'));
  try {
    const database = await openPglite(join(dataDir, 'db'));
    let seedSeconds: number;
    let requests: [string, string][];
    try {
      log(`seeding ${counts.PGlite.toLocaleString('en')} orders in PGlite`);
      seedSeconds = await seed(database, counts.PGlite);
      requests = await requestsFor(database, counts.PGlite);
    } finally {
      await database.close();
    }
    const server = await startShopServer({ dataDir });
    try {
      log('measuring PGlite');
      results.push(await measure('PGlite', server, requests, options, counts.PGlite, seedSeconds));
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { results, notes };
}
