// node --import tsx bench/profile-orders.ts [--postgres] [--seconds=10] [--dir=DIR]
// The production server (npm run build first) under node --cpu-prof while autocannon places orders as
// the orders bench does; prints where its main thread's time went, by area, in percent.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import { loadOnce } from './lib/load';
import { benchDatabaseUrl, createDatabase } from './lib/postgres';
import { benchAdminPin, startProcess } from './lib/server';
import { orderLoadOptions } from './orders';
import { tmpdir } from 'node:os';
import { productionSettings } from '@tests/helpers/production-settings';

const args = process.argv.slice(2);
const seconds = Number(args.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 10);
const dir = resolve(
  args.find((a) => a.startsWith('--dir='))?.slice(6) ?? join(tmpdir(), `shop-prof-${Date.now()}`),
);
const postgres = args.includes('--postgres');
mkdirSync(dir, { recursive: true });
const analyseOnly = args.includes('--analyse');

if (!analyseOnly) await profileRun();

async function profileRun(): Promise<void> {
  const spawnedAt = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-prof-data-'));
  const fresh = postgres && benchDatabaseUrl ? await createDatabase(benchDatabaseUrl, 'profile') : undefined;
  const server = await startProcess(
    ['--cpu-prof', `--cpu-prof-dir=${dir}`, 'dist/server/main.js'],
    {
      // NODE_ENV=production refuses the demo seller: a real-looking one (tests/helpers).
      ...productionSettings,
      LOG_LEVEL: 'warn',
      RATES_URL: '',
      DATA_DIR: dataDir,
      DATABASE_URL: fresh?.url ?? '',
      ADMIN_PIN: benchAdminPin,
      SHUTDOWN_DRAIN_SECONDS: '0',
      ORDERS_PER_CLIENT_PER_HOUR: '1000000000',
      ORDERS_PER_EMAIL_PER_HOUR: '1000000000',
    },
    '/api/products',
  );
  const loadFrom = performance.now() - spawnedAt;
  const run = await loadOnce(orderLoadOptions(server, `prof-${randomUUID()}-`, seconds));
  console.log(
    `orders/s ${run.requestsPerSecond}, p99 ${run.p99Ms} ms, statuses ${JSON.stringify(run.statusCodes)}`,
  );
  const loadTo = performance.now() - spawnedAt;
  const emails = () => {
    try {
      return readdirSync(join(dataDir, 'outbox')).length;
    } catch {
      return 0;
    }
  };
  console.log(`emails written during the load: ${emails()} (${run.requestsPerSecond * seconds * 2} queued)`);
  writeFileSync(join(dir, 'window.json'), JSON.stringify({ fromMs: loadFrom, toMs: loadTo }));
  await server.stop();
  await fresh?.drop();
}

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/** Source files of the bundled server by its source map; packages by their folder under node_modules. */
const maps = new Map<string, SourceMap | null>();
function sourceOf(url: string, line: number, column: number): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] ?? url;
  if (url.startsWith('node:')) return 'node core';
  if (!url.startsWith('file://')) return url || 'native';
  const path = fileURLToPath(url);
  if (!maps.has(path)) {
    try {
      maps.set(path, new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')) as SourceMapPayload));
    } catch {
      maps.set(path, null);
    }
  }
  const entry = maps.get(path)?.findEntry(line, column);
  const original = entry && 'originalSource' in entry ? entry.originalSource : undefined;
  return original ? original.replace(/^.*?\/src\//, 'src/') : path;
}

const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
for (const file of files) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
    nodes: Node[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Only the samples taken while the load ran (the process started about when it was spawned).
  const window = existsSync(join(dir, 'window.json'))
    ? (JSON.parse(readFileSync(join(dir, 'window.json'), 'utf8')) as { fromMs: number; toMs: number })
    : { fromMs: 0, toMs: Infinity };
  const self = new Map<number, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at / 1000 < window.fromMs || at / 1000 > window.toMs) return;
    self.set(id, (self.get(id) ?? 0) + delta);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const where = (n: Node) => sourceOf(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.columnNumber);
  /** What a sample was doing: the outermost recognised caller on its stack, else its own source. */
  const area = (id: number): string => {
    const stack: Node[] = [];
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (n) stack.push(n);
    }
    const sources = stack.map(where);
    if (sources.some((s) => /pdfkit|fontkit|invoice-pdf/.test(s))) return 'invoice PDF rendering (pdfkit)';
    if (sources.some((s) => /nodemailer|email\/transport/.test(s)))
      return 'email: MIME building and .eml writing (nodemailer)';
    if (sources.some((s) => /src\/server\/email\//.test(s)))
      return 'email outbox: its queries and message text';
    const own = stack[0];
    const fn = own?.callFrame.functionName ?? '';
    if (fn === '(idle)') return 'idle';
    if (fn === '(garbage collector)') return 'garbage collection';
    if (fn === '(program)') return '(program)';
    if (fn === 'writev' || fn === 'writeBuffer') return 'socket writes (native)';
    const src = own ? where(own) : '';
    if (src === '@electric-sql/pglite') return 'PGlite (the database, WASM)';
    if (src === 'native' && /wasm/.test(own?.callFrame.url ?? '')) return 'PGlite (the database, WASM)';
    if (/^(pg|pg-protocol|pg-types|pgpass|pg-pool)$/.test(src)) return 'node-postgres driver';
    if (src === 'drizzle-orm') return 'drizzle';
    if (src === 'zod') return 'zod';
    if (/pino|sonic-boom|log/.test(src)) return 'logging';
    if (/fastify|find-my-way|avvio|secure-json-parse|fast-json-stringify|light-my-request|@fastify/.test(src))
      return 'fastify';
    if (src.startsWith('src/')) return `app: ${src}`;
    return src;
  };
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, t] of self) {
    const a = area(id);
    areas.set(a, (areas.get(a) ?? 0) + t);
    const n = byId.get(id);
    if (!n) continue;
    const key = `${n.callFrame.functionName || '(anon)'} ${where(n)}`;
    fns.set(key, (fns.get(key) ?? 0) + t);
  }
  console.log(`\n${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  for (const [a, t] of [...areas].sort((x, y) => y[1] - x[1]).filter(([, t]) => t / total >= 0.003))
    console.log(`  ${((100 * t) / total).toFixed(1).padStart(5)} %  ${a}`);
  console.log('  top functions (self time):');
  for (const [f, t] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, 25))
    console.log(`  ${((100 * t) / total).toFixed(1).padStart(5)} %  ${f}`);
}
