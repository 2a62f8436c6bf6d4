// node --import tsx bench/backlog.ts [orders=1000] [--seconds=5] [--exports=1]
// (BENCH_BASELINE_DIR=<a built checkout>[,<another>...] adds them, each on a database of its own)
// Requests while the outbox works off a backlog (docs/performance.md, round 4): orders are placed
// through POST /api/orders as fast as the shop takes them, each leaving its buyer's confirmation
// (with the invoice PDF, rendered then) and the shop's notice in the outbox. While those are worked
// off, a buyer's reads (the product page and the catalogue, one at a time) and the owner's orders
// CSV are measured, and the same reads before any order (an idle outbox). PostgreSQL; each build on
// a fresh database. (Waiting for the backlog to empty is left out: on a loaded machine the outbox,
// at nice 10 and yielding to requests, takes many minutes for a few hundred PDFs, as it should.)
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { login } from './admin';
import { loadOnce, type LoadRun } from './lib/load';
import { benchDatabaseUrl, createDatabase } from './lib/postgres';
import { startShopServer, type RunningServer } from './lib/server';
import { median, round } from './lib/stats';
import { orderLoadOptions } from './orders';

const args = process.argv.slice(2);
const orders = Number(args.find((a) => /^\d+$/.test(a)) ?? 1_000);
const seconds = Number(args.find((a) => a.startsWith('--seconds='))?.slice('--seconds='.length) ?? 5);
const exports = Number(args.find((a) => a.startsWith('--exports='))?.slice('--exports='.length) ?? 1);
const baselineDirs = (process.env.BENCH_BASELINE_DIR ?? '').split(',').filter(Boolean);
const log = (message: string) => process.stderr.write(`[backlog] ${message}\n`);

interface Phase {
  /** Emails written during the phase, per second. */
  emailsPerSecond: number;
  page: LoadRun;
  catalogue: LoadRun;
  /** The orders CSV (none before the orders are placed). */
  exportRowsPerSecond?: number;
}

const emailsWritten = (server: { dataDir: string }) => {
  try {
    return readdirSync(join(server.dataDir, 'outbox')).filter((f) => f.endsWith('.eml')).length;
  } catch {
    return 0;
  }
};

async function exportRate(server: RunningServer, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/admin/orders.csv`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`orders.csv answered ${response.status}`);
  const text = await response.text();
  const rows = text.split('\r\n').length - 2; // the header, and the empty text after the last CRLF
  return Math.round(rows / ((performance.now() - started) / 1000));
}

async function phase(server: RunningServer & { dataDir: string }, cookie?: string): Promise<Phase> {
  const before = emailsWritten(server);
  const started = performance.now();
  const read = (path: string) => loadOnce({ url: server.url + path, connections: 1, duration: seconds });
  const page = await read('/products/hoodie');
  const catalogue = await read('/api/products');
  // The median of `exports` downloads: one figure on a shared machine says little.
  const rates: number[] = [];
  if (cookie) for (let i = 0; i < exports; i++) rates.push(await exportRate(server, cookie));
  const exportRowsPerSecond = cookie ? median(rates) : undefined;
  const elapsed = (performance.now() - started) / 1000;
  return {
    emailsPerSecond: round((emailsWritten(server) - before) / elapsed, 1),
    page,
    catalogue,
    ...(exportRowsPerSecond === undefined ? {} : { exportRowsPerSecond }),
  };
}

async function measure(build: string, cwd: string | undefined, serverUrl: string) {
  const fresh = await createDatabase(serverUrl, 'backlog');
  try {
    const server = await startShopServer({ databaseUrl: fresh.url, ...(cwd ? { cwd } : {}) });
    try {
      const cookie = await login(server);
      // A first pass warms the server (its first page renders compile and fill caches); not counted.
      await phase(server);
      log(`${build}: reads with an idle outbox`);
      const idle = await phase(server);
      log(`${build}: placing ${orders} orders`);
      const placed = await loadOnce({ ...orderLoadOptions(server, `backlog-${build}-`, 60), amount: orders });
      if (placed.non2xx > 0 || placed.errors > 0)
        throw new Error(`${build}: ${placed.non2xx} orders refused`);
      log(`${build}: ${emailsWritten(server)} of ${2 * orders} emails written; measuring beside the backlog`);
      const busy = await phase(server, cookie);
      const left = 2 * orders - emailsWritten(server);
      return { build, placedPerSecond: placed.requestsPerSecond, emailsLeftAfterBusy: left, idle, busy };
    } finally {
      await server.stop();
    }
  } finally {
    await fresh.drop();
  }
}

if (!benchDatabaseUrl) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL');
const results = [];
for (const [i, dir] of baselineDirs.entries())
  results.push(
    await measure(baselineDirs.length > 1 ? `baseline-${i + 1}` : 'baseline', dir, benchDatabaseUrl),
  );
results.push(await measure('this', undefined, benchDatabaseUrl));

const row = (label: string, p: Phase) =>
  `    ${label.padEnd(20)} page ${String(p.page.p95Ms).padStart(7)} ms p95, ${String(p.page.p99Ms).padStart(7)} ms p99 · ` +
  `catalogue ${String(p.catalogue.p95Ms).padStart(7)} ms p95 · export ${(p.exportRowsPerSecond?.toLocaleString('en') ?? '-').padStart(7)} rows/s · ` +
  `outbox ${p.emailsPerSecond} emails/s`;
process.stdout.write(
  `\nRequests beside the outbox's backlog of ${orders} orders (${2 * orders} emails), PostgreSQL, ${seconds} s per read:\n`,
);
for (const r of results) {
  process.stdout.write(
    `  ${r.build} build (orders placed at ${r.placedPerSecond}/s, ${r.emailsLeftAfterBusy} emails left after the busy phase)\n`,
  );
  process.stdout.write(`${row('outbox idle', r.idle)}\n${row('beside the backlog', r.busy)}\n`);
}
process.stdout.write(`${JSON.stringify(results)}\n`);
