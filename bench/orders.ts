import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '@/server/db/client';
import { migrate } from '@/server/db/migrate';
import { loadOnce, summarise, type LoadRun, type LoadSummary } from './lib/load';
import { createDatabase } from './lib/postgres';
import { startShopServer, type RunningServer } from './lib/server';
import { median, percentile, round } from './lib/stats';

/** DESIGN.md §4: orders/s at p99 < 50 ms. */
export const orderBudgets = { pglite: 500, postgres: 1500, p99Ms: 50 };

/** A valid order (the checkout contract); `[<id>]` is replaced per request by autocannon. */
export function orderBody(idempotencyKey: string): string {
  return JSON.stringify({
    idempotencyKey,
    customer: {
      customerType: 'company',
      name: 'Anna Andersson',
      companyName: 'Bench AB',
      orgNumber: '556036-0793',
      email: 'anna@example.se',
      phone: '+46 70 123 45 67',
      country: 'SE',
      address: 'Storgatan 1, 111 22 Stockholm',
    },
    lines: [{ productId: 'hoodie', quantity: 50, sizes: { M: 50 }, options: { colour: 'navy' } }],
  });
}

export interface RawInsertResult {
  insertsPerSecond: number;
  p99Ms: number;
}

/** How fast the outbox empties its backlog once checkouts stop: emails with the invoice PDF attached. */
export interface OutboxRate {
  emailsPerSecond: number;
  /** Each order's PDF is rendered once, for its first email; the second attaches the stored bytes. */
  pdfsPerSecond: number;
  /** Emails already written while the checkout load ran. */
  sentBefore: number;
}

export interface OrderDatabaseResult {
  database: 'pglite' | 'postgres';
  /** Which build: this one, or BENCH_BASELINE_DIR's (the code before a change, same run). */
  build: 'this' | 'baseline';
  orders: LoadSummary;
  outbox: OutboxRate;
  raw: RawInsertResult;
  /** orders/s ÷ raw inserts/s (medians). */
  ratio: number;
  budgetOk: boolean;
}

export type OrdersResult = { skipped: string } | { results: OrderDatabaseResult[]; notes: string[] };

/** POST /api/orders once: 201 means the route is there; 404 means the checkout has not landed. */
async function probe(server: RunningServer): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: orderBody(randomUUID()),
  });
  return { status: response.status, text: (await response.text()).slice(0, 300) };
}

/**
 * The checkout load every order bench sends: 10 connections placing orders for `seconds`, each
 * request with its own idempotency key (`keyPrefix` + autocannon's request id).
 */
export function orderLoadOptions(server: Pick<RunningServer, 'url'>, keyPrefix: string, seconds: number) {
  return {
    url: `${server.url}/api/orders`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: orderBody(`${keyPrefix}[<id>]`),
    idReplacement: true,
    connections: 10,
    duration: seconds,
  };
}

async function orderLoad(server: RunningServer, runs: number, seconds: number): Promise<LoadSummary> {
  const options = orderLoadOptions(server, 'bench-', seconds);
  await loadOnce({ ...options, duration: 2 });
  const list: LoadRun[] = [];
  for (let i = 0; i < runs; i++) list.push(await loadOnce(options));
  return summarise(list);
}

/**
 * The ceiling: single-row INSERTs of a similar row into a copy of the orders table, through the
 * same driver (Drizzle over PGlite or node-postgres), 10 at a time like the server's pool.
 */
export async function rawInserts(
  database: Database,
  runs: number,
  seconds: number,
): Promise<RawInsertResult> {
  await migrate(database);
  await database.withConnection((exec) =>
    exec('DROP TABLE IF EXISTS bench_raw_orders; CREATE TABLE bench_raw_orders (LIKE orders INCLUDING ALL)'),
  );
  const items = JSON.stringify([
    { productId: 'hoodie', name: 'Hoodie', quantity: 50, unitPrice: '114.375', lineTotal: '5718.75' },
  ]);
  let sequence = 0;
  const insertOne = () => {
    sequence += 1;
    const n = sequence;
    return database.db.execute(sql`
      INSERT INTO bench_raw_orders (order_number, invoice_seq, customer_type, customer_name, customer_email, customer_phone,
        customer_organization, customer_org_number, customer_address, delivery_address, country_code, items,
        total_amount, ex_vat_amount, vat_amount, idempotency_key, request_hash, access_token_hash)
      VALUES (${`RAW-${n}`}, ${n}, 'company', 'Anna Andersson', 'anna@example.se', '+46 70 123 45 67', 'Bench AB',
        '556036-0793', 'Storgatan 1, 111 22 Stockholm, Sweden', 'Storgatan 1, 111 22 Stockholm', 'SE', ${items}::jsonb,
        5718.75, 4575.00, 1143.75, ${randomUUID()}, ${'h'.repeat(64)}, ${'t'.repeat(64)})`);
  };
  const rates: number[] = [];
  const p99s: number[] = [];
  for (let run = 0; run < runs + 1; run++) {
    const times: number[] = [];
    const end = performance.now() + (run === 0 ? 1000 : seconds * 1000);
    let count = 0;
    const worker = async () => {
      while (performance.now() < end) {
        const start = performance.now();
        await insertOne();
        times.push(performance.now() - start);
        count += 1;
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: 10 }, worker));
    if (run === 0) continue; // warm-up
    rates.push(count / ((performance.now() - started) / 1000));
    p99s.push(percentile(times, 99));
  }
  return { insertsPerSecond: round(median(rates), 0), p99Ms: round(median(p99s), 2) };
}

/**
 * The outbox's rate with no checkout load: the .eml files (no SMTP_URL) that appear in the data
 * folder over `seconds`, from the backlog the order load left behind (thousands of emails).
 */
async function outboxRate(server: { dataDir: string }, seconds: number): Promise<OutboxRate> {
  const dir = join(server.dataDir, 'outbox');
  const count = () => {
    try {
      return readdirSync(dir).filter((f) => f.endsWith('.eml')).length;
    } catch {
      return 0;
    }
  };
  const before = count();
  const started = performance.now();
  await sleep(seconds * 1000);
  const sent = count() - before;
  const elapsed = (performance.now() - started) / 1000;
  return {
    emailsPerSecond: round(sent / elapsed, 1),
    pdfsPerSecond: round(sent / 2 / elapsed, 1),
    sentBefore: before,
  };
}

function result(
  kind: 'pglite' | 'postgres',
  build: 'this' | 'baseline',
  orders: LoadSummary,
  outbox: OutboxRate,
  raw: RawInsertResult,
): OrderDatabaseResult {
  const floor = kind === 'pglite' ? orderBudgets.pglite : orderBudgets.postgres;
  return {
    database: kind,
    build,
    orders,
    outbox,
    raw,
    ratio: round(orders.requestsPerSecond / raw.insertsPerSecond, 2),
    budgetOk:
      orders.requestsPerSecond >= floor &&
      orders.p99Ms < orderBudgets.p99Ms &&
      orders.non2xx === 0 &&
      orders.errors === 0,
  };
}

/** Places orders on one server (this build or the baseline's), then measures its outbox. */
async function ordersOn(
  start: () => Promise<RunningServer & { dataDir: string }>,
  runs: number,
  seconds: number,
  postgresUrl?: string,
): Promise<{ orders: LoadSummary; outbox: OutboxRate } | { skipped: string }> {
  await settle(postgresUrl);
  const server = await start();
  try {
    const answer = await probe(server);
    if (answer.status === 404) return { skipped: 'skipped: POST /api/orders not available' };
    if (answer.status !== 201) throw new Error(`POST /api/orders answered ${answer.status}: ${answer.text}`);
    const orders = await orderLoad(server, runs, seconds);
    return { orders, outbox: await outboxRate(server, seconds) };
  } finally {
    await server.stop();
  }
}

/**
 * Lets the disk settle before a build is measured: the build before it wrote thousands of orders
 * with their stored PDFs, and PostgreSQL's checkpoint and the kernel's write-back of that would
 * otherwise land in the next build's run (the second build measured up to a third slower than
 * alone, same code). A checkpoint on PostgreSQL, then sync(1), then a moment of quiet.
 */
async function settle(postgresUrl: string | undefined): Promise<void> {
  if (postgresUrl) {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query('CHECKPOINT');
    } finally {
      await client.end();
    }
  }
  spawnSync('sync');
  await sleep(2000);
}

export async function runOrders(options: {
  postgresUrl: string | undefined;
  runs: number;
  seconds: number;
  /** Another checkout of the shop, built (npm run build there): measured the same way, same run. */
  baselineDir?: string | undefined;
}): Promise<OrdersResult> {
  const notes: string[] = [];
  const results: OrderDatabaseResult[] = [];
  const builds: { build: 'this' | 'baseline'; cwd?: string }[] = [
    ...(options.baselineDir ? [{ build: 'baseline' as const, cwd: options.baselineDir }] : []),
    { build: 'this' },
  ];
  if (options.baselineDir)
    notes.push(`baseline: the build in ${options.baselineDir}, measured before this one`);

  // PGlite: each server on its own on-disk database; the raw rate on another one in this process.
  const pglite: { build: 'this' | 'baseline'; orders: LoadSummary; outbox: OutboxRate }[] = [];
  for (const { build, cwd } of builds) {
    const measured = await ordersOn(() => startShopServer(cwd ? { cwd } : {}), options.runs, options.seconds);
    if ('skipped' in measured) return measured;
    pglite.push({ build, ...measured });
  }
  await settle(undefined);
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-raw-'));
  const database = await openPglite(dir);
  try {
    const raw = await rawInserts(database, options.runs, options.seconds);
    for (const m of pglite) results.push(result('pglite', m.build, m.orders, m.outbox, raw));
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }

  if (!options.postgresUrl) {
    notes.push('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    return { results, notes };
  }
  const postgres: { build: 'this' | 'baseline'; orders: LoadSummary; outbox: OutboxRate }[] = [];
  for (const { build, cwd } of builds) {
    const fresh = await createDatabase(options.postgresUrl, 'orders');
    try {
      const measured = await ordersOn(
        () => startShopServer({ databaseUrl: fresh.url, ...(cwd ? { cwd } : {}) }),
        options.runs,
        options.seconds,
        options.postgresUrl,
      );
      if ('skipped' in measured) return measured;
      postgres.push({ build, ...measured });
    } finally {
      await fresh.drop();
    }
  }
  await settle(options.postgresUrl);
  const fresh = await createDatabase(options.postgresUrl, 'orders');
  try {
    const database = await openPostgres(fresh.url);
    try {
      const raw = await rawInserts(database, options.runs, options.seconds);
      for (const m of postgres) results.push(result('postgres', m.build, m.orders, m.outbox, raw));
    } finally {
      await database.close();
    }
  } finally {
    await fresh.drop();
  }
  return { results, notes };
}
