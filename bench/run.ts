// npm run bench [-- --only=bundle,lighthouse,api,orders,admin] [--quick] [--no-build]
// BENCH_BASELINE_DIR=<another checkout, built> adds its orders figures to the same run (before/after).
// BENCH_ADMIN_DATABASE_URL=<a PostgreSQL database> keeps the admin section's seed: seeded on the first
// run, reused (orders counted) on later ones; --admin-postgres-only leaves PGlite out of that section.
// Builds the app, measures it against the budgets of DESIGN.md §4, prints a table and writes
// bench/results.json. Everything runs on this machine (loopback only) and stops by itself.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { adminBudget, runAdmin, type AdminResult } from './admin';
import { apiBudget, runApiLoad, runLogCost, type ApiResult, type LogCostResult } from './api';
import { budgets as bundleBudgets, measureBundles, type BundleResult } from './bundle';
import { firstVisitBudgetKb, measureFirstVisits, type FirstVisit } from './first-visit';
import { mark, table } from './lib/table';
import { benchDatabaseUrl } from './lib/postgres';
import { startShopServer } from './lib/server';
import { lighthouseBudgets, runLighthouse, type LighthouseScores } from './lighthouse';
import { orderBudgets, runOrders, type OrdersResult } from './orders';

const sections = ['bundle', 'lighthouse', 'api', 'orders', 'admin'] as const;
type Section = (typeof sections)[number];

const args = process.argv.slice(2);
const onlyArg = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const only = new Set<Section>(onlyArg ? (onlyArg.split(',') as Section[]) : sections);
const quick = args.includes('--quick');
const build = !args.includes('--no-build');
const runs = quick ? 1 : 3;

interface Results {
  startedAt: string;
  durationSeconds?: number;
  machine: { cpus: number; node: string };
  bundle?: BundleResult | { error: string };
  firstVisit?: FirstVisit[] | { error: string };
  lighthouse?: LighthouseScores[] | { error: string };
  api?: ApiResult | { error: string };
  logCost?: LogCostResult | { error: string };
  orders?: OrdersResult | { error: string };
  admin?: AdminResult | { error: string };
}

const startedAt = Date.now();
const results: Results = {
  startedAt: new Date(startedAt).toISOString(),
  machine: { cpus: (await import('node:os')).availableParallelism(), node: process.version },
};
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const errorOf = (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) });
let failed = false;

async function section<T>(name: Section, work: () => Promise<T>): Promise<T | { error: string } | undefined> {
  if (!only.has(name)) return undefined;
  const started = Date.now();
  log(`${name}…`);
  try {
    const value = await work();
    log(`${name} done in ${Math.round((Date.now() - started) / 1000)} s`);
    return value;
  } catch (error) {
    failed = true;
    log(`${name} failed: ${errorOf(error).error}`);
    return errorOf(error);
  }
}

if (build) {
  log('building (npm run build)…');
  const built = spawnSync('npm', ['run', 'build'], { encoding: 'utf8', shell: false });
  if (built.status !== 0) {
    process.stderr.write(built.stdout + built.stderr);
    throw new Error('npm run build failed');
  }
}

results.bundle = await section('bundle', () => Promise.resolve(measureBundles(resolve('dist/client'))));

if (only.has('bundle') || only.has('lighthouse') || only.has('api')) {
  const shop = await startShopServer();
  try {
    results.firstVisit = await section('bundle', () =>
      measureFirstVisits(shop.url, ['/', '/products', '/products/hoodie', '/cart']),
    );
    results.lighthouse = await section('lighthouse', () => runLighthouse(shop.url, runs));
    results.api = await section('api', () => runApiLoad(shop, quick ? 2 : 5, quick ? 3 : 5));
  } finally {
    await shop.stop();
  }
}
results.logCost = await section('api', () =>
  runLogCost((env) => startShopServer({ env }), quick ? 2 : 5, quick ? 3 : 5),
);

results.orders = await section('orders', () =>
  runOrders({
    postgresUrl: benchDatabaseUrl,
    runs,
    seconds: quick ? 3 : 5,
    baselineDir: process.env.BENCH_BASELINE_DIR || undefined,
  }),
);
results.admin = await section('admin', () =>
  runAdmin({
    postgresUrl: benchDatabaseUrl,
    keptPostgresUrl: process.env.BENCH_ADMIN_DATABASE_URL || undefined,
    postgresOnly: args.includes('--admin-postgres-only'),
    runs,
    seconds: quick ? 3 : 5,
    ...(quick ? { orders: { PostgreSQL: 100_000, PGlite: 20_000 } } : {}),
  }),
);

results.durationSeconds = Math.round((Date.now() - startedAt) / 1000);
writeFileSync(resolve('bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);

// ---- Report ----
const out: string[] = [];
const isError = (value: unknown): value is { error: string } =>
  typeof value === 'object' && value !== null && 'error' in value;
const heading = (title: string) => out.push('', title);

if (results.bundle) {
  heading(`First-load size, gzip (budget: / ≤ ${bundleBudgets.homeJsGzipKb} KB JS)`);
  if (isError(results.bundle)) out.push(`  error: ${results.bundle.error}`);
  else {
    out.push(
      table([
        ['route', 'JS KB', 'CSS KB', 'notes'],
        ...results.bundle.routes.map((r) => [
          r.route,
          r.jsGzipKb,
          r.cssGzipKb,
          [
            r.route === '/' ? mark(r.jsGzipKb <= bundleBudgets.homeJsGzipKb) : '',
            r.otherRoutes.length ? `also loads ${r.otherRoutes.join(', ')}` : '',
            r.missing.length ? `missing chunk ${r.missing.join(', ')}` : '',
          ]
            .filter(Boolean)
            .join('; '),
        ]),
      ]),
    );
    if (results.bundle.unassignedLazyChunks.length)
      out.push(
        `  lazy chunks no route names (bench/bundle.ts): ${results.bundle.unassignedLazyChunks.join(', ')}`,
      );
  }
}

if (results.firstVisit) {
  heading(
    `First visit in Chromium, empty cache, until the network is idle: scripts as transferred, bodies plus headers as DevTools counts them (budget: / ≤ ${firstVisitBudgetKb} KB); bodies alone beside them`,
  );
  if (isError(results.firstVisit)) out.push(`  error: ${results.firstVisit.error}`);
  else {
    out.push(
      table([
        ['page', 'scripts', 'JS KB', 'JS bodies KB', 'all KB', 'requests', 'budget'],
        ...results.firstVisit.map((v) => [
          v.path,
          v.scripts,
          v.jsTransferKb,
          v.jsBodyKb,
          v.allTransferKb,
          v.requests,
          v.path === '/' ? mark(v.jsTransferKb <= firstVisitBudgetKb) : '',
        ]),
      ]),
      ...results.firstVisit
        .filter((v) => v.path === '/')
        .map((v) => `  / loads ${v.scriptFiles.map((f) => `${f.file} ${f.kb} KB`).join(', ')}`),
    );
  }
}

if (results.lighthouse) {
  heading(
    `Lighthouse, mobile, median of ${runs} (budget: performance ≥ ${lighthouseBudgets.performance}, accessibility ${lighthouseBudgets.accessibility}, best practices ${lighthouseBudgets.bestPractices})`,
  );
  if (isError(results.lighthouse)) out.push(`  error: ${results.lighthouse.error}`);
  else {
    out.push(
      table([
        [
          'page',
          'lang',
          'perf',
          'a11y',
          'best',
          'FCP ms',
          'LCP ms',
          'TBT ms',
          'CLS',
          'budget',
          'lost points',
        ],
        ...results.lighthouse.map((r) => [
          r.path,
          r.language,
          r.performance,
          r.accessibility,
          r.bestPractices,
          r.metrics.fcp,
          r.metrics.lcp,
          r.metrics.tbt,
          r.metrics.cls,
          mark(r.budgetOk),
          r.failing.join(' '),
        ]),
      ]),
    );
  }
}

if (results.api) {
  heading(
    `GET /api/products vs a bare Node http server with the same bytes (budget: ratio ≥ ${apiBudget.ratio})`,
  );
  if (isError(results.api)) out.push(`  error: ${results.api.error}`);
  else {
    const a = results.api;
    out.push(
      table([
        ['server', 'req/s', 'p99 ms', 'non-2xx', 'errors'],
        ['shop', a.shop.requestsPerSecond, a.shop.p99Ms, a.shop.non2xx, a.shop.errors],
        ['bare http', a.bare.requestsPerSecond, a.bare.p99Ms, a.bare.non2xx, a.bare.errors],
      ]),
      `  ratio ${a.ratio} (${a.bodyBytes} B body, ${a.headerBytes} B headers, medians of ${a.shop.runs.length} runs): ${mark(a.budgetOk)}`,
    );
  }
}

if (results.logCost) {
  heading('Per-request logging: GET /api/products at LOG_LEVEL=info (2 lines a request) vs warn (default)');
  if (isError(results.logCost)) out.push(`  error: ${results.logCost.error}`);
  else {
    const l = results.logCost;
    out.push(
      table([
        ['LOG_LEVEL', 'req/s', 'p99 ms', 'non-2xx', 'errors'],
        ['info', l.info.requestsPerSecond, l.info.p99Ms, l.info.non2xx, l.info.errors],
        ['warn', l.warn.requestsPerSecond, l.warn.p99Ms, l.warn.non2xx, l.warn.errors],
      ]),
      `  logging costs ${l.costPercent} % of throughput (medians of ${l.info.runs.length} runs)`,
    );
  }
}

if (results.orders) {
  heading(
    `POST /api/orders vs raw INSERTs (budget: PGlite ≥ ${orderBudgets.pglite}/s, PostgreSQL ≥ ${orderBudgets.postgres}/s, p99 < ${orderBudgets.p99Ms} ms)`,
  );
  const o = results.orders;
  if (isError(o)) out.push(`  error: ${o.error}`);
  else if ('skipped' in o) out.push(`  ${o.skipped}`);
  else {
    out.push(
      table([
        [
          'database',
          'build',
          'orders/s',
          'p99 ms',
          'non-2xx',
          'raw inserts/s',
          'raw p99 ms',
          'ratio',
          'budget',
          'outbox emails/s',
          'PDFs/s',
        ],
        ...o.results.map((r) => [
          r.database,
          r.build,
          r.orders.requestsPerSecond,
          r.orders.p99Ms,
          r.orders.non2xx + r.orders.errors,
          r.raw.insertsPerSecond,
          r.raw.p99Ms,
          r.ratio,
          mark(r.budgetOk),
          r.outbox.emailsPerSecond,
          r.outbox.pdfsPerSecond,
        ]),
      ]),
      `  outbox: emails with the invoice PDF written per second in the ${quick ? 3 : 5} s after the load, from its backlog (no checkouts meanwhile)`,
    );
    for (const note of o.notes) out.push(`  ${note}`);
  }
}

if (results.admin) {
  heading(
    `Admin at scale (budget: every read p95 < ${adminBudget.p95Ms} ms; CSV export ≥ ${adminBudget.exportRowsPerSecond.toLocaleString('en')} rows/s, memory flat: late peak ≤ early peak + ${adminBudget.exportGrowthMb} MB)`,
  );
  const a = results.admin;
  if (isError(a)) out.push(`  error: ${a.error}`);
  else if ('skipped' in a) out.push(`  ${a.skipped}`);
  else {
    for (const r of a.results) {
      const e = r.export;
      out.push(
        '',
        `  ${r.database}, ${r.orders.toLocaleString('en')} orders (${r.seedSeconds > 0 ? `seeded in ${r.seedSeconds} s` : 'seeded before'})`,
        table([
          ['read', 'p95 ms', 'p99 ms', 'req/s (1 connection)', 'non-2xx', 'budget'],
          ...r.endpoints.map((p) => [
            p.name,
            p.load.p95Ms,
            p.load.p99Ms,
            p.load.requestsPerSecond,
            p.load.non2xx + p.load.errors,
            mark(p.budgetOk),
          ]),
        ]),
        `  CSV export: ${e.rows.toLocaleString('en')} rows (${e.megabytes} MB) in ${e.seconds} s = ${e.rowsPerSecond.toLocaleString('en')} rows/s; server RSS ${e.idleRssMb} MB idle, ${e.peakRssMb} MB peak, late peak ${e.growthMb} MB above early peak: ${mark(e.budgetOk)}`,
      );
    }
    for (const note of a.notes) out.push(`  ${note}`);
  }
}

out.push('', `${results.durationSeconds} s; full figures in bench/results.json`);
process.stdout.write(`${out.join('\n')}\n`);
if (failed) process.exitCode = 1;
