// node --import tsx bench/count-statements.ts [--postgres] [--seconds=5]
// The production server (npm run build first) with every SQL statement counted (a preload that wraps
// PGlite's and node-postgres's query methods) while autocannon places orders as the orders bench
// does, then idle for as long again so the outbox sends their emails: statements per order, by text.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadOnce } from './lib/load';
import { benchDatabaseUrl, createDatabase } from './lib/postgres';
import { benchAdminPin, startProcess } from './lib/server';
import { orderLoadOptions } from './orders';
import { productionSettings } from '@tests/helpers/production-settings';

const args = process.argv.slice(2);
const seconds = Number(args.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 5);
const postgres = args.includes('--postgres');
const dir = mkdtempSync(join(tmpdir(), 'shop-count-'));
// In dist/ so that its bare imports resolve to the server's own copies of the drivers.
const preload = resolve('dist/count-statements-preload.mjs');
const countFile = join(dir, 'counts.json');
writeFileSync(
  preload,
  `import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
const counts = new Map();
const times = new Map();
const label = (q) => String(typeof q === 'object' && q ? (q.text ?? '') : q).replace(/\\s+/g, ' ').trim().slice(0, 100);
const note = (text) => counts.set(text, (counts.get(text) ?? 0) + 1);
const { PGlite } = await import('@electric-sql/pglite');
// PGlite runs statements one at a time in arrival order: each is labelled when its turn comes, and
// the time inside the WASM database (execProtocolRawSync) is added to its label.
const pending = [];
let current = '(other)';
for (const name of ['query', 'exec', 'transaction']) {
  const original = PGlite.prototype[name];
  PGlite.prototype[name] = function (q, ...rest) {
    const text = name === 'transaction' ? 'BEGIN … COMMIT (a transaction)' : label(q);
    note(text);
    pending.push(text);
    return original.call(this, q, ...rest);
  };
}
const exclusive = PGlite.prototype._runExclusiveTransaction;
PGlite.prototype._runExclusiveTransaction = function (fn) {
  return exclusive.call(this, async () => {
    current = pending.shift() ?? '(other)';
    try { return await fn(); } finally { current = '(other)'; }
  });
};
const raw = PGlite.prototype.execProtocolRawSync;
PGlite.prototype.execProtocolRawSync = function (...a) {
  const started = performance.now();
  try { return raw.apply(this, a); } finally { times.set(current, (times.get(current) ?? 0) + performance.now() - started); }
};
const pg = (await import('pg')).default;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (q, ...rest) { note(label(q)); return query.call(this, q, ...rest); };
// Worker threads (documents) load this too: only the main thread writes the file.
if (isMainThread) setInterval(() => writeFileSync(${JSON.stringify(countFile)}, JSON.stringify([...counts].map(([t, n]) => [t, n, times.get(t) ?? 0]))), 500).unref();
`,
);
const fresh = postgres && benchDatabaseUrl ? await createDatabase(benchDatabaseUrl, 'count') : undefined;
const server = await startProcess(
  ['--import', preload, 'dist/server/main.js'],
  {
    // NODE_ENV=production refuses the demo seller: a real-looking one (tests/helpers).
    ...productionSettings,
    LOG_LEVEL: 'warn',
    RATES_URL: '',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-count-data-')),
    DATABASE_URL: fresh?.url ?? '',
    ADMIN_PIN: benchAdminPin,
    SHUTDOWN_DRAIN_SECONDS: '0',
    ORDERS_PER_CLIENT_PER_HOUR: '1000000000',
    ORDERS_PER_EMAIL_PER_HOUR: '1000000000',
  },
  '/api/products',
);
await sleep(1000);
type Row = [string, number, number];
const before = new Map((JSON.parse(readFileSync(countFile, 'utf8')) as Row[]).map((r) => [r[0], r]));
const run = await loadOnce(orderLoadOptions(server, `count-${randomUUID()}-`, seconds));
await sleep(seconds * 1000);
await sleep(600);
const after = JSON.parse(readFileSync(countFile, 'utf8')) as Row[];
await server.stop();
await fresh?.drop();
const placed = run.statusCodes['201'] ?? 0;
const rows = after
  .map(
    ([text, n, ms]) => [text, n - (before.get(text)?.[1] ?? 0), ms - (before.get(text)?.[2] ?? 0)] as const,
  )
  .filter(([, n]) => n > 0)
  .sort((a, b) => b[2] - a[2] || b[1] - a[1]);
const total = rows.reduce((sum, [, n]) => sum + n, 0);
const totalMs = rows.reduce((sum, [, , ms]) => sum + ms, 0);
console.log(
  `${placed} orders (${run.requestsPerSecond}/s, p99 ${run.p99Ms} ms); ${total} statements, ${(total / placed).toFixed(2)} per order` +
    (totalMs > 0 ? `; ${(totalMs / placed).toFixed(2)} ms of PGlite per order` : ''),
);
console.log('per order  count  PGlite ms/order  statement');
for (const [text, n, ms] of rows)
  console.log(
    `${(n / placed).toFixed(3).padStart(8)}  ${n.toString().padStart(6)}  ${(ms / placed).toFixed(3).padStart(8)}  ${text}`,
  );
